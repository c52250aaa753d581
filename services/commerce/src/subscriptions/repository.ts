import { isUuid } from '@cti/contracts';
import { insertOnce, sql, timestampAt, type Insertable, type Selectable } from '@cti/db';

import type { CommerceExecutor, SubscriptionsTable } from '../db';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export const findSubscriptionByProviderId = (db: CommerceExecutor, providerSubscriptionId: string) =>
  db.selectFrom('subscriptions').selectAll().where('providerSubscriptionId', '=', providerSubscriptionId).executeTakeFirst();

/** The same, locked for the caller's transaction (provider notices about one subscription apply one at a time). */
export const lockSubscriptionByProviderId = (db: CommerceExecutor, providerSubscriptionId: string) =>
  db.selectFrom('subscriptions').selectAll().where('providerSubscriptionId', '=', providerSubscriptionId).forUpdate().executeTakeFirst();

export const getSubscription = (db: CommerceExecutor, id: string) =>
  db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const findSubscription = (db: CommerceExecutor, id: string) =>
  db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();

/** A subscription by our id or the provider's. */
export const findSubscriptionByEitherId = (db: CommerceExecutor, id: string) =>
  db
    .selectFrom('subscriptions')
    .selectAll()
    .where((eb) => eb.or([eb('providerSubscriptionId', '=', id), ...(isUuid(id) ? [eb('id', '=', id)] : [])]))
    .executeTakeFirst();

/** Inserts a provider's subscription; undefined when it is already recorded. */
export const insertSubscription = (db: CommerceExecutor, values: Insertable<SubscriptionsTable>) =>
  insertOnce(db, 'subscriptions', values, 'providerSubscriptionId').returningAll().executeTakeFirst();

/** Ends the subscription; undefined when it had already ended. */
export const markEnded = (db: CommerceExecutor, id: string, reason: string, now: Date) =>
  db
    .updateTable('subscriptions')
    .set({ status: 'CANCELLED', statusNote: reason, endedAt: timestampAt(now), updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .where('endedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** The provider's view of a subscription, as commerce mirrors it. */
export interface MirroredState {
  status: string;
  statusNote: string | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  quantity: number;
  planId: string | null;
  productId: string;
  customerId: string | null;
  providerVersion: number;
  scheduledPlanId: string | null;
  previousProductId: string | null;
}

export const setMirroredState = (db: CommerceExecutor, id: string, state: MirroredState, now: Date) =>
  db
    .updateTable('subscriptions')
    .set({ ...state, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** The subscriber asked to stop renewing: access lasts to `currentPeriodEnd`. */
export const markCancelAtPeriodEnd = (db: CommerceExecutor, id: string, reason: string, currentPeriodEnd: string | null, now: Date) =>
  db
    .updateTable('subscriptions')
    .set({ cancelAtPeriodEnd: true, statusNote: reason, currentPeriodEnd, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .execute();

const newestFirst = (db: CommerceExecutor) => db.selectFrom('subscriptions').selectAll().orderBy('createdOn', 'desc');

/** Every subscription, newest first. */
export const listSubscriptions = (db: CommerceExecutor) => newestFirst(db).execute();

/** A user's own subscriptions, newest first. */
export const subscriptionsOfUser = (db: CommerceExecutor, userId: string) => newestFirst(db).where('userId', '=', userId).execute();

/** A user's own subscriptions and those bought by members of any of `groupIds`, newest first. */
export const subscriptionsOfUserOrGroups = (db: CommerceExecutor, userId: string, groupIds: string[]) =>
  newestFirst(db)
    .where((eb) =>
      eb.or([eb('userId', '=', userId), ...(groupIds.length ? [sql<boolean>`buyer_group_ids && ${sql.val(groupIds)}::text[]`] : [])]),
    )
    .execute();
