import { sql } from '@cti/db';
import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZE, AuditMessages, type AuditReport, type AuditReportBody } from '@cti/contracts';
import { BadRequest } from '@cti/service-kit';
import type { AuditExecutor } from '../db';
import { resolveContains, valueQuery } from '../filters/filter-values';

const DAY = 86_400_000;

/** [from, to) of the report; a date (YYYY-MM-DD) as the end bound means the whole day, in UTC. */
function bounds(start: string, end: string): [string, string] {
  const s = Date.parse(start);
  const e = Date.parse(end);
  if (Number.isNaN(s) || Number.isNaN(e)) throw new BadRequest(AuditMessages.failure);
  const endExclusive = /^\d{4}-\d{2}-\d{2}$/.test(end) ? e + DAY : e + 1;
  if (endExclusive <= s) throw new BadRequest(AuditMessages.failure);
  return [new Date(s).toISOString(), new Date(endExclusive).toISOString()];
}

const texts = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);

/** Filters as exact column values and one text query; null when some filter matches nothing at all. */
interface ResolvedFilters {
  actions: string[] | null;
  countries: string[] | null;
  names: string[] | null;
  /** tsquery text over the description's words. */
  words: string | null;
}

async function resolveFilters(db: AuditExecutor, body: AuditReportBody): Promise<ResolvedFilters | null> {
  const [actions, countries, names, words] = await Promise.all([
    resolveContains(db, 'Action', texts(body.actions)),
    resolveContains(db, 'Country', texts(body.countries)),
    resolveContains(db, 'Name', texts(body.names)),
    valueQuery(db, texts(body.values)),
  ]);
  for (const list of [actions, countries, names]) if (list && list.length === 0) return null;
  if (words === '') return null;
  return { actions, countries, names, words };
}

function filtered(db: AuditExecutor, from: string, to: string, f: ResolvedFilters) {
  let query = db.selectFrom('auditRows').where('stamp', '>=', from).where('stamp', '<', to);
  if (f.actions) query = query.where('action', 'in', f.actions);
  if (f.countries) query = query.where('country', 'in', f.countries);
  if (f.names) query = query.where('name', 'in', f.names);
  if (f.words) query = query.where(sql<boolean>`value_search @@ ${f.words}::tsquery`);
  return query;
}

/**
 * One page of the audit rows in the date range that match every given filter list
 * (any value of a list), newest first. The total is counted up to AUDIT_COUNT_CAP so a
 * page costs the same over a thousand rows or a million.
 */
export async function auditReport(db: AuditExecutor, body: AuditReportBody): Promise<AuditReport> {
  const [from, to] = bounds(body.start, body.end);
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? AUDIT_PAGE_SIZE;
  const offset = (page - 1) * pageSize;
  const empty: AuditReport = { Rows: [], Total: 0, TotalCapped: false, Page: page, PageSize: pageSize };

  const filters = await resolveFilters(db, body);
  if (!filters) return empty;
  const direction = body.sort === 'asc' ? 'asc' : 'desc';

  const [rows, counted] = await Promise.all([
    offset >= AUDIT_COUNT_CAP
      ? Promise.resolve([])
      : filtered(db, from, to, filters)
          .select(['seq', 'id', 'action', 'value', 'country', 'name', 'stamp', 'questionId', 'questionnaireId', 'groupId', 'changeBefore', 'changeAfter'])
          .orderBy('stamp', direction)
          .orderBy('seq', direction)
          .limit(pageSize)
          .offset(offset)
          .execute(),
    db
      .selectFrom(filtered(db, from, to, filters).select(sql`1`.as('one')).limit(AUDIT_COUNT_CAP + 1).as('m'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);

  const capped = counted.n > AUDIT_COUNT_CAP;
  return {
    Rows: rows.map((r) => ({
      Id: r.id,
      Seq: Number(r.seq),
      Action: r.action,
      Value: r.value,
      Country: r.country,
      Name: r.name,
      Stamp: r.stamp,
      QuestionId: r.questionId,
      QuestionnaireId: r.questionnaireId,
      GroupId: r.groupId,
      Before: r.changeBefore,
      After: r.changeAfter,
    })),
    Total: capped ? AUDIT_COUNT_CAP : counted.n,
    TotalCapped: capped,
    Page: page,
    PageSize: pageSize,
  };
}
