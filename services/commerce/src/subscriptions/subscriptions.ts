import { RoleIds } from '@cti/access';
import {
  CommerceMessages,
  dollarsOfCents,
  type AccessClaims,
  type AccPaymentCheck,
  type PaymentDetails,
  type Subscription,
} from '@cti/contracts';
import { DomainError, Forbidden, NotFound } from '@cti/service-kit';

import type { CommerceExecutor } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import { isPlanChangePair, kindOf } from '../products/grants';
import { findProduct, findProductByPlan, listProducts, productsByIds } from '../products/repository';
import { purchaseNames } from '../purchases/purchases';
import { lastPaymentsOf, latestPurchaseByUserOrOrganization } from '../purchases/repository';

import {
  findSubscriptionByEitherId,
  listSubscriptions,
  markCancelAtPeriodEnd,
  subscriptionsOfUser,
  subscriptionsOfUserOrGroups,
  type SubscriptionRow,
} from './repository';

const isAdmin = (c: AccessClaims) => c.isAdmin || c.roles.includes(RoleIds.Admin);

/** Rows as the data model lists them, with the provider's details mirrored from its notifications. */
async function toSubscriptions(db: CommerceExecutor, rows: SubscriptionRow[]): Promise<Subscription[]> {
  if (!rows.length) return [];
  const products = await productsByIds(db, [...new Set(rows.map((r) => r.productId))]);
  const productName = new Map(products.map((p) => [p.id, p.name]));
  const names = await purchaseNames(
    db,
    rows.map((r) => ({ productName: productName.get(r.productId) ?? 'Subscription', groupIds: r.groupIds })),
  );
  const payments = await lastPaymentsOf(
    db,
    rows.map((r) => r.id),
  );
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
        lastPayment: last ? { time: last.purchasedOn, amount: dollarsOfCents(last.amountCents), currency: last.currency } : null,
        nextBillingTime: cancelled ? null : row.currentPeriodEnd,
        subscriberEmail: row.buyerEmail,
      },
    };
  });
}

/**
 * GET api/user/paymentDetails (My account): admins see every subscription; group
 * managers those bought by members of their groups (and their own); others their own.
 */
export async function paymentDetails(db: CommerceExecutor, claims: AccessClaims): Promise<PaymentDetails> {
  if (isAdmin(claims)) return { View: 'admin', Subscriptions: await toSubscriptions(db, await listSubscriptions(db)) };
  const groups = claims.isGroupManager ? claims.groups : [];
  const rows = await subscriptionsOfUserOrGroups(db, claims.sub, groups);
  return { View: claims.isGroupManager ? 'groupManager' : 'user', Subscriptions: await toSubscriptions(db, rows) };
}

/**
 * GET api/user/paymentDetails/mine: the caller's own subscriptions only, whatever their
 * role (My account's "Your subscriptions" and the purchase page's "Your plan"; an admin's
 * paymentDetails lists everyone's).
 */
export async function ownSubscriptions(db: CommerceExecutor, claims: AccessClaims): Promise<Subscription[]> {
  return toSubscriptions(db, await subscriptionsOfUser(db, claims.sub));
}

/** GET /api/user/paymentDetails/admin: every subscription (subscriptions admin). */
export async function allSubscriptionDetails(db: CommerceExecutor): Promise<Subscription[]> {
  return toSubscriptions(db, await listSubscriptions(db));
}

/** A subscription by our id or the provider's, if the caller may manage it. */
async function manageable(db: CommerceExecutor, claims: AccessClaims, id: string): Promise<SubscriptionRow> {
  const row = await findSubscriptionByEitherId(db, id);
  if (!row) throw new NotFound('Subscription not found');
  const managesGroup = claims.isGroupManager && row.buyerGroupIds.some((g) => claims.groups.includes(g));
  if (!isAdmin(claims) && row.userId !== claims.sub && !managesGroup) throw new Forbidden();
  return row;
}

/**
 * GET api/payment/unsubscribe/{subscriptionId}: the subscription stops renewing; the
 * access paid for lasts to the end of the period, when the provider ends it.
 */
export async function cancelSubscription(deps: PaymentDeps, claims: AccessClaims, id: string): Promise<void> {
  const { db, provider } = deps;
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
    deps.log.warn({ err, subscriptionId: row.id }, 'cancelling failed at the payment provider');
    throw new DomainError(502, CommerceMessages.cancelFailed);
  }
  await markCancelAtPeriodEnd(db, row.id, reason, facts.currentPeriodEnd ?? row.currentPeriodEnd, deps.clock.now());
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
  deps: PaymentDeps,
  claims: AccessClaims,
  id: string,
  planId: string,
  /** The subscriber's origin (validated), where the provider's approval page sends them back. */
  origin: string,
): Promise<string> {
  const { db, provider } = deps;
  const row = await manageable(db, claims, id);
  if (row.endedAt || row.cancelAtPeriodEnd || row.status === 'CANCELLED') throw new PlanChangeRefused('The subscription is cancelled.');
  const target = await findProductByPlan(db, planId);
  const current = await findProduct(db, row.productId);
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
    deps.log.warn({ err, subscriptionId: row.id }, 'plan change failed at the payment provider');
    throw new PlanChangeRefused(CommerceMessages.upgradeFailed);
  }
}

/**
 * GET api/user/check/payments/acc: whether the user has carbon-calculator access, until
 * when it was paid, and who paid last (the user or someone of their organization).
 */
export async function accPaymentCheck(db: CommerceExecutor, claims: AccessClaims): Promise<AccPaymentCheck> {
  const products = (await listProducts(db, { includeDeleted: true })).filter((p) => kindOf(p.name).roles.includes('ACCFullAccess'));
  const hasAccess = claims.roles.includes(RoleIds.ACCFullAccess);
  if (!products.length) return { HasAccess: hasAccess, ExpiresOn: null, LastPayer: null, SubscriberEmail: null };
  const organization = (claims.organization ?? '').trim();
  const last = await latestPurchaseByUserOrOrganization(
    db,
    products.map((p) => p.id),
    claims.sub,
    organization,
  );
  return {
    HasAccess: hasAccess,
    ExpiresOn: last?.accessExpiresOn ?? null,
    LastPayer: last ? last.buyerName || last.buyerEmail : null,
    SubscriberEmail: last?.buyerEmail ?? null,
  };
}
