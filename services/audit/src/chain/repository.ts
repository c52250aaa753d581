import type { ChainBreak } from '@cti/contracts';
import { sql, timestampAt, type Insertable } from '@cti/db';

import type { AuditExecutor, AuditRowsTable } from '../db';

import { GENESIS_HASH } from './chain-hash';
import { CHAINED_COLUMNS } from './row-content';

/** Tables rebuilt from the event stream by a replay. */
const REBUILT_TABLES = ['audit_rows', 'audit_filter_values', 'score_facts', 'periods', 'user_emails'] as const;
const APPEND_ONLY_TABLES = ['audit_rows'] as const;

/** Rows per insert statement: 22 parameters a row stays far below Postgres's 65,535 per statement. */
const ROWS_PER_INSERT = 500;

/** The chain head (the last row's position and hash), locked until the transaction ends: appends from every replica take turns on it. */
export const lockChainHead = (trx: AuditExecutor) =>
  trx.selectFrom('auditChainHead').select(['lastSeq', 'lastHash']).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();

/** The chain head as it stands, without a lock. */
export const chainHead = (db: AuditExecutor) =>
  db.selectFrom('auditChainHead').select(['lastSeq', 'lastHash']).where('id', '=', 1).executeTakeFirstOrThrow();

/** Of these event ids, the ones that already have their row. */
export const idsWithRows = (trx: AuditExecutor, ids: readonly string[]) =>
  trx
    .selectFrom('auditRows')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();

/** Inserts rows, in the order given, in statements of at most ROWS_PER_INSERT rows. */
export async function insertAuditRows(trx: AuditExecutor, rows: readonly Insertable<AuditRowsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('auditRows')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

/** Moves the chain head to the last row appended. */
export const moveChainHead = async (trx: AuditExecutor, lastSeq: number, lastHash: Buffer) => {
  await trx.updateTable('auditChainHead').set({ lastSeq, lastHash }).where('id', '=', 1).execute();
};

/** The rows at positions from..to (both included), every column the chain covers, by position. */
export const chainRows = (db: AuditExecutor, from: number, to: number) =>
  db.selectFrom('auditRows').select(CHAINED_COLUMNS).where('seq', '>=', from).where('seq', '<=', to).orderBy('seq').execute();

export const latestCheckRow = (db: AuditExecutor) =>
  db.selectFrom('auditChainChecks').selectAll().orderBy('startedAt', 'desc').limit(1).executeTakeFirst();

/** When the audit log was set up (its first migration): the scheduled checks count from it before the first check. */
export const setUpAt = async (db: AuditExecutor): Promise<string | null> =>
  (await sql<{ t: string | null }>`select min("timestamp") as t from kysely_migration`.execute(db)).rows[0]?.t ?? null;

/** Holds the lock that lets one check start at a time, across replicas, until the transaction ends. */
export const lockCheckStart = async (trx: AuditExecutor) => {
  await sql`select pg_advisory_xact_lock(hashtext('audit_chain_check'))`.execute(trx);
};

export const chainLength = async (db: AuditExecutor) =>
  Number((await db.selectFrom('auditChainHead').select('lastSeq').where('id', '=', 1).executeTakeFirstOrThrow()).lastSeq);

export const insertCheck = (trx: AuditExecutor, startedBy: string, total: number, now: Date) =>
  trx
    .insertInto('auditChainChecks')
    .values({
      startedBy,
      total,
      finishedAt: null,
      valid: null,
      firstBroken: null,
      startedAt: timestampAt(now),
      updatedAt: timestampAt(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

export const recordCheckProgress = async (db: AuditExecutor, checkId: string, checked: number, now: Date) => {
  await db
    .updateTable('auditChainChecks')
    .set({ checked, updatedAt: timestampAt(now) })
    .where('id', '=', checkId)
    .execute();
};

export const finishCheck = async (
  trx: AuditExecutor,
  checkId: string,
  outcome: { valid: boolean | null; firstBroken: ChainBreak | null; checked?: number },
  now: Date,
) => {
  await trx
    .updateTable('auditChainChecks')
    .set({
      ...outcome,
      firstBroken: outcome.firstBroken ? JSON.stringify(outcome.firstBroken) : null,
      finishedAt: timestampAt(now),
      updatedAt: timestampAt(now),
    })
    .where('id', '=', checkId)
    .execute();
};

/** The most rows any other check counted: rows a check counted must still be there. */
export const mostRowsCheckedBefore = async (db: AuditExecutor, checkId: string) =>
  Number(
    (
      await db
        .selectFrom('auditChainChecks')
        .select((eb) => eb.fn.max('total').as('total'))
        .where('id', '!=', checkId)
        .executeTakeFirst()
    )?.total ?? 0,
  );

export const markReplayRequested = async (db: AuditExecutor, now: Date) => {
  await db
    .updateTable('auditReplayRequest')
    .set({ requestedAt: timestampAt(now) })
    .where('id', '=', 1)
    .execute();
};

/** Whether a replay was asked for; locks the request until the transaction ends. */
export const replayRequested = async (trx: AuditExecutor) =>
  !!(await trx.selectFrom('auditReplayRequest').select('requestedAt').where('id', '=', 1).forUpdate().executeTakeFirst())?.requestedAt;

/**
 * Empties what the log built from events (the owner lifts the append-only guard for this one
 * statement), resets the chain head and the consumer's processed marks, and clears the request.
 */
export async function emptyRebuiltTables(trx: AuditExecutor, durable: string): Promise<void> {
  for (const table of APPEND_ONLY_TABLES)
    await sql`alter table ${sql.id(table)} disable trigger ${sql.id(`${table}_no_truncate`)}`.execute(trx);
  await sql`truncate ${sql.join(REBUILT_TABLES.map((t) => sql.id(t)))}`.execute(trx);
  for (const table of APPEND_ONLY_TABLES)
    await sql`alter table ${sql.id(table)} enable trigger ${sql.id(`${table}_no_truncate`)}`.execute(trx);
  await trx.updateTable('auditChainHead').set({ lastSeq: 0, lastHash: GENESIS_HASH }).where('id', '=', 1).execute();
  await trx.deleteFrom('processedEvents').where('consumer', '=', durable).execute();
  await trx.updateTable('auditReplayRequest').set({ requestedAt: null }).where('id', '=', 1).execute();
}
