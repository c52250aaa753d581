import { sql } from '@cti/db';
import type { AuditReportBody, AuditRow } from '@cti/contracts';
import { BadRequest } from '@cti/service-kit';
import type { AuditExecutor } from '../db';

const DAY = 86_400_000;
export const REPORT_ROW_LIMIT = 10_000;

/** A date (YYYY-MM-DD) as an end bound means the whole day. */
function bounds(start: string, end: string): [string, string] {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (Number.isNaN(s) || Number.isNaN(e)) throw new BadRequest('A problem occurred! Make sure fields are correct and try again.');
  const endExclusive = /^\d{4}-\d{2}-\d{2}$/.test(end) ? e + DAY : e + 1;
  return [new Date(s).toISOString(), new Date(endExclusive).toISOString()];
}

const containsAny = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean).map((v) => `%${v.replace(/[\\%_]/g, '\\$&')}%`);

/** Audit rows in the date range matching every given filter list (any value of a list), newest first. */
export async function auditReport(db: AuditExecutor, body: AuditReportBody): Promise<AuditRow[]> {
  const [from, to] = bounds(body.start, body.end);
  let query = db
    .selectFrom('auditRows')
    .select(['id', 'action', 'value', 'country', 'name', 'stamp', 'questionId', 'questionnaireId', 'groupId'])
    .where('stamp', '>=', from)
    .where('stamp', '<', to);
  const filters: Array<['action' | 'country' | 'name' | 'value', string[]]> = [
    ['action', containsAny(body.actions)],
    ['country', containsAny(body.countries)],
    ['name', containsAny(body.names)],
    ['value', containsAny(body.values)],
  ];
  for (const [column, patterns] of filters) {
    if (patterns.length) query = query.where((eb) => eb.or(patterns.map((p) => eb(sql.ref(column), 'ilike', p))));
  }
  const rows = await query.orderBy('stamp', 'desc').limit(REPORT_ROW_LIMIT).execute();
  return rows.map((r) => ({
    Id: r.id,
    Action: r.action,
    Value: r.value,
    Country: r.country,
    Name: r.name,
    Stamp: r.stamp,
    QuestionId: r.questionId,
    QuestionnaireId: r.questionnaireId,
    GroupId: r.groupId,
  }));
}
