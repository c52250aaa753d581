import { performance } from 'node:perf_hooks';

import type { FastifyBaseLogger } from 'fastify';

import type { MailMessage } from '@cti/contracts';
import { appendToOutbox, BackgroundPasses } from '@cti/service-kit';

import type { IdentityExecutor } from '../db';

import { claimMails, insertMail, mailIdByIdempotencyKey, mailStatus, markDeliveryFailed, markSent, type MailRow } from './repository';
import { describeDeliveryError, type MailTransport } from './transports';

export interface QueueOptions {
  /**
   * The caller delivers it itself right after commit (`deliverNow`) and tells the user
   * how it went; the background retry only takes it over if that never happens.
   */
  interactive?: boolean;
  replyTo?: string | null;
}

/**
 * Queues a mail in the caller's transaction: it leaves only if the change that
 * caused it commits, and nothing is lost if the process stops before sending.
 */
export async function queueMail(trx: IdentityExecutor, message: MailMessage, options: QueueOptions = {}): Promise<string> {
  const key = message.idempotencyKey ?? null;
  if (key) {
    const queued = await mailIdByIdempotencyKey(trx, key);
    if (queued) return queued;
  }
  const inserted = await insertMail(trx, message, {
    interactive: !!options.interactive,
    replyTo: options.replyTo ?? message.replyTo ?? null,
    idempotencyKey: key,
  });
  if (inserted) return inserted;
  // two callers racing with one key: the second gets the first one's mail
  const first = key ? await mailIdByIdempotencyKey(trx, key) : null;
  if (!first) throw new Error(`queueMail: the mail with idempotency key ${key} vanished`);
  return first;
}

/** What the mailer works with: the database, transactions (for the mail events) and a logger. */
export interface MailerDeps {
  readonly db: IdentityExecutor;
  inTransaction<T>(work: (trx: IdentityExecutor) => Promise<T>): Promise<T>;
  readonly log: FastifyBaseLogger;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'queued';

/**
 * Delivers queued mail through the transport. Rows are claimed with a lease
 * (`for update skip locked`), so any number of replicas share the work; failures
 * are retried with backoff up to MAIL_MAX_ATTEMPTS, then marked failed.
 */
export class Mailer extends BackgroundPasses {
  constructor(
    private readonly deps: MailerDeps,
    readonly transport: MailTransport,
    private readonly options: { maxAttempts: number; pollMs: number },
  ) {
    // a pass sends whatever is due: kick() after a transaction that queued mail commits
    super(options.pollMs);
  }

  protected passFailed(err: unknown): void {
    this.deps.log.error({ err }, 'mail delivery loop failed');
  }

  /** Delivers one interactive mail now; a failure is final (the user is told and may retry). */
  async deliverNow(id: string): Promise<DeliveryOutcome> {
    const [row] = await this.claim(1, id);
    if (row) return this.deliver(row, true);
    // someone else holds it (a retry pass): wait for their outcome (a timeout, measured, not the domain clock)
    const deadline = performance.now() + 20_000;
    while (performance.now() < deadline) {
      const status = await mailStatus(this.deps.db, id);
      if (!status) return 'failed';
      if (status === 'sent' || status === 'failed') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 'queued';
  }

  protected async pass(): Promise<void> {
    for (;;) {
      const rows = await this.claim(10);
      if (!rows.length || this.stopping) return;
      for (const row of rows) await this.deliver(row, false);
    }
  }

  private claim(limit: number, id?: string): Promise<MailRow[]> {
    return claimMails(this.deps.db, limit, id);
  }

  private async deliver(row: MailRow, final: boolean): Promise<DeliveryOutcome> {
    try {
      await this.transport.deliver({
        to: row.toAddresses,
        cc: row.ccAddresses,
        replyTo: row.replyTo,
        subject: row.subject,
        html: row.html,
        text: row.text,
      });
    } catch (err) {
      const giveUp = final || row.attempts >= this.options.maxAttempts;
      const backoffSeconds = Math.min(3600, 30 * 2 ** (row.attempts - 1));
      await this.deps.inTransaction(async (trx) => {
        await markDeliveryFailed(trx, row.id, { giveUp, error: describeDeliveryError(err), backoffSeconds });
        // the sender learns of mail that will not arrive (notifications records a bounce)
        if (giveUp)
          await appendToOutbox(trx, {
            type: 'evt.identity.mail.failed',
            actor: null,
            data: {
              mailId: row.id,
              kind: row.kind,
              to: row.toAddresses,
              subject: row.subject,
              idempotencyKey: row.idempotencyKey,
              error: describeDeliveryError(err),
            },
          });
      });
      this.deps.log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, giveUp, err: describeDeliveryError(err) },
        'mail delivery failed',
      );
      return giveUp ? 'failed' : 'queued';
    }
    await this.deps.inTransaction(async (trx) => {
      await markSent(trx, row.id, this.transport.name);
      await appendToOutbox(trx, {
        type: 'evt.identity.mail.sent',
        actor: null,
        data: { mailId: row.id, kind: row.kind, to: row.toAddresses, subject: row.subject },
      });
    });
    return 'sent';
  }
}
