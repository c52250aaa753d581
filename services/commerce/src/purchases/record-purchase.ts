import type { EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import type { BuyerColumns, CommerceExecutor, PaymentReason } from '../db';
import type { PaymentFacts } from '../payments/provider';
import { grantOf, kindOf } from '../products/grants';

import { insertPurchase, markRefunded, purchaseBy, type PurchaseRow } from './repository';

export const buyerOf = (row: BuyerColumns): BuyerColumns => ({
  userId: row.userId,
  buyerEmail: row.buyerEmail,
  buyerName: row.buyerName,
  buyerOrganization: row.buyerOrganization,
  buyerGroupIds: row.buyerGroupIds,
});

/** Events caused by a payment are the buyer's doing, whoever delivered the news of it. */
export const actorOfBuyer = (b: BuyerColumns): EventActor => ({ userId: b.userId, name: b.buyerName, groupNames: [] });

export interface NewPurchase {
  buyer: BuyerColumns;
  checkoutId: string | null;
  product: { id: string; name: string };
  payment: PaymentFacts;
  provider: string;
  subscriptionId: string | null;
  groupIds: string[];
  periodId: string | null;
  accessExpiresOn: string;
  /** A renewal, or a plan change's prorated difference (default: a checkout's payment). */
  reason?: PaymentReason;
  /** For a plan change: the plan it came from. */
  previousProductName?: string | null;
}

/**
 * Records the purchase of one payment and announces it, exactly once: the payment's
 * key is unique, so a second notification of the same payment (another webhook, the
 * buyer's browser, a concurrent duplicate) finds the first purchase instead.
 */
export async function recordPurchase(trx: CommerceExecutor, input: NewPurchase): Promise<{ purchase: PurchaseRow; created: boolean }> {
  const inserted = await insertPurchase(trx, {
    ...buyerOf(input.buyer),
    checkoutId: input.checkoutId,
    productId: input.product.id,
    productName: input.product.name,
    amountCents: input.payment.amountCents,
    currency: input.payment.currency.toUpperCase(),
    provider: input.provider,
    paymentKey: input.payment.paymentKey,
    transactionId: input.payment.transactionId,
    subscriptionId: input.subscriptionId,
    groupIds: input.groupIds,
    periodId: input.periodId,
    purchasedOn: input.payment.paidAt,
    accessExpiresOn: input.accessExpiresOn,
    refundedAt: null,
    refundId: null,
    refundedCents: null,
    expiredAt: null,
    reason: input.reason ?? 'checkout',
    previousProductName: input.previousProductName ?? null,
  });
  if (!inserted) {
    const recorded = await purchaseBy(trx, 'paymentKey', input.payment.paymentKey).executeTakeFirstOrThrow();
    return { purchase: recorded, created: false };
  }
  await appendToOutbox(trx, {
    type: 'evt.commerce.purchase.completed',
    actor: actorOfBuyer(inserted),
    data: {
      purchaseId: inserted.id,
      userId: inserted.userId,
      productId: inserted.productId,
      productName: inserted.productName,
      amountCents: inserted.amountCents,
      currency: 'USD',
      transactionId: inserted.transactionId,
      grant: grantOf(inserted.productName, inserted.groupIds, inserted.accessExpiresOn),
      subscriptionId: inserted.subscriptionId,
      groupId: inserted.groupIds[0] ?? null,
      periodId: inserted.periodId,
      certifiedScorecard:
        kindOf(inserted.productName).certifiedScorecard && inserted.groupIds.length === 1 && inserted.periodId
          ? { groupId: inserted.groupIds[0], periodId: inserted.periodId }
          : null,
    },
  });
  return { purchase: inserted, created: true };
}

/** Records a refund made at the provider (by us or from its dashboard) at `now`, once. */
export async function recordRefund(
  trx: CommerceExecutor,
  transactionId: string,
  refundId: string,
  amountCents: number | null,
  now: Date,
): Promise<boolean> {
  const refunded = await markRefunded(trx, transactionId, refundId, amountCents, now);
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
