import type { MailMessage } from '@cti/contracts';
import { sql, type Selectable } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityExecutor, MailMessagesTable, IdentityApp } from '../db';

import { describeDeliveryError, type MailTransport } from './transports';

type MailRow = Selectable<MailMessagesTable>;

export interface QueueOptions {
  /**
   * The caller delivers it itself right after commit (`deliverNow`) and tells the user
   * how it went; the background retry only takes it over if that never happens.
   */
  interactive?: boolean;
  replyTo?: string | null;
}

const INTERACTIVE_GRACE = '2 minutes';
const SENDING_LEASE = '2 minutes';

/**
 * Queues a mail in the caller's transaction: it leaves only if the change that
 * caused it commits, and nothing is lost if the process stops before sending.
 */
export async function queueMail(trx: IdentityExecutor, message: MailMessage, options: QueueOptions = {}): Promise<string> {
  const key = message.idempotencyKey ?? null;
  if (key) {
    const queued = await trx.selectFrom('mailMessages').select('id').where('idempotencyKey', '=', key).executeTakeFirst();
    if (queued) return queued.id;
  }
  const inserted = await trx
    .insertInto('mailMessages')
    .values({
      kind: message.kind,
      toAddresses: JSON.stringify(message.to),
      ccAddresses: JSON.stringify(message.cc ?? []),
      replyTo: options.replyTo ?? message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text ?? '',
      nextAttemptAt: options.interactive ? sql<string>`now() + ${INTERACTIVE_GRACE}::interval` : sql<string>`now()`,
      lastError: null,
      transport: null,
      lockedUntil: null,
      sentAt: null,
      idempotencyKey: key,
    } as never)
    // two callers racing with one key: the second gets the first one's mail
    .onConflict((oc) => oc.column('idempotencyKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const first = await trx.selectFrom('mailMessages').select('id').where('idempotencyKey', '=', key).executeTakeFirstOrThrow();
  return first.id;
}

export type DeliveryOutcome = 'sent' | 'failed' | 'queued';

/**
 * Delivers queued mail through the transport. Rows are claimed with a lease
 * (`for update skip locked`), so any number of replicas share the work; failures
 * are retried with backoff up to MAIL_MAX_ATTEMPTS, then marked failed.
 */
export class Mailer {
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly app: IdentityApp,
    readonly transport: MailTransport,
    private readonly options: { maxAttempts: number; pollMs: number },
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
  }

  /** Sends whatever is due (call after a transaction that queued mail commits). */
  kick(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.app.log.error({ err }, 'mail delivery loop failed'))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers one interactive mail now; a failure is final (the user is told and may retry). */
  async deliverNow(id: string): Promise<DeliveryOutcome> {
    const [row] = await this.claim(1, id);
    if (row) return this.deliver(row, true);
    // someone else holds it (a retry pass): wait for their outcome
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const current = await this.app.db.selectFrom('mailMessages').select(['status']).where('id', '=', id).executeTakeFirst();
      if (!current) return 'failed';
      if (current.status === 'sent' || current.status === 'failed') return current.status;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 'queued';
  }

  private async drain(): Promise<void> {
    for (;;) {
      const rows = await this.claim(10);
      if (!rows.length || this.stopped) return;
      for (const row of rows) await this.deliver(row, false);
    }
  }

  private async claim(limit: number, id?: string): Promise<MailRow[]> {
    const only = id ? sql`and id = ${id}` : sql``;
    const due = id
      ? sql`status = 'queued'`
      : sql`((status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now()))`;
    const result = await sql<MailRow>`
      update mail_messages set status = 'sending', attempts = attempts + 1, locked_until = now() + ${SENDING_LEASE}::interval
      where id in (
        select id from mail_messages where ${due} ${only}
        order by created_at limit ${limit} for update skip locked
      )
      returning *`.execute(this.app.db);
    return result.rows;
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
      await this.app.inTransaction(async (trx) => {
        await trx
          .updateTable('mailMessages')
          .set({
            status: giveUp ? 'failed' : 'queued',
            lastError: describeDeliveryError(err),
            lockedUntil: null,
            nextAttemptAt: sql<string>`now() + ${`${backoffSeconds} seconds`}::interval`,
          })
          .where('id', '=', row.id)
          .execute();
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
      this.app.log.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, giveUp, err: describeDeliveryError(err) },
        'mail delivery failed',
      );
      return giveUp ? 'failed' : 'queued';
    }
    await this.app.inTransaction(async (trx) => {
      await trx
        .updateTable('mailMessages')
        .set({ status: 'sent', sentAt: sql<string>`now()`, lockedUntil: null, transport: this.transport.name, lastError: null })
        .where('id', '=', row.id)
        .execute();
      await appendToOutbox(trx, {
        type: 'evt.identity.mail.sent',
        actor: null,
        data: { mailId: row.id, kind: row.kind, to: row.toAddresses, subject: row.subject },
      });
    });
    return 'sent';
  }
}
