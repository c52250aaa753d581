import { sql } from '@cti/db';
import type { AuditChainCheck, ChainBreak } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';
import { auditDb, type AuditChainChecksTable, type AuditExecutor } from '../db';
import { verifyChain } from './verify-chain';

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
  return row ? checkStatus(row as CheckRow) : null;
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
    private readonly app: ServiceApp,
    private readonly key: string,
  ) {}

  /** Starts a check, or answers the one running (on any replica). */
  async start(startedBy: string): Promise<AuditChainCheck> {
    const db = auditDb(this.app);
    const { row, fresh } = await db.transaction().execute(async (trx) => {
      // one start at a time across replicas
      await sql`select pg_advisory_xact_lock(hashtext('audit_chain_check'))`.execute(trx);
      const last = (await trx.selectFrom('auditChainChecks').selectAll().orderBy('startedAt', 'desc').limit(1).executeTakeFirst()) as
        CheckRow | undefined;
      if (last && !last.finishedAt && !isStale(last)) return { row: last, fresh: false };
      const head = await trx.selectFrom('auditChainHead').select('lastSeq').where('id', '=', 1).executeTakeFirstOrThrow();
      const created = await trx
        .insertInto('auditChainChecks')
        .values({ startedBy, total: Number(head.lastSeq), finishedAt: null, valid: null, firstBroken: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: created as CheckRow, fresh: true };
    });
    if (fresh) {
      this.running = this.run(row).finally(() => {
        this.running = null;
      });
    }
    return checkStatus(row);
  }

  private async run(check: CheckRow): Promise<void> {
    const db = auditDb(this.app);
    const finish = (set: { valid: boolean | null; firstBroken: ChainBreak | null; checked?: number }) =>
      db
        .updateTable('auditChainChecks')
        .set({
          ...set,
          firstBroken: set.firstBroken ? JSON.stringify(set.firstBroken) : null,
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where('id', '=', check.id)
        .execute();
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
