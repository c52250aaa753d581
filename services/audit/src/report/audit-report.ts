import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZE, AuditMessages, instantOf, type AuditReport, type AuditReportBody } from '@cti/contracts';
import { BadRequest } from '@cti/service-kit';

import type { AuditExecutor } from '../db';
import { resolveContains, valueQuery } from '../filters/filter-values';

import { countReportRows, limitStatementTime, reportRows, type ReportFilters } from './repository';

const DAY = 86_400_000;

/** [from, to) of the report; a date (YYYY-MM-DD) as the end bound means the whole day, in UTC. */
function bounds(start: string, end: string): [string, string] {
  // a day that does not exist (2026-02-30) is refused, not moved to another
  const s = instantOf(start);
  const e = instantOf(end);
  if (s === null || e === null) throw new BadRequest(AuditMessages.failure);
  const endExclusive = /^\d{4}-\d{2}-\d{2}$/.test(end) ? e + DAY : e + 1;
  if (endExclusive <= s) throw new BadRequest(AuditMessages.failure);
  return [new Date(s).toISOString(), new Date(endExclusive).toISOString()];
}

const texts = (values: string[] | undefined) => (values ?? []).map((v) => v.trim()).filter(Boolean);

/** Filters as exact column values and one text query; null when some filter matches nothing at all. */
async function resolveFilters(db: AuditExecutor, body: AuditReportBody): Promise<ReportFilters | null> {
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

/** How long counting matches may take before the answer settles for "at least". */
const COUNT_BUDGET_MS = 60;

/**
 * Matches counted up to AUDIT_COUNT_CAP + 1, within COUNT_BUDGET_MS: a count over many
 * rows that only a heap scan can check (description words over a month of a million
 * rows) is cut short rather than holding up the page. Null when it was cut short.
 */
async function countMatches(db: AuditExecutor, from: string, to: string, filters: ReportFilters): Promise<number | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      await limitStatementTime(trx, COUNT_BUDGET_MS);
      return countReportRows(trx, from, to, filters, AUDIT_COUNT_CAP + 1);
    });
  } catch (err) {
    if ((err as { code?: string }).code === '57014') return null; // query_canceled: the budget ran out
    throw err;
  }
}

/**
 * The total a page reports: the count up to the cap, or, when counting was cut short
 * (null), what the page proves: its rows, and one more when it is full.
 */
export function pageTotal(counted: number | null, offset: number, rows: number, pageSize: number): { total: number; capped: boolean } {
  if (counted !== null) return { total: Math.min(counted, AUDIT_COUNT_CAP), capped: counted > AUDIT_COUNT_CAP };
  const lastPage = rows < pageSize && offset < AUDIT_COUNT_CAP;
  return { total: offset + rows + (lastPage ? 0 : 1), capped: !lastPage };
}

/**
 * One page of the audit rows in the date range that match every given filter list
 * (any value of a list), newest first. The total is counted up to AUDIT_COUNT_CAP and
 * within a time budget, so a page costs about the same over a thousand rows or a million;
 * past either the total is a lower bound (TotalCapped).
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
    offset >= AUDIT_COUNT_CAP ? Promise.resolve([]) : reportRows(db, from, to, filters, { direction, limit: pageSize, offset }),
    countMatches(db, from, to, filters),
  ]);

  const { total, capped } = pageTotal(counted, offset, rows.length, pageSize);
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
    Total: total,
    TotalCapped: capped,
    Page: page,
    PageSize: pageSize,
  };
}
