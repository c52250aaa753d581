import { recordPaidCheckout } from '../checkout/complete-checkout';
import { findCheckout, findCheckoutOfSession } from '../checkout/repository';
import type { CommerceExecutor } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import type { ProviderNotice, ResolvedNotice } from '../payments/provider';
import { findProduct, findProductByPlan } from '../products/repository';
import { recordPurchase, recordRefund } from '../purchases/record-purchase';
import { addOneYear } from '../shared/access-period';
import { findSubscriptionByProviderId } from '../subscriptions/repository';
import { applySubscriptionFacts } from '../subscriptions/subscription-state';

/** Fetches from the provider what a notice needs, before any transaction is opened. */
export async function resolveNotice(deps: Pick<PaymentDeps, 'db' | 'provider'>, notice: ProviderNotice): Promise<ResolvedNotice> {
  if (notice.kind === 'checkout.completed') {
    const outcome = await deps.provider.retrieveCheckout(notice.sessionId);
    return outcome.paid && outcome.payment ? { kind: 'checkout.paid', outcome } : { kind: 'ignored', type: 'checkout.unpaid' };
  }
  if (notice.kind === 'subscription.paid' && notice.checkoutId && !(await findSubscriptionByProviderId(deps.db, notice.subscriptionId))) {
    // the first invoice can be announced before the checkout that created the subscription
    const checkout = await findCheckout(deps.db, notice.checkoutId);
    if (checkout?.providerSessionId) return resolveNotice(deps, { kind: 'checkout.completed', sessionId: checkout.providerSessionId });
  }
  return notice;
}

/**
 * Applies one thing the provider reported, idempotently by the object it concerns
 * (a checkout's payment, a subscription's payment, a subscription's state, a refund),
 * in the caller's transaction (webhooks record the event id in the same one); what it
 * changes here is dated `now`.
 */
export async function applyNotice(
  trx: CommerceExecutor,
  deps: Pick<PaymentDeps, 'provider' | 'log'>,
  notice: ResolvedNotice,
  now: Date,
): Promise<void> {
  switch (notice.kind) {
    case 'checkout.paid': {
      const { outcome } = notice;
      const checkout = await findCheckoutOfSession(trx, outcome.sessionId, outcome.checkoutId);
      if (!checkout) {
        deps.log.warn({ sessionId: outcome.sessionId }, 'payment notice for a checkout this installation did not open');
        return;
      }
      await recordPaidCheckout(trx, checkout, outcome, now);
      return;
    }
    case 'subscription.paid': {
      const sub = await findSubscriptionByProviderId(trx, notice.subscriptionId);
      if (!sub) {
        deps.log.warn({ subscriptionId: notice.subscriptionId }, 'payment notice for an unknown subscription');
        return;
      }
      const product = (notice.planId ? await findProductByPlan(trx, notice.planId) : undefined) ?? (await findProduct(trx, sub.productId));
      if (!product) return;
      const paidAt = new Date(notice.payment.paidAt);
      const periodEnd = sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd) : addOneYear(paidAt);
      // the first payment and a renewal pay for a year from now; other invoices (a
      // mid-period plan change) for the rest of the current period
      const paidUntil = notice.reason === 'other' ? periodEnd : new Date(Math.max(periodEnd.getTime(), addOneYear(paidAt).getTime()));
      // a plan change's invoice may come before or after the subscription's new state: the plan it left is the other one
      const previous =
        notice.reason === 'other'
          ? sub.productId !== product.id
            ? await findProduct(trx, sub.productId)
            : sub.previousProductId
              ? await findProduct(trx, sub.previousProductId)
              : undefined
          : undefined;
      await recordPurchase(trx, {
        reason: notice.reason === 'cycle' ? 'renewal' : notice.reason === 'other' ? 'plan_change' : 'checkout',
        previousProductName: previous?.name ?? null,
        buyer: sub,
        checkoutId: null,
        product: { id: product.id, name: product.name },
        payment: notice.payment,
        provider: deps.provider.name,
        subscriptionId: sub.id,
        groupIds: sub.groupIds,
        periodId: null,
        accessExpiresOn: paidUntil.toISOString(),
      });
      return;
    }
    case 'subscription.changed':
      await applySubscriptionFacts(trx, notice.subscription.subscriptionId, notice.subscription, notice.version, now);
      return;
    case 'payment.refunded':
      await recordRefund(trx, notice.transactionId, notice.refundId, notice.amountCents, now);
      return;
    case 'ignored':
      return;
  }
}

/** Resolves and applies notices the local provider produced itself (its confirmation page, its plan-change approval). */
export async function applyNotices(deps: PaymentDeps, notices: ProviderNotice[]): Promise<void> {
  for (const notice of notices) {
    const resolved = await resolveNotice(deps, notice);
    await deps.inTransaction((trx) => applyNotice(trx, deps, resolved, deps.clock.now()));
  }
}
