import { sql } from '@cti/db';

import type { AuditExecutor } from '../db';

/** Filters as exact column values and one text query (a null list or query: no filter). */
export interface ReportFilters {
  actions: string[] | null;
  countries: string[] | null;
  names: string[] | null;
  /** tsquery text over the description's words. */
  words: string | null;
}

/** The rows stamped in [from, to) that match every filter. */
function filtered(db: AuditExecutor, from: string, to: string, f: ReportFilters) {
  let query = db.selectFrom('auditRows').where('stamp', '>=', from).where('stamp', '<', to);
  if (f.actions) query = query.where('action', 'in', f.actions);
  if (f.countries) query = query.where('country', 'in', f.countries);
  if (f.names) query = query.where('name', 'in', f.names);
  if (f.words) query = query.where(sql<boolean>`value_search @@ ${f.words}::tsquery`);
  return query;
}

/** One page of the matching rows, by stamp then position in the direction given. */
export const reportRows = (
  db: AuditExecutor,
  from: string,
  to: string,
  filters: ReportFilters,
  page: { direction: 'asc' | 'desc'; limit: number; offset: number },
) =>
  filtered(db, from, to, filters)
    .select([
      'seq',
      'id',
      'action',
      'value',
      'country',
      'name',
      'stamp',
      'questionId',
      'questionnaireId',
      'groupId',
      'changeBefore',
      'changeAfter',
    ])
    .orderBy('stamp', page.direction)
    .orderBy('seq', page.direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/** Cancels any statement of the transaction that runs longer than `ms` (Postgres answers 57014, query_canceled). */
export const limitStatementTime = async (trx: AuditExecutor, ms: number) => {
  await sql`set local statement_timeout = ${sql.lit(ms)}`.execute(trx);
};

/** How many rows match, counted up to `upTo`. */
export const countReportRows = async (db: AuditExecutor, from: string, to: string, filters: ReportFilters, upTo: number) =>
  (
    await db
      .selectFrom(
        filtered(db, from, to, filters)
          .select(sql`1`.as('one'))
          .limit(upTo)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;
