import type { Selectable } from '@cti/db';
import { BadRequest, Forbidden, NotFound } from '@cti/service-kit';

import type { CheckoutsTable, CommerceExecutor, CommerceApp } from '../db';
import type { CheckoutOutcome, PaymentProvider } from '../payments/provider';
import { addOneYear } from '../purchases/access-period';
import { recordPurchase, type PurchaseRow } from '../purchases/record-purchase';
import { endSubscription, subscriptionOfCheckout } from '../subscriptions/subscription-state';

export const PAYMENT_NOT_COMPLETED = 'The payment has not been completed.';

type CheckoutRow = Selectable<CheckoutsTable>;

async function checkoutOf(db: CommerceExecutor, outcome: CheckoutOutcome): Promise<CheckoutRow | undefined> {
  const bySession = await db.selectFrom('checkouts').selectAll().where('providerSessionId', '=', outcome.sessionId).executeTakeFirst();
  if (bySession || !outcome.checkoutId) return bySession;
  return db.selectFrom('checkouts').selectAll().where('id', '=', outcome.checkoutId).executeTakeFirst();
}

/**
 * Records what a paid checkout bought: its subscription (subscription mode) and the
 * purchase of its payment, each once. Called for the buyer's return from the
 * provider, for the provider's webhook and for the local provider's confirmation.
 */
export async function recordPaidCheckout(trx: CommerceExecutor, checkout: CheckoutRow, outcome: CheckoutOutcome): Promise<PurchaseRow> {
  const payment = outcome.payment!;
  let subscriptionId: string | null = null;
  let accessExpiresOn = addOneYear(new Date(payment.paidAt)).toISOString();
  let endedAtProvider = false;
  if (outcome.subscription) {
    const { row } = await subscriptionOfCheckout(trx, checkout, outcome.subscription, payment.transactionId);
    subscriptionId = row.id;
    if (outcome.subscription.currentPeriodEnd) accessExpiresOn = outcome.subscription.currentPeriodEnd;
    endedAtProvider = outcome.subscription.status === 'CANCELLED' && !row.endedAt;
  }
  const { purchase } = await recordPurchase(trx, {
    buyer: checkout,
    checkoutId: checkout.id,
    product: { id: checkout.productId, name: checkout.productName },
    payment,
    provider: checkout.provider,
    subscriptionId,
    groupIds: checkout.groupIds,
    periodId: checkout.periodId,
    accessExpiresOn,
  });
  await trx
    .updateTable('checkouts')
    .set({ status: 'completed', completedAt: payment.paidAt })
    .where('id', '=', checkout.id)
    .where('status', '=', 'open')
    .execute();
  if (endedAtProvider && subscriptionId) {
    // cancelled at the provider before this payment was recorded: grant, then end
    const row = await trx.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
    await endSubscription(trx, row, outcome.subscription!.statusNote ?? 'Cancelled', null);
  }
  return purchase;
}

/**
 * Completes a checkout from the provider's own record of it (never from what the
 * browser claims). `buyerId` restricts it to the buyer's own checkout.
 */
export async function completeCheckout(
  app: CommerceApp,
  provider: PaymentProvider,
  sessionId: string,
  buyerId: string | null,
): Promise<PurchaseRow> {
  if (buyerId) {
    // a buyer returns with a session this service opened for them (stored before they were sent to pay):
    // any other id is not found, and the provider is not asked about ids it never issued
    const opened = await app.db.selectFrom('checkouts').select('userId').where('providerSessionId', '=', sessionId).executeTakeFirst();
    if (!opened) throw new NotFound('Checkout not found');
    if (opened.userId !== buyerId) throw new Forbidden();
  }
  const outcome = await provider.retrieveCheckout(sessionId);
  const checkout = await checkoutOf(app.db, outcome);
  if (!checkout) throw new NotFound('Checkout not found');
  if (buyerId && checkout.userId !== buyerId) throw new Forbidden();
  if (!outcome.paid || !outcome.payment) throw new BadRequest(PAYMENT_NOT_COMPLETED);
  return app.inTransaction((trx: CommerceExecutor) => recordPaidCheckout(trx, checkout, outcome));
}
