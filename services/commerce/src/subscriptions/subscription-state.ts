import type { EventActor } from '@cti/contracts';
import type { Selectable } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { CheckoutsTable, CommerceExecutor } from '../db';
import type { SubscriptionFacts } from '../payments/provider';
import { grantOf } from '../products/grants';
import { findProduct, findProductByPlan } from '../products/repository';
import { actorOfBuyer, buyerOf } from '../purchases/record-purchase';

import {
  findSubscriptionByProviderId,
  getSubscription,
  insertSubscription,
  lockSubscriptionByProviderId,
  markEnded,
  setMirroredState,
  type SubscriptionRow,
} from './repository';

/** The subscription a checkout started (recorded at `now`); created once, whichever notification arrives first. */
export async function subscriptionOfCheckout(
  trx: CommerceExecutor,
  checkout: Selectable<CheckoutsTable>,
  facts: SubscriptionFacts,
  transactionId: string,
  now: Date,
): Promise<{ row: SubscriptionRow; created: boolean }> {
  const inserted = await insertSubscription(trx, {
    ...buyerOf(checkout),
    provider: checkout.provider,
    providerSubscriptionId: facts.subscriptionId,
    customerId: facts.customerId,
    productId: checkout.productId,
    planId: facts.planId ?? checkout.planId,
    quantity: facts.quantity,
    groupIds: checkout.groupIds,
    status: facts.status === 'CANCELLED' ? 'ACTIVE' : facts.status,
    statusNote: null,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    currentPeriodEnd: facts.currentPeriodEnd,
    transactionId,
    endedAt: null,
    createdOn: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  if (inserted) return { row: inserted, created: true };
  return { row: (await findSubscriptionByProviderId(trx, facts.subscriptionId))!, created: false };
}

async function productName(trx: CommerceExecutor, productId: string) {
  return (await findProduct(trx, productId))?.name ?? 'Subscription';
}

/**
 * Ends a subscription for good (the provider cancelled it, at period end or at once) at
 * `now`: announced once, and identity takes back what it granted.
 */
export async function endSubscription(
  trx: CommerceExecutor,
  row: SubscriptionRow,
  reason: string,
  actor: EventActor | null,
  now: Date,
): Promise<SubscriptionRow> {
  const ended = await markEnded(trx, row.id, reason, now);
  if (!ended) return getSubscription(trx, row.id);
  await appendToOutbox(trx, {
    type: 'evt.commerce.subscription.cancelled',
    actor: actor ?? actorOfBuyer(ended),
    data: {
      subscriptionId: ended.id,
      userId: ended.userId,
      productName: await productName(trx, ended.productId),
      reason,
      endsOn: ended.endedAt!,
      grant: grantOf(await productName(trx, ended.productId), ended.groupIds, null),
    },
  });
  return ended;
}

/**
 * Applies the provider's view of a subscription. Notifications may arrive late or out
 * of order: an older version than the one applied is ignored, and an ended
 * subscription stays ended. A new plan moves the subscription to that plan's product.
 */
export async function applySubscriptionFacts(
  trx: CommerceExecutor,
  providerSubscriptionId: string,
  facts: SubscriptionFacts,
  version: number,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const row = await lockSubscriptionByProviderId(trx, providerSubscriptionId);
  if (!row || row.endedAt || version < row.providerVersion) return row;
  const planChanged = !!facts.planId && facts.planId !== row.planId;
  const newProduct = planChanged ? await findProductByPlan(trx, facts.planId!) : undefined;
  const updated = await setMirroredState(
    trx,
    row.id,
    {
      status: facts.status === 'CANCELLED' ? row.status : facts.status,
      statusNote: facts.statusNote ?? row.statusNote,
      cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
      currentPeriodEnd: facts.currentPeriodEnd ?? row.currentPeriodEnd,
      quantity: facts.quantity,
      planId: facts.planId ?? row.planId,
      productId: newProduct?.id ?? row.productId,
      customerId: row.customerId ?? facts.customerId,
      providerVersion: version,
      scheduledPlanId: facts.scheduledPlanId,
      previousProductId: newProduct && newProduct.id !== row.productId ? row.productId : row.previousProductId,
    },
    now,
  );
  if (newProduct && newProduct.id !== row.productId) {
    await appendToOutbox(trx, {
      type: 'evt.commerce.subscription.planChanged',
      actor: actorOfBuyer(updated),
      data: {
        subscriptionId: updated.id,
        userId: updated.userId,
        fromProductName: await productName(trx, row.productId),
        productName: newProduct.name,
        grant: grantOf(newProduct.name, updated.groupIds, updated.currentPeriodEnd),
      },
    });
  }
  if (facts.status === 'CANCELLED') return endSubscription(trx, updated, facts.statusNote ?? 'Cancelled', null, now);
  return updated;
}
