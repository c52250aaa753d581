import type { MailMessage } from '@cti/contracts';
import { insertOnce, sql, type Selectable } from '@cti/db';

import type { IdentityExecutor, MailMessagesTable } from '../db';

// The queue's times (when a mail is due, a sender's lease, the retry backoff) are the
// database's now(): every replica claims from the same queue, so they judge it by one clock.

export type MailRow = Selectable<MailMessagesTable>;

/** How long an interactive mail waits for its own sender before the background loop takes it. */
const INTERACTIVE_GRACE = '2 minutes';
/** How long a claimed mail stays with the replica that claimed it. */
const SENDING_LEASE = '2 minutes';

/** The latest 200 mails, newest first, optionally those to or copied to one address. */
export async function latestMails(db: IdentityExecutor, to?: string): Promise<MailRow[]> {
  let query = db.selectFrom('mailMessages').selectAll().orderBy('createdAt', 'desc').limit(200);
  if (to) {
    query = query.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements_text(to_addresses || cc_addresses) a where lower(a) = ${to})`,
    );
  }
  return query.execute();
}

export const mailIdByIdempotencyKey = async (db: IdentityExecutor, key: string) =>
  (await db.selectFrom('mailMessages').select('id').where('idempotencyKey', '=', key).executeTakeFirst())?.id ?? null;

/**
 * Stores a queued mail (due now, or after the interactive grace); null when a mail with
 * the same idempotency key is already there (two callers racing with one key).
 */
export async function insertMail(
  db: IdentityExecutor,
  message: MailMessage,
  options: { interactive: boolean; replyTo: string | null; idempotencyKey: string | null },
): Promise<string | null> {
  const inserted = await insertOnce(
    db,
    'mailMessages',
    {
      kind: message.kind,
      toAddresses: JSON.stringify(message.to),
      ccAddresses: JSON.stringify(message.cc ?? []),
      replyTo: options.replyTo,
      subject: message.subject,
      html: message.html,
      text: message.text ?? '',
      nextAttemptAt: options.interactive ? sql<string>`now() + ${INTERACTIVE_GRACE}::interval` : sql<string>`now()`,
      lastError: null,
      transport: null,
      lockedUntil: null,
      sentAt: null,
      idempotencyKey: options.idempotencyKey,
    },
    'idempotencyKey',
  )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export const mailStatus = async (db: IdentityExecutor, id: string) =>
  (await db.selectFrom('mailMessages').select(['status']).where('id', '=', id).executeTakeFirst())?.status ?? null;

/**
 * Claims up to `limit` mails for sending under a lease (`for update skip locked`, so
 * replicas share the work): the due ones, or the one with this id if it is still queued.
 */
export async function claimMails(db: IdentityExecutor, limit: number, id?: string): Promise<MailRow[]> {
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
    returning *`.execute(db);
  return result.rows;
}

/** A delivery attempt failed: the mail is queued again after `backoffSeconds`, or failed for good. */
export async function markDeliveryFailed(
  db: IdentityExecutor,
  id: string,
  outcome: { giveUp: boolean; error: string; backoffSeconds: number },
): Promise<void> {
  await db
    .updateTable('mailMessages')
    .set({
      status: outcome.giveUp ? 'failed' : 'queued',
      lastError: outcome.error,
      lockedUntil: null,
      nextAttemptAt: sql<string>`now() + ${`${outcome.backoffSeconds} seconds`}::interval`,
    })
    .where('id', '=', id)
    .execute();
}

export async function markSent(db: IdentityExecutor, id: string, transport: string): Promise<void> {
  await db
    .updateTable('mailMessages')
    .set({ status: 'sent', sentAt: sql<string>`now()`, lockedUntil: null, transport, lastError: null })
    .where('id', '=', id)
    .execute();
}
