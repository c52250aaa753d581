import type { FastifyBaseLogger } from 'fastify';

import type { EventBus } from '@cti/events';
import type { Clock, DataAccess } from '@cti/service-kit';

import type { AuditDB, AuditExecutor } from '../db';

import { emptyRebuiltTables, markReplayRequested, replayRequested } from './repository';

/**
 * Asks for a full replay: on its next start the service empties what it built from
 * events and reads the whole stream again. Run with the service stopped, or restart it
 * after (every replica: the replay runs before consumers start).
 */
export async function requestReplay(db: AuditExecutor, clock: Clock): Promise<void> {
  await markReplayRequested(db, clock.now());
}

/** What a replay touches besides the database: the stream's durable consumer, and the log. */
export interface ReplayDeps extends Pick<DataAccess<AuditDB>, 'inTransaction'> {
  bus: EventBus;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Carries out a requested replay before the consumers start: empties the audit tables,
 * resets the chain head and the processed marks, and deletes the durable consumer, which is
 * then recreated delivering the stream from its first event.
 */
export async function applyReplayRequest(deps: ReplayDeps, durable: string): Promise<boolean> {
  return deps.inTransaction(async (trx) => {
    if (!(await replayRequested(trx))) return false;
    await emptyRebuiltTables(trx, durable);
    const { bus } = deps;
    try {
      await bus.jsm.consumers.delete(bus.subjects.stream, durable);
    } catch (err) {
      // a fresh stream has no consumer yet
      if (!/not found/i.test(err instanceof Error ? err.message : String(err))) throw err;
    }
    deps.log.warn({ durable }, 'audit log emptied: replaying the event stream from its first event');
    return true;
  });
}
