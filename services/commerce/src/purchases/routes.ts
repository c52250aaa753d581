import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { CommerceMessages, ErrorBody, MessageBody, OwnedAccess, PurchaseHistory, PurchaseLog, PurchaseReportBody } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';

import { ownedBy } from './owned';
import { purchaseHistory, purchaseReport, refundPurchase } from './purchases';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };

/** Purchase history (/history), purchase log (/admin/purchaseLog) and refunds. */
export async function purchaseRoutes(app: CommerceApp, opts: { payments: PaymentDeps }) {
  app.get(
    '/api/purchase',
    {
      preHandler: app.requireUser,
      schema: { tags: ['purchases'], summary: 'The caller’s purchase history', response: { 200: PurchaseHistory, 401: ErrorBody } },
    },
    async (request) => purchaseHistory(app.db, claimsOf(request)),
  );

  app.get(
    '/api/purchase/owned',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['purchases'],
        summary: 'What the caller owns: plans, countries, certified scorecards',
        response: { 200: OwnedAccess, 401: ErrorBody },
      },
    },
    async (request) => ownedBy(app.db, claimsOf(request).sub),
  );

  app.post(
    '/api/report/purchase',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['purchases'],
        summary: 'Purchase log between two dates',
        body: PurchaseReportBody,
        response: { 200: PurchaseLog, ...errors },
      },
    },
    async (request) => purchaseReport(app.db, request.body),
  );

  app.get(
    '/api/payment/refund/:transactionId',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['purchases'],
        summary: 'Refund a purchase',
        params: Type.Object({ transactionId: Type.String({ maxLength: 200 }) }),
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await refundPurchase(opts.payments, claimsOf(request), request.params.transactionId);
      return { message: CommerceMessages.refundSucceeded };
    },
  );
}
