import { RoleIds } from '@cti/access';
import { CommerceMessages, type AccessClaims, type AccPaymentCheck, type PaymentDetails, type Subscription } from '@cti/contracts';
import { sql } from '@cti/db';
import { DomainError, Forbidden, NotFound } from '@cti/service-kit';

import type { CommerceExecutor, CommerceApp } from '../db';
import type { PaymentProvider } from '../payments/provider';
import { isPlanChangePair, kindOf } from '../products/grants';
import { findProductByPlan, isUuid } from '../products/repository';
import { purchaseNames } from '../purchases/purchases';

import type { SubscriptionRow } from './subscription-state';

const isAdmin = (c: AccessClaims) => c.isAdmin || c.roles.includes(RoleIds.Admin);

/** Rows as the data model lists them, with the provider's details mirrored from its notifications. */
async function toSubscriptions(db: CommerceExecutor, rows: SubscriptionRow[]): Promise<Subscription[]> {
  if (!rows.length) return [];
  const products = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(rows.map((r) => r.productId))])
    .execute();
  const productName = new Map(products.map((p) => [p.id, p.name]));
  const names = await purchaseNames(
    db,
    rows.map((r) => ({ productName: productName.get(r.productId) ?? 'Subscription', groupIds: r.groupIds })),
  );
  const payments = await db
    .selectFrom('purchases')
    .select(['subscriptionId', 'purchasedOn', 'amountCents', 'currency'])
    .distinctOn('subscriptionId')
    .where(
      'subscriptionId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('subscriptionId')
    .orderBy('purchasedOn', 'desc')
    .execute();
  const lastPayment = new Map(payments.map((p) => [p.subscriptionId, p]));
  return rows.map((row, i) => {
    // a subscription set to end at period end no longer renews: shown as cancelled, with when access ends
    const cancelled = row.status === 'CANCELLED' || row.cancelAtPeriodEnd;
    const last = lastPayment.get(row.id);
    return {
      Id: row.id,
      Name: names[i],
      CreatedOn: row.createdOn,
      TransactionId: row.transactionId,
      SubscriptionId: row.providerSubscriptionId,
      UserName: row.buyerName,
      Organization: row.buyerOrganization,
      ProductId: row.productId,
      Details: {
        status: cancelled ? 'CANCELLED' : row.status,
        statusChangeNote:
          row.cancelAtPeriodEnd && !row.endedAt && row.currentPeriodEnd
            ? `${row.statusNote ?? 'Cancelled'}. Access ends on ${row.currentPeriodEnd.slice(0, 10)}.`
            : row.statusNote,
        planId: row.planId,
        lastPayment: last ? { time: last.purchasedOn, amount: last.amountCents, currency: last.currency } : null,
        nextBillingTime: cancelled ? null : row.currentPeriodEnd,
        subscriberEmail: row.buyerEmail,
      },
    };
  });
}

const allSubscriptions = (db: CommerceExecutor) => db.selectFrom('subscriptions').selectAll().orderBy('createdOn', 'desc');

/**
 * GET api/user/paymentDetails (My account): admins see every subscription; group
 * managers those bought by members of their groups (and their own); others their own.
 */
export async function paymentDetails(app: CommerceApp, claims: AccessClaims): Promise<PaymentDetails> {
  const db = app.db;
  if (isAdmin(claims)) return { View: 'admin', Subscriptions: await toSubscriptions(db, await allSubscriptions(db).execute()) };
  const groups = claims.isGroupManager ? claims.groups : [];
  const rows = await allSubscriptions(db)
    .where((eb) =>
      eb.or([eb('userId', '=', claims.sub), ...(groups.length ? [sql<boolean>`buyer_group_ids && ${sql.val(groups)}::text[]`] : [])]),
    )
    .execute();
  return { View: claims.isGroupManager ? 'groupManager' : 'user', Subscriptions: await toSubscriptions(db, rows) };
}

/**
 * GET api/user/paymentDetails/mine: the caller's own subscriptions only, whatever their
 * role (My account's "Your subscriptions" and the purchase page's "Your plan"; an admin's
 * paymentDetails lists everyone's).
 */
export async function ownSubscriptions(app: CommerceApp, claims: AccessClaims): Promise<Subscription[]> {
  const db = app.db;
  return toSubscriptions(db, await allSubscriptions(db).where('userId', '=', claims.sub).execute());
}

/** GET /api/user/paymentDetails/admin: every subscription (subscriptions admin). */
export async function allSubscriptionDetails(app: CommerceApp): Promise<Subscription[]> {
  const db = app.db;
  return toSubscriptions(db, await allSubscriptions(db).execute());
}

