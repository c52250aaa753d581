import { claimOldestFirst, insertOnce, sql, timestampAt, type Insertable } from '@cti/db';

import type { CommerceExecutor, LocalPaymentsTable, LocalPlanChangesTable, LocalSessionsTable, LocalSubscriptionsTable } from '../db';

// The local payment provider's own records (its plans, checkout sessions, subscriptions,
// payments and plan changes), as Stripe keeps them on its side.

export const insertLocalPlan = (db: CommerceExecutor, plan: { id: string; name: string; amountCents: number }) =>
  insertOnce(db, 'localPlans', plan, 'id').execute();

export const deactivateLocalPlan = (db: CommerceExecutor, planId: string) =>
  db.updateTable('localPlans').set({ active: false }).where('id', '=', planId).execute();

export const findLocalPlan = (db: CommerceExecutor, planId: string) =>
  db.selectFrom('localPlans').selectAll().where('id', '=', planId).executeTakeFirst();

export const localPlanNames = (db: CommerceExecutor, planIds: string[]) =>
  db.selectFrom('localPlans').select(['id', 'name', 'amountCents']).where('id', 'in', planIds).execute();

/** Inserts a checkout session unless one with its id (derived from the idempotency key) exists. */
export const insertLocalSession = (db: CommerceExecutor, session: Insertable<LocalSessionsTable>) =>
  insertOnce(db, 'localSessions', session, 'id').execute();

export const findLocalSession = (db: CommerceExecutor, sessionId: string) =>
  db.selectFrom('localSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();

/** The session, locked for the caller's transaction (one confirmation at a time). */
export const lockLocalSession = (db: CommerceExecutor, sessionId: string) =>
  db.selectFrom('localSessions').selectAll().where('id', '=', sessionId).forUpdate().executeTakeFirst();

export const markLocalSessionPaid = (
  db: CommerceExecutor,
  sessionId: string,
  paid: { paymentId: string; subscriptionId: string | null },
  now: Date,
) =>
  db
    .updateTable('localSessions')
    .set({ status: 'paid', ...paid, paidAt: timestampAt(now) })
    .where('id', '=', sessionId)
    .execute();

/** An open session is cancelled; a paid or cancelled one stays as it is. */
export const cancelOpenLocalSession = (db: CommerceExecutor, sessionId: string) =>
  db.updateTable('localSessions').set({ status: 'cancelled' }).where('id', '=', sessionId).where('status', '=', 'open').execute();

export const insertLocalPayment = (db: CommerceExecutor, payment: Insertable<LocalPaymentsTable>) =>
  db.insertInto('localPayments').values(payment).execute();

/** Refunds a payment (the first refund's time is kept); undefined when there is no such payment. */
export const markLocalPaymentRefunded = (db: CommerceExecutor, paymentId: string, refundId: string, now: Date) =>
  db
    .updateTable('localPayments')
    .set({ refundId, refundedAt: sql<string>`coalesce(refunded_at, ${timestampAt(now)})` })
    .where('id', '=', paymentId)
    .returning(['amountCents'])
    .executeTakeFirst();

export const insertLocalSubscription = (db: CommerceExecutor, subscription: Insertable<LocalSubscriptionsTable>) =>
  db.insertInto('localSubscriptions').values(subscription).execute();

export const findLocalSubscription = (db: CommerceExecutor, subscriptionId: string) =>
  db.selectFrom('localSubscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirst();

/** Cancels at period end, or at once (the first cancellation's time is kept); undefined when there is no such subscription. */
export const cancelLocalSubscription = (db: CommerceExecutor, subscriptionId: string, atPeriodEnd: boolean, reason: string, now: Date) =>
  db
    .updateTable('localSubscriptions')
    .set(
      atPeriodEnd
        ? { cancelAtPeriodEnd: true, cancelReason: reason }
        : { status: 'canceled', cancelReason: reason, canceledAt: sql<string>`coalesce(canceled_at, ${timestampAt(now)})` },
    )
    .where('id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirst();

/** Active subscriptions whose period ended by `now`, oldest first, claimed (SKIP LOCKED) for the caller's transaction. */
export const claimDueLocalSubscriptions = (db: CommerceExecutor, now: Date) =>
  claimOldestFirst(
    db.selectFrom('localSubscriptions').selectAll().where('status', '=', 'active').where('currentPeriodEnd', '<=', now.toISOString()),
    'currentPeriodEnd',
    100,
  ).execute();

/** A subscription set to cancel at period end ends when its period did. */
export const endLocalSubscriptionAtPeriodEnd = (db: CommerceExecutor, subscriptionId: string, periodEnd: string) =>
  db
    .updateTable('localSubscriptions')
    .set({ status: 'canceled', canceledAt: periodEnd })
    .where('id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const startLocalPeriod = (db: CommerceExecutor, subscriptionId: string, start: Date, end: Date) =>
  db
    .updateTable('localSubscriptions')
    .set({ currentPeriodStart: start.toISOString(), currentPeriodEnd: end.toISOString() })
    .where('id', '=', subscriptionId)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Moves an active subscription to another plan now, or schedules one for its renewal; undefined when it is not active. */
export const moveActiveLocalSubscription = (
  db: CommerceExecutor,
  subscriptionId: string,
  change: { planId?: string; scheduledPlanId: string | null },
) =>
  db
    .updateTable('localSubscriptions')
    .set(change)
    .where('id', '=', subscriptionId)
    .where('status', '=', 'active')
    .returningAll()
    .executeTakeFirst();

export const insertLocalPlanChange = (db: CommerceExecutor, change: Insertable<LocalPlanChangesTable>) =>
  insertOnce(db, 'localPlanChanges', change, 'id').execute();

export const findLocalPlanChange = (db: CommerceExecutor, changeId: string) =>
  db.selectFrom('localPlanChanges').selectAll().where('id', '=', changeId).executeTakeFirst();

export const lockLocalPlanChange = (db: CommerceExecutor, changeId: string) =>
  db.selectFrom('localPlanChanges').selectAll().where('id', '=', changeId).forUpdate().executeTakeFirst();

export const markLocalPlanChangeApproved = (db: CommerceExecutor, changeId: string, chargedCents: number, now: Date) =>
  db
    .updateTable('localPlanChanges')
    .set({ status: 'approved', chargedCents, approvedAt: timestampAt(now) })
    .where('id', '=', changeId)
    .execute();
