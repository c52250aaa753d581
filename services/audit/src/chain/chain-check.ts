import type { AuditChainCheck, ChainBreak } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { AuditChainChecksTable, AuditExecutor, AuditApp } from '../db';

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

const isStale = (row: CheckRow) => Date.now() - Date.parse(row.updatedAt) > STALE_AFTER_SECONDS * 1000;

export function checkStatus(row: CheckRow): AuditChainCheck {
  const state = row.finishedAt ? (row.valid === null ? 'Interrupted' : 'Done') : isStale(row) ? 'Interrupted' : 'Running';
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

export async function latestCheck(db: AuditExecutor): Promise<AuditChainCheck | null> {
  const row = await db.selectFrom('auditChainChecks').selectAll().orderBy('startedAt', 'desc').limit(1).executeTakeFirst();
  return row ? checkStatus(row) : null;
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
    private readonly app: AuditApp,
    private readonly key: string,
  ) {}

  /** Starts a check, or answers the one running (on any replica). */
  async start(startedBy: string): Promise<AuditChainCheck> {
    return (await this.startUnless(startedBy, () => false))!;
  }

  /**
   * The scheduled check: starts one unless a check began within the last `everyMs`
   * (on any replica), so the replicas together check once per period. Null when not due.
   */
  async startIfDue(everyMs: number): Promise<AuditChainCheck | null> {
    // before the first check, the period counts from when the audit log was set up (its first migration)
    const since = async (last: CheckRow | undefined) =>
      last
        ? Date.parse(last.startedAt)
        : Date.parse(
            (await sql<{ t: string | null }>`select min("timestamp") as t from kysely_migration`.execute(this.app.db)).rows[0]?.t ??
              new Date().toISOString(),
          );
    return this.startUnless(SCHEDULED_BY, async (last) => Date.now() - (await since(last)) < everyMs);
  }

  private async startUnless(
    startedBy: string,
    notDue: (last: CheckRow | undefined) => boolean | Promise<boolean>,
  ): Promise<AuditChainCheck | null> {
    const db = this.app.db;
    const { row, fresh } = await db.transaction().execute(async (trx) => {
      // one start at a time across replicas
      await sql`select pg_advisory_xact_lock(hashtext('audit_chain_check'))`.execute(trx);
      const last = await trx.selectFrom('auditChainChecks').selectAll().orderBy('startedAt', 'desc').limit(1).executeTakeFirst();
      if (last && !last.finishedAt && !isStale(last)) return { row: last, fresh: false };
      if (await notDue(last)) return { row: null, fresh: false };
      const head = await trx.selectFrom('auditChainHead').select('lastSeq').where('id', '=', 1).executeTakeFirstOrThrow();
      const created = await trx
        .insertInto('auditChainChecks')
        .values({ startedBy, total: Number(head.lastSeq), finishedAt: null, valid: null, firstBroken: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: created, fresh: true };
    });
    if (!row) return null;
    if (fresh) {
      this.running = this.run(row).finally(() => {
        this.running = null;
      });
    }
    return checkStatus(row);
  }

  private async run(check: CheckRow): Promise<void> {
    const db = this.app.db;
    // the outcome, and a break's event, in one transaction: the event leaves once the outcome is stored
    const finish = (set: { valid: boolean | null; firstBroken: ChainBreak | null; checked?: number }) =>
      this.app.inTransaction(async (trx: AuditExecutor) => {
        await trx
          .updateTable('auditChainChecks')
          .set({
            ...set,
            firstBroken: set.firstBroken ? JSON.stringify(set.firstBroken) : null,
            finishedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where('id', '=', check.id)
          .execute();
        const b = set.firstBroken;
        if (set.valid === false && b) {
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
              checked: set.checked ?? 0,
              total: Number(check.total),
              startedBy: check.startedBy,
            },
          });
        }
      });
    try {
      // rows counted by an earlier check must still be there, even if the head was rewound with them
      const earlier = await db
        .selectFrom('auditChainChecks')
        .select((eb) => eb.fn.max('total').as('total'))
        .where('id', '!=', check.id)
        .executeTakeFirst();
      const known = Number(earlier?.total ?? 0);
      if (known > Number(check.total)) {
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
          await db
            .updateTable('auditChainChecks')
            .set({ checked, updatedAt: sql`now()` })
            .where('id', '=', check.id)
            .execute();
        },
      });
      await finish({ valid: verdict.Valid, firstBroken: verdict.FirstBroken, checked: verdict.Checked });
    } catch (err) {
      this.app.log.warn({ err, check: check.id }, 'audit chain check stopped before the end');
      await finish({ valid: null, firstBroken: null }).catch(() => undefined);
    }
  }

  /** Stops a running check and waits for it to record that it stopped. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
