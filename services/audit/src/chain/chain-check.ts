import type { AuditChainCheck, ChainBreak } from '@cti/contracts';
import type { FastifyBaseLogger } from 'fastify';

import { appendToOutbox, type DataAccess } from '@cti/service-kit';

import type { AuditChainChecksTable, AuditDB, AuditExecutor } from '../db';

import {
  chainLength,
  finishCheck,
  insertCheck,
  latestCheckRow,
  lockCheckStart,
  mostRowsCheckedBefore,
  recordCheckProgress,
  setUpAt,
} from './repository';
import { verifyChain } from './verify-chain';

/** Who the scheduled checks are started by (the audit page shows it). */
export const SCHEDULED_BY = 'System (scheduled check)';

/** A running check that has not moved for this long was left by a process that stopped. */
const STALE_AFTER_SECONDS = 30;

type CheckRow = Omit<AuditChainChecksTable, 'id' | 'startedAt' | 'updatedAt' | 'checked'> & {
  id: string;
  startedAt: string;
  updatedAt: string;
  checked: number;
};

/** What the checks use: the service's data access and clock, and a log for a check that stopped early. */
export interface ChainCheckDeps extends DataAccess<AuditDB> {
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const isStale = (row: CheckRow, now: Date) => now.getTime() - Date.parse(row.updatedAt) > STALE_AFTER_SECONDS * 1000;

/** A check as the audit page shows it; one that has not moved for a while is reported Interrupted. */
export function checkStatus(row: CheckRow, now: Date): AuditChainCheck {
  const state = row.finishedAt ? (row.valid === null ? 'Interrupted' : 'Done') : isStale(row, now) ? 'Interrupted' : 'Running';
  return {
    Id: row.id,
    State: state,
    StartedBy: row.startedBy,
    StartedAt: row.startedAt,
    FinishedAt: row.finishedAt,
    Total: Number(row.total),
    Checked: Number(row.checked),
    Valid: row.valid,
    FirstBroken: (row.firstBroken as ChainBreak | null) ?? null,
  };
}

export async function latestCheck(db: AuditExecutor, now: Date): Promise<AuditChainCheck | null> {
  const row = await latestCheckRow(db);
  return row ? checkStatus(row, now) : null;
}

/**
 * Runs chain checks in the background of this process, with their progress in the
 * database so that any replica can answer how far a check is. Closing the app stops a
 * running check (it then reads Interrupted).
 */
export class ChainChecks {
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly deps: ChainCheckDeps,
    private readonly key: string,
  ) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** Starts a check, or answers the one running (on any replica). */
  async start(startedBy: string): Promise<AuditChainCheck> {
    return (await this.startUnless(startedBy, () => false))!;
  }

  /**
   * The scheduled check: starts one unless a check began within the last `everyMs`
   * (on any replica), so the replicas together check once per period. Null when not due.
   */
  async startIfDue(everyMs: number): Promise<AuditChainCheck | null> {
    const now = this.now();
    // before the first check, the period counts from when the audit log was set up
    const since = async (last: CheckRow | undefined) =>
      Date.parse(last ? last.startedAt : ((await setUpAt(this.deps.db)) ?? now.toISOString()));
    return this.startUnless(SCHEDULED_BY, async (last) => now.getTime() - (await since(last)) < everyMs);
  }

  private async startUnless(
    startedBy: string,
    notDue: (last: CheckRow | undefined) => boolean | Promise<boolean>,
  ): Promise<AuditChainCheck | null> {
    const now = this.now();
    const { row, fresh } = await this.deps.inTransaction(async (trx) => {
      await lockCheckStart(trx);
      const last = await latestCheckRow(trx);
      if (last && !last.finishedAt && !isStale(last, now)) return { row: last, fresh: false };
      if (await notDue(last)) return { row: null, fresh: false };
      return { row: await insertCheck(trx, startedBy, await chainLength(trx), now), fresh: true };
    });
    if (!row) return null;
    if (fresh) {
      this.running = this.run(row).finally(() => {
        this.running = null;
      });
    }
    return checkStatus(row, now);
  }

  private async run(check: CheckRow): Promise<void> {
    const { db } = this.deps;
    // the outcome, and a break's event, in one transaction: the event leaves once the outcome is stored
    const finish = (outcome: { valid: boolean | null; firstBroken: ChainBreak | null; checked?: number }) =>
      this.deps.inTransaction(async (trx) => {
        await finishCheck(trx, check.id, outcome, this.now());
        const b = outcome.firstBroken;
        if (outcome.valid === false && b) {
          await appendToOutbox(trx, {
            type: 'evt.audit.chain.broken',
            actor: null,
            data: {
              checkId: check.id,
              seq: b.Seq,
              rowId: b.Id,
              action: b.Action,
              stamp: b.Stamp,
              reason: b.Reason,
              checked: outcome.checked ?? 0,
              total: Number(check.total),
              startedBy: check.startedBy,
            },
          });
        }
      });
    try {
      // rows counted by an earlier check must still be there, even if the head was rewound with them
      if ((await mostRowsCheckedBefore(db, check.id)) > Number(check.total)) {
        await finish({
          valid: false,
          firstBroken: { Seq: Number(check.total) + 1, Id: null, Action: null, Stamp: null, Reason: 'truncated' },
          checked: 0,
        });
        return;
      }
      const verdict = await verifyChain(db, this.key, {
        upTo: Number(check.total),
        onProgress: async (checked) => {
          if (this.stopping) throw new Error('the service is stopping');
          await recordCheckProgress(db, check.id, checked, this.now());
        },
      });
      await finish({ valid: verdict.Valid, firstBroken: verdict.FirstBroken, checked: verdict.Checked });
    } catch (err) {
      this.deps.log.warn({ err, check: check.id }, 'audit chain check stopped before the end');
      await finish({ valid: null, firstBroken: null }).catch(() => undefined);
    }
  }

  /** Stops a running check and waits for it to record that it stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
