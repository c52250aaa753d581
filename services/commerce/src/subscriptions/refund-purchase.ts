import { CommerceMessages, type AccessClaims } from '@cti/contracts';
import { actorFromClaims, DomainError, NotFound } from '@cti/service-kit';

import type { PaymentDeps } from '../payments/payment-deps';
import { recordRefund } from '../purchases/record-purchase';
import { purchaseBy } from '../purchases/repository';

import { findSubscription } from './repository';
import { endSubscription } from './subscription-state';

// A refund ends the subscription the purchase paid for, so it lives with the subscriptions, which
// depend on the purchase ledger (purchases/), never the reverse.

/**
 * GET /api/payment/refund/{transactionId} (admin): refunds the whole payment at the
 * provider and cancels the subscription it paid for at once (the states and transitions Refund). The provider
 * calls carry idempotency keys and the records change once, so a repeated refund
 * refunds nothing more.
 */
export async function refundPurchase(deps: PaymentDeps, claims: AccessClaims, transactionId: string): Promise<void> {
  const { db, provider } = deps;
  const purchase = await purchaseBy(db, 'transactionId', transactionId).executeTakeFirst();
  if (!purchase) throw new NotFound(CommerceMessages.refundFailed);
  const subscription = purchase.subscriptionId ? await findSubscription(db, purchase.subscriptionId) : undefined;
  let refund: { refundId: string; amountCents: number } | null = null;
  if (!purchase.refundedAt) {
    try {
      refund = await provider.refund(purchase.transactionId, `refund:${purchase.id}`);
    } catch (err) {
      deps.log.warn({ err, transactionId }, 'refund failed at the payment provider');
      throw new DomainError(502, CommerceMessages.refundFailed);
    }
  }
  const reason = `Refunded by ${claims.name || claims.email}`;
  if (subscription && !subscription.endedAt) {
    try {
      await provider.cancelSubscription(subscription.providerSubscriptionId, {
        atPeriodEnd: false,
        reason,
        idempotencyKey: `cancel-now:${subscription.id}`,
      });
    } catch (err) {
      // the money is back; the subscription is ended here and its cancellation retried by the next refund click
      deps.log.warn({ err, subscriptionId: subscription.id }, 'cancelling the refunded subscription failed at the payment provider');
    }
  }
  const now = deps.clock.now();
  await deps.inTransaction(async (trx) => {
    if (refund) await recordRefund(trx, purchase.transactionId, refund.refundId, refund.amountCents, now);
    if (subscription && !subscription.endedAt) await endSubscription(trx, subscription, reason, actorFromClaims(claims), now);
  });
}
