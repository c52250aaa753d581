import { claimOldestFirst, sql, timestampAt, type Selectable } from '@cti/db';

import type { DeliveriesTable, DeliveryMode, NotificationsExecutor } from '../db';

export type DeliveryRow = Selectable<DeliveriesTable>;
type RoundUser = { userId: string; mode: DeliveryMode };

/** Users who want alerts at once and have some waiting, after `after` in user id order (from the users: digests keep many pending). */
export async function usersWithImmediateAlerts(db: NotificationsExecutor, after: string, limit: number): Promise<RoundUser[]> {
  const rows = await sql<{ userId: string }>`
    select s.user_id from user_settings s
    where s.email_mode = 'immediate' and s.user_id > ${after}
      and exists (select 1 from alerts a where a.user_id = s.user_id and a.email_state = 'pending')
    order by s.user_id limit ${limit}`.execute(db);
  return rows.rows.map((r) => ({ userId: r.userId, mode: 'immediate' as const }));
}

/** Digest users whose digest is due at `now`, after `after` in user id order. */
export async function usersWithDueDigests(db: NotificationsExecutor, now: string, after: string, limit: number): Promise<RoundUser[]> {
  const rows = await db
    .selectFrom('userSettings')
    .select(['userId', 'emailMode'])
    .where('emailMode', 'in', ['daily', 'weekly'])
    .where('nextDigestAt', '<=', now)
    .where('userId', '>', after)
    .orderBy('userId')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ userId: r.userId, mode: r.emailMode as DeliveryMode }));
}

/**
 * Takes a user for one e-mail of `mode` when it is due at `now` (a replica holding them already: not
 * taken): schedules their next digest and names them as identity does now. Returns whether taken.
 */
export async function lockUserForMail(
  trx: NotificationsExecutor,
  user: { userId: string; mode: DeliveryMode; email: string | null; name: string | null },
  now: Date,
  nextDigest: Date | null,
): Promise<boolean> {
  const due = user.mode === 'immediate' ? sql`true` : sql`next_digest_at <= ${timestampAt(now)}`;
  const locked = await sql<{ userId: string }>`
    update user_settings
    set next_digest_at = coalesce(${nextDigest?.toISOString() ?? null}::timestamptz, next_digest_at),
        email = coalesce(${user.email}, email), name = coalesce(${user.name}, name)
    where user_id = (
      select user_id from user_settings where user_id = ${user.userId} and email_mode = ${user.mode} and ${due} for update skip locked)
    returning user_id`.execute(trx);
  return locked.rows.length > 0;
}

/** A user's alerts waiting for an e-mail, oldest first, with what their change says. */
export const pendingAlerts = (trx: NotificationsExecutor, userId: string, limit: number) =>
  trx
    .selectFrom('alerts')
    .innerJoin('changes', 'changes.id', 'alerts.changeId')
    .select(['alerts.id', 'changes.groupId', 'changes.parts', 'changes.document', 'changes.link'])
    .where('alerts.userId', '=', userId)
    .where('alerts.emailState', '=', 'pending')
    .orderBy('alerts.id')
    .limit(limit)
    .execute();

export async function withholdAlerts(trx: NotificationsExecutor, alertIds: number[]): Promise<void> {
  await trx.updateTable('alerts').set({ emailState: 'withheld' }).where('id', 'in', alertIds).execute();
}

/** The e-mail, with what it says, and its alerts, in one statement. */
export async function insertClaimedDelivery(trx: NotificationsExecutor, delivery: DeliveryRow, alertIds: number[]): Promise<void> {
  await sql`
    with claimed as (
      insert into deliveries (id, user_id, mode, status, email, subject, html, text, alert_count, attempts, locked_until, created_at)
      values (${delivery.id}, ${delivery.userId}, ${delivery.mode}, 'sending', ${delivery.email}, ${delivery.subject}, ${delivery.html}, ${delivery.text},
              ${delivery.alertCount}, 1, ${delivery.lockedUntil}::timestamptz, ${delivery.createdAt}::timestamptz)
      returning id)
    update alerts set email_state = 'sending', delivery_id = (select id from claimed)
    where id = any(${alertIds}::bigint[])`.execute(trx);
}

/** Claims again the e-mail whose claim ran out first (another replica on it: the next one), until `lockedUntil`. */
export async function reclaimExpiredDelivery(trx: NotificationsExecutor, now: Date, lockedUntil: Date): Promise<DeliveryRow | null> {
  const row = await claimOldestFirst(
    trx.selectFrom('deliveries').selectAll().where('status', '=', 'sending').where('lockedUntil', '<', now.toISOString()),
    'lockedUntil',
    1,
  ).executeTakeFirst();
  if (!row) return null;
  return trx
    .updateTable('deliveries')
    .set({ attempts: sql`attempts + 1`, lockedUntil: lockedUntil.toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The names of the countries an e-mail's alerts concern. */
export async function groupNamesOfDelivery(db: NotificationsExecutor, deliveryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('alerts')
    .innerJoin('changes', 'changes.id', 'alerts.changeId')
    .innerJoin('countries', 'countries.groupId', 'changes.groupId')
    .select('countries.name')
    .distinct()
    .where('alerts.deliveryId', '=', deliveryId)
    .execute();
  return rows.map((g) => g.name);
}

export async function recordDeliveryError(db: NotificationsExecutor, deliveryId: string, error: string): Promise<void> {
  await db.updateTable('deliveries').set({ error }).where('id', '=', deliveryId).execute();
}

/** The e-mail and its alerts marked sent in one statement; false when a replica that resent it meanwhile did. */
export async function markDeliverySent(trx: NotificationsExecutor, deliveryId: string, mailId: string, sentAt: Date): Promise<boolean> {
  const marked = await sql<{ n: number }>`
    with sent as (
      update deliveries set status = 'sent', mail_id = ${mailId}, sent_at = ${timestampAt(sentAt)},
             locked_until = null, error = null
      where id = ${deliveryId} and status = 'sending'
      returning id),
    carried as (update alerts set email_state = 'sent' where delivery_id in (select id from sent))
    select count(*)::int as n from sent`.execute(trx);
  return !!marked.rows[0]?.n;
}

/** Marks an e-mail and its alerts bounced; false when it already was. */
export async function markDeliveryBounced(
  trx: NotificationsExecutor,
  deliveryId: string,
  mailId: string | null,
  reason: string,
): Promise<boolean> {
  const marked = await trx
    .updateTable('deliveries')
    .set({ status: 'bounced', error: reason, lockedUntil: null, ...(mailId ? { mailId } : {}) })
    .where('id', '=', deliveryId)
    .where('status', '!=', 'bounced')
    .returning('id')
    .executeTakeFirst();
  if (!marked) return false;
  await trx.updateTable('alerts').set({ emailState: 'bounced' }).where('deliveryId', '=', deliveryId).execute();
  return true;
}

export const findDelivery = (db: NotificationsExecutor, id: string) =>
  db.selectFrom('deliveries').select(['id', 'userId', 'email']).where('id', '=', id).executeTakeFirst();
