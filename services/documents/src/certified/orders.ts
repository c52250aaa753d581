import type { CertifiedScorecardOrder, DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { DocumentsDB, DocumentsExecutor } from '../db';

import { findOrderInForce, insertOrderOnce, ordersInForce, revokeOrder } from './repository';

/**
 * Single-country certified-scorecard orders, kept from commerce's purchase events: a
 * completed order unlocks its country's certified scorecard of its period (and nothing
 * else); a refund or the end of its access period takes that back. Package buyers and
 * the other CFT roles are decided by libs/access alone.
 */
export async function projectCommerceEvent(event: DomainEvent, trx: Transaction<DocumentsDB>): Promise<void> {
  switch (event.type) {
    case 'evt.commerce.purchase.completed': {
      const order = event.data.certifiedScorecard;
      if (!order) return;
      // a refund that arrived first left a revoked row: it stays revoked
      await insertOrderOnce(trx, {
        purchaseId: event.data.purchaseId,
        userId: event.data.userId,
        groupId: order.groupId,
        periodId: order.periodId,
        purchasedAt: event.occurredAt,
        revokedAt: null,
        revokedBecause: null,
      });
      return;
    }
    case 'evt.commerce.purchase.refunded':
    case 'evt.commerce.purchase.expired': {
      const because = event.type === 'evt.commerce.purchase.refunded' ? 'refunded' : 'expired';
      const revoked = await revokeOrder(trx, event.data.purchaseId, event.occurredAt, because);
      if (revoked.length) return;
      // revoked before its completion was seen: a revoked row keeps a late completion from unlocking anything
      await insertOrderOnce(trx, {
        purchaseId: event.data.purchaseId,
        userId: event.data.userId,
        groupId: '',
        periodId: '',
        purchasedAt: event.occurredAt,
        revokedAt: event.occurredAt,
        revokedBecause: because,
      });
      return;
    }
    default:
      return;
  }
}

/** Documents' durable consumer of commerce's purchase events (`documents-orders`). */
export const certifiedOrdersConsumer: ConsumerDefinition<DocumentsDB> = {
  name: 'orders',
  filter: ['evt.commerce.purchase.completed', 'evt.commerce.purchase.refunded', 'evt.commerce.purchase.expired'],
  handle: (event, trx) => projectCommerceEvent(event, trx),
};

/** The user's orders still in force, newest first. */
export async function activeOrders(db: DocumentsExecutor, userId: string): Promise<CertifiedScorecardOrder[]> {
  const rows = await ordersInForce(db, userId);
  return rows.map((r) => ({ GroupId: r.groupId, PeriodId: r.periodId, PurchasedOn: new Date(r.purchasedAt).toISOString() }));
}

/**
 * Whether the user holds an order in force for this country (for this period, when given).
 * Certified download needs one unless a CFT role opens every country.
 */
export async function holdsOrder(db: DocumentsExecutor, userId: string, groupId: string, periodId?: string | null): Promise<boolean> {
  if (periodId === null) return false;
  const order = await findOrderInForce(db, userId, groupId, periodId);
  return !!order;
}
