import type { FastifyBaseLogger } from 'fastify';

import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import { recordPaidCheckout } from '../checkout/complete-checkout';
import type { CommerceExecutor, CommerceApp } from '../db';
import { grantOf } from '../products/grants';
import { findProduct, findProductByPlan } from '../products/repository';
import { addOneYear } from '../purchases/access-period';
import { actorOfBuyer, recordPurchase } from '../purchases/record-purchase';
import { applySubscriptionFacts, findSubscriptionByProviderId } from '../subscriptions/subscription-state';

import type { PaymentProvider, ProviderNotice, ResolvedNotice } from './provider';

/** Records a refund made at the provider (by us or from its dashboard), once. */
export async function recordRefund(
  trx: CommerceExecutor,
  transactionId: string,
  refundId: string,
  amountCents: number | null,
): Promise<boolean> {
  const refunded = await trx
    .updateTable('purchases')
    .set({ refundedAt: sql<string>`now()`, refundId, refundedCents: sql<number>`coalesce(${amountCents}::int, amount_cents)` })
    .where('transactionId', '=', transactionId)
    .where('refundedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!refunded) return false;
  await appendToOutbox(trx, {
    type: 'evt.commerce.purchase.refunded',
    actor: actorOfBuyer(refunded),
    data: {
      purchaseId: refunded.id,
      userId: refunded.userId,
      productName: refunded.productName,
      amountCents: refunded.refundedCents ?? refunded.amountCents,
      transactionId: refunded.transactionId,
      grant: grantOf(refunded.productName, refunded.groupIds, null),
      subscriptionId: refunded.subscriptionId,
    },
  });
  return true;
}

/** Fetches from the provider what a notice needs, before any transaction is opened. */
export async function resolveNotice(app: CommerceApp, provider: PaymentProvider, notice: ProviderNotice): Promise<ResolvedNotice> {
  if (notice.kind === 'checkout.completed') {
    const outcome = await provider.retrieveCheckout(notice.sessionId);
    return outcome.paid && outcome.payment ? { kind: 'checkout.paid', outcome } : { kind: 'ignored', type: 'checkout.unpaid' };
  }
  if (notice.kind === 'subscription.paid' && notice.checkoutId && !(await findSubscriptionByProviderId(app.db, notice.subscriptionId))) {
    // the first invoice can be announced before the checkout that created the subscription
    const checkout = await app.db
      .selectFrom('checkouts')
      .select('providerSessionId')
      .where('id', '=', notice.checkoutId)
      .executeTakeFirst();
    if (checkout?.providerSessionId)
      return resolveNotice(app, provider, { kind: 'checkout.completed', sessionId: checkout.providerSessionId });
  }
  return notice;
}

/**
 * Applies one thing the provider reported, idempotently by the object it concerns
 * (a checkout's payment, a subscription's payment, a subscription's state, a refund),
 * in the caller's transaction (webhooks record the event id in the same one).
 */
export async function applyNotice(
  trx: CommerceExecutor,
  provider: PaymentProvider,
  notice: ResolvedNotice,
  log: FastifyBaseLogger,
): Promise<void> {
  switch (notice.kind) {
    case 'checkout.paid': {
      const { outcome } = notice;
      const checkout = await trx
        .selectFrom('checkouts')
        .selectAll()
        .where((eb) =>
          eb.or([eb('providerSessionId', '=', outcome.sessionId), ...(outcome.checkoutId ? [eb('id', '=', outcome.checkoutId)] : [])]),
        )
        .executeTakeFirst();
      if (!checkout) {
        log.warn({ sessionId: outcome.sessionId }, 'payment notice for a checkout this installation did not open');
        return;
      }
      await recordPaidCheckout(trx, checkout, outcome);
      return;
    }
    case 'subscription.paid': {
      const sub = await findSubscriptionByProviderId(trx, notice.subscriptionId);
      if (!sub) {
        log.warn({ subscriptionId: notice.subscriptionId }, 'payment notice for an unknown subscription');
        return;
      }
      const product = (notice.planId ? await findProductByPlan(trx, notice.planId) : undefined) ?? (await findProduct(trx, sub.productId));
      if (!product) return;
      const paidAt = new Date(notice.payment.paidAt);
      const periodEnd = sub.currentPeriodEnd ? new Date(sub.currentPeriodEnd) : addOneYear(paidAt);
      // the first payment and a renewal pay for a year from now; other invoices (a
      // mid-period plan change) for the rest of the current period
      const paidUntil = notice.reason === 'other' ? periodEnd : new Date(Math.max(periodEnd.getTime(), addOneYear(paidAt).getTime()));
      await recordPurchase(trx, {
        buyer: sub,
        checkoutId: null,
        product: { id: product.id, name: product.name },
        payment: notice.payment,
        provider: provider.name,
        subscriptionId: sub.id,
        groupIds: sub.groupIds,
        periodId: null,
        accessExpiresOn: paidUntil.toISOString(),
      });
      return;
    }
    case 'subscription.changed':
      await applySubscriptionFacts(trx, notice.subscription.subscriptionId, notice.subscription, notice.version);
      return;
    case 'payment.refunded':
      await recordRefund(trx, notice.transactionId, notice.refundId, notice.amountCents);
      return;
    case 'ignored':
      return;
  }
}

/** Resolves and applies notices the local provider produced itself (its confirmation page, its billing sweep). */
export async function applyNotices(app: CommerceApp, provider: PaymentProvider, notices: ProviderNotice[]): Promise<void> {
  for (const notice of notices) {
    const resolved = await resolveNotice(app, provider, notice);
    await app.inTransaction((trx: CommerceExecutor) => applyNotice(trx, provider, resolved, app.log));
  }
}