/** A subscription by our id or the provider's, if the caller may manage it. */
async function manageable(db: CommerceExecutor, claims: AccessClaims, id: string): Promise<SubscriptionRow> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where((eb) => eb.or([eb('providerSubscriptionId', '=', id), ...(isUuid(id) ? [eb('id', '=', id)] : [])]))
    .executeTakeFirst();
  if (!row) throw new NotFound('Subscription not found');
  const managesGroup = claims.isGroupManager && row.buyerGroupIds.some((g) => claims.groups.includes(g));
  if (!isAdmin(claims) && row.userId !== claims.sub && !managesGroup) throw new Forbidden();
  return row;
}

/**
 * GET api/payment/unsubscribe/{subscriptionId}: the subscription stops renewing; the
 * access paid for lasts to the end of the period, when the provider ends it.
 */
export async function cancelSubscription(app: CommerceApp, provider: PaymentProvider, claims: AccessClaims, id: string): Promise<void> {
  const db = app.db;
  const row = await manageable(db, claims, id);
  if (row.endedAt || row.cancelAtPeriodEnd) return;
  const reason = `Cancelled by ${claims.name || claims.email}`;
  let facts;
  try {
    facts = await provider.cancelSubscription(row.providerSubscriptionId, {
      atPeriodEnd: true,
      reason,
      idempotencyKey: `cancel:${row.id}`,
    });
  } catch (err) {
    app.log.warn({ err, subscriptionId: row.id }, 'cancelling failed at the payment provider');
    throw new DomainError(502, CommerceMessages.cancelFailed);
  }
  await db
    .updateTable('subscriptions')
    .set({
      cancelAtPeriodEnd: true,
      statusNote: reason,
      currentPeriodEnd: facts.currentPeriodEnd ?? row.currentPeriodEnd,
      updatedAt: sql<string>`now()`,
    })
    .where('id', '=', row.id)
    .execute();
}

/** A failed plan change, answered in the provider's shape (name UNPROCESSABLE_ENTITY). */
export class PlanChangeRefused extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}

/**
 * POST api/payment/upgrade/{subscriptionId}: asks the provider for the page where the
 * subscriber approves moving between the standard and enhanced plans. The move itself
 * arrives as the provider's subscription update.
 */
export async function requestPlanChange(
  app: CommerceApp,
  provider: PaymentProvider,
  claims: AccessClaims,
  id: string,
  planId: string,
  /** The subscriber's origin (validated), where the provider's approval page sends them back. */
  origin: string,
): Promise<string> {
  const db = app.db;
  const row = await manageable(db, claims, id);
  if (row.endedAt || row.cancelAtPeriodEnd || row.status === 'CANCELLED') throw new PlanChangeRefused('The subscription is cancelled.');
  const target = await findProductByPlan(db, planId);
  const current = await db.selectFrom('products').select('name').where('id', '=', row.productId).executeTakeFirst();
  if (!target || target.deletedAt || !current || target.planId === row.planId || !isPlanChangePair(current.name, target.name)) {
    throw new PlanChangeRefused('The subscription cannot move to this plan.');
  }
  try {
    return await provider.requestPlanChange({
      subscriptionId: row.providerSubscriptionId,
      customerId: row.customerId,
      planId,
      returnUrl: `${origin}/user/account`,
      idempotencyKey: `plan-change:${row.id}:${planId}:${row.providerVersion}`,
    });
  } catch (err) {
    app.log.warn({ err, subscriptionId: row.id }, 'plan change failed at the payment provider');
    throw new PlanChangeRefused(CommerceMessages.upgradeFailed);
  }
}

/**
 * GET api/user/check/payments/acc: whether the user has carbon-calculator access, until
 * when it was paid, and who paid last (the user or someone of their organization).
 */
export async function accPaymentCheck(app: CommerceApp, claims: AccessClaims): Promise<AccPaymentCheck> {
  const db = app.db;
  const products = (await db.selectFrom('products').select(['id', 'name']).execute()).filter((p) =>
    kindOf(p.name).roles.includes('ACCFullAccess'),
  );
  const hasAccess = claims.roles.includes(RoleIds.ACCFullAccess);
  if (!products.length) return { HasAccess: hasAccess, ExpiresOn: null, LastPayer: null, SubscriberEmail: null };
  const organization = (claims.organization ?? '').trim();
  const last = await db
    .selectFrom('purchases')
    .selectAll()
    .where(
      'productId',
      'in',
      products.map((p) => p.id),
    )
    .where('refundedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('userId', '=', claims.sub),
        ...(organization ? [eb(sql`lower(buyer_organization)`, '=', organization.toLowerCase())] : []),
      ]),
    )
    .orderBy('purchasedOn', 'desc')
    .executeTakeFirst();
  return {
    HasAccess: hasAccess,
    ExpiresOn: last?.accessExpiresOn ?? null,
    LastPayer: last ? last.buyerName || last.buyerEmail : null,
    SubscriberEmail: last?.buyerEmail ?? null,
  };
}
