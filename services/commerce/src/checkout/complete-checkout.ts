import { RoleIds, type RoleName } from '@cti/access';
import { dollarsOfCents, type PaymentAnswer } from '@cti/contracts';
import { BadRequest, Forbidden, NotFound } from '@cti/service-kit';

import type { CommerceExecutor } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import type { CheckoutOutcome } from '../payments/provider';
import { grantOf } from '../products/grants';
import { purchaseLink, purchaseNames } from '../purchases/purchases';
import { recordPurchase } from '../purchases/record-purchase';
import type { PurchaseRow } from '../purchases/repository';
import { addOneYear } from '../shared/access-period';
import { getSubscription } from '../subscriptions/repository';
import { endSubscription, subscriptionOfCheckout } from '../subscriptions/subscription-state';

import { findCheckout, findCheckoutBySession, markCheckoutCompleted, type CheckoutRow } from './repository';

export const PAYMENT_NOT_COMPLETED = 'The payment has not been completed.';

async function checkoutOf(db: CommerceExecutor, outcome: CheckoutOutcome): Promise<CheckoutRow | undefined> {
  const bySession = await findCheckoutBySession(db, outcome.sessionId);
  if (bySession || !outcome.checkoutId) return bySession;
  return findCheckout(db, outcome.checkoutId);
}

/**
 * Records what a paid checkout bought: its subscription (subscription mode) and the
 * purchase of its payment, each once. Called for the buyer's return from the
 * provider, for the provider's webhook and for the local provider's confirmation.
 */
export async function recordPaidCheckout(
  trx: CommerceExecutor,
  checkout: CheckoutRow,
  outcome: CheckoutOutcome,
  now: Date,
): Promise<PurchaseRow> {
  const payment = outcome.payment!;
  let subscriptionId: string | null = null;
  let accessExpiresOn = addOneYear(new Date(payment.paidAt)).toISOString();
  let endedAtProvider = false;
  if (outcome.subscription) {
    const { row } = await subscriptionOfCheckout(trx, checkout, outcome.subscription, payment.transactionId, now);
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
  await markCheckoutCompleted(trx, checkout.id, payment.paidAt);
  if (endedAtProvider && subscriptionId) {
    // cancelled at the provider before this payment was recorded: grant, then end
    const row = await getSubscription(trx, subscriptionId);
    await endSubscription(trx, row, outcome.subscription!.statusNote ?? 'Cancelled', null, now);
  }
  return purchase;
}

/**
 * Completes a checkout from the provider's own record of it (never from what the
 * browser claims). `buyerId` restricts it to the buyer's own checkout.
 */
async function completeCheckout(deps: PaymentDeps, sessionId: string, buyerId: string | null): Promise<PurchaseRow> {
  if (buyerId) {
    // a buyer returns with a session this service opened for them (stored before they were sent to pay):
    // any other id is not found, and the provider is not asked about ids it never issued
    const opened = await findCheckoutBySession(deps.db, sessionId);
    if (!opened) throw new NotFound('Checkout not found');
    if (opened.userId !== buyerId) throw new Forbidden();
  }
  const outcome = await deps.provider.retrieveCheckout(sessionId);
  const checkout = await checkoutOf(deps.db, outcome);
  if (!checkout) throw new NotFound('Checkout not found');
  if (buyerId && checkout.userId !== buyerId) throw new Forbidden();
  if (!outcome.paid || !outcome.payment) throw new BadRequest(PAYMENT_NOT_COMPLETED);
  return deps.inTransaction((trx) => recordPaidCheckout(trx, checkout, outcome, deps.clock.now()));
}

/** POST api/payment: the buyer is back from the provider; their checkout is completed and what it bought is named. */
export async function completeBuyerCheckout(deps: PaymentDeps, sessionId: string, buyerId: string): Promise<PaymentAnswer> {
  const purchase = await completeCheckout(deps, sessionId, buyerId);
  const grant = grantOf(purchase.productName, purchase.groupIds, purchase.accessExpiresOn);
  const [title] = await purchaseNames(deps.db, [purchase]);
  return {
    purchaseId: purchase.id,
    productName: purchase.productName,
    amount: dollarsOfCents(purchase.amountCents),
    transactionId: purchase.transactionId,
    updatesRole: grant.roles.length > 0,
    grantsRoles: grant.roles.map((r) => RoleIds[r as RoleName]).filter((id): id is (typeof RoleIds)[RoleName] => id !== undefined),
    grantsGroups: grant.groupIds,
    title,
    link: purchaseLink(purchase),
  };
}
