import { sql, type Kysely } from '@cti/db';

import type { AuditDB, AuditApp } from '../db';

import { GENESIS_HASH } from './chain-hash';

/** Tables rebuilt from the event stream by a replay. */
const REBUILT_TABLES = ['audit_rows', 'audit_filter_values', 'score_facts', 'periods'] as const;
const APPEND_ONLY_TABLES = ['audit_rows'] as const;

/**
 * Asks for a full replay: on its next start the service empties what it built from
 * events and reads the whole stream again. Run with the service stopped, or restart it
 * after (every replica: the replay runs before consumers start).
 */
export async function requestReplay(db: Kysely<AuditDB>): Promise<void> {
  await db
    .updateTable('auditReplayRequest')
    .set({ requestedAt: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

/**
 * Carries out a requested replay before the consumers start: empties the audit tables
 * (the owner lifts the append-only guard for this one statement), resets the chain
 * head and the processed marks, and deletes the durable consumer, which is then
 * recreated delivering the stream from its first event.
 */
export async function applyReplayRequest(app: AuditApp, durable: string): Promise<boolean> {
  const db = app.db;
  return db.transaction().execute(async (trx) => {
    const request = await trx.selectFrom('auditReplayRequest').select('requestedAt').where('id', '=', 1).forUpdate().executeTakeFirst();
    if (!request?.requestedAt) return false;
    for (const table of APPEND_ONLY_TABLES)
      await sql`alter table ${sql.id(table)} disable trigger ${sql.id(`${table}_no_truncate`)}`.execute(trx);
    await sql`truncate ${sql.join(REBUILT_TABLES.map((t) => sql.id(t)))}`.execute(trx);
    for (const table of APPEND_ONLY_TABLES)
      await sql`alter table ${sql.id(table)} enable trigger ${sql.id(`${table}_no_truncate`)}`.execute(trx);
    await trx.updateTable('auditChainHead').set({ lastSeq: 0, lastHash: GENESIS_HASH }).where('id', '=', 1).execute();
    await trx.deleteFrom('processedEvents').where('consumer', '=', durable).execute();
    const { bus } = app.events;
    try {
      await bus.jsm.consumers.delete(bus.subjects.stream, durable);
    } catch (err) {
      // a fresh stream has no consumer yet
      if (!/not found/i.test(err instanceof Error ? err.message : String(err))) throw err;
    }
    await trx.updateTable('auditReplayRequest').set({ requestedAt: null }).where('id', '=', 1).execute();
    app.log.warn({ durable }, 'audit log emptied: replaying the event stream from its first event');
    return true;
  });
}
