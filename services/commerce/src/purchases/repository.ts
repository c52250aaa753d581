import { insertOnce, sql, timestampAt, type Insertable, type Selectable } from '@cti/db';

import type { CommerceExecutor, PurchasesTable } from '../db';

export type PurchaseRow = Selectable<PurchasesTable>;

/** Inserts the purchase of one payment; undefined when that payment (its key) is already recorded. */
export const insertPurchase = (db: CommerceExecutor, values: Insertable<PurchasesTable>) =>
  insertOnce(db, 'purchases', values, 'paymentKey').returningAll().executeTakeFirst();

/** The columns each of which names at most one purchase (all three are unique). */
type PurchaseKey = 'id' | 'paymentKey' | 'transactionId';

/** The query for the purchase whose `column` is `value`; the caller says whether its absence is an error. */
export const purchaseBy = (db: CommerceExecutor, column: PurchaseKey, value: string) =>
  db.selectFrom('purchases').selectAll().where(column, '=', value);

/** A user's purchases, newest first. */
export const purchasesOfUser = (db: CommerceExecutor, userId: string) =>
  db.selectFrom('purchases').selectAll().where('userId', '=', userId).orderBy('purchasedOn', 'desc').execute();

/** Purchases made in [from, until), newest first. */
export const purchasesBetween = (db: CommerceExecutor, from: string, until: string) =>
  db
    .selectFrom('purchases')
    .selectAll()
    .where('purchasedOn', '>=', from)
    .where('purchasedOn', '<', until)
    .orderBy('purchasedOn', 'desc')
    .execute();

/** Marks the payment refunded (all of it unless `amountCents` says otherwise); undefined when it already was. */
export const markRefunded = (db: CommerceExecutor, transactionId: string, refundId: string, amountCents: number | null, now: Date) =>
  db
    .updateTable('purchases')
    .set({ refundedAt: timestampAt(now), refundId, refundedCents: sql<number>`coalesce(${amountCents}::int, amount_cents)` })
    .where('transactionId', '=', transactionId)
    .where('refundedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** One-time purchases (no subscription) whose year is over and not yet announced, claimed for this transaction. */
export const claimExpiredOneTimePurchases = (db: CommerceExecutor, now: Date) =>
  db
    .selectFrom('purchases')
    .selectAll()
    .where('subscriptionId', 'is', null)
    .where('refundedAt', 'is', null)
    .where('expiredAt', 'is', null)
    .where('accessExpiresOn', '<=', now.toISOString())
    .limit(100)
    .forUpdate()
    .skipLocked()
    .execute();

export const markExpired = (db: CommerceExecutor, purchaseId: string, now: Date) =>
  db.updateTable('purchases').set({ expiredAt: now.toISOString() }).where('id', '=', purchaseId).execute();

/** The last payment of each of these subscriptions. */
export const lastPaymentsOf = (db: CommerceExecutor, subscriptionIds: string[]) =>
  db
    .selectFrom('purchases')
    .select(['subscriptionId', 'purchasedOn', 'amountCents', 'currency'])
    .distinctOn('subscriptionId')
    .where('subscriptionId', 'in', subscriptionIds)
    .orderBy('subscriptionId')
    .orderBy('purchasedOn', 'desc')
    .execute();

/** The latest purchase, not refunded, of one of these products by the user or anyone of their organization. */
export const latestPurchaseByUserOrOrganization = (db: CommerceExecutor, productIds: string[], userId: string, organization: string) =>
  db
    .selectFrom('purchases')
    .selectAll()
    .where('productId', 'in', productIds)
    .where('refundedAt', 'is', null)
    .where((eb) =>
      eb.or([eb('userId', '=', userId), ...(organization ? [eb(sql`lower(buyer_organization)`, '=', organization.toLowerCase())] : [])]),
    )
    .orderBy('purchasedOn', 'desc')
    .executeTakeFirst();
