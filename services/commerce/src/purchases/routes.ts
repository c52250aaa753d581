import { RouteRules } from '@cti/access';
import { ErrorBody, PurchaseHistory, PurchaseLog, PurchaseReportBody } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';

import { purchaseHistory, purchaseReport } from './purchases';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };

/** Purchase history (/history) and purchase log (/admin/purchaseLog); what one owns and refunds are in subscriptions/. */
export async function purchaseRoutes(app: CommerceApp) {
  app.get(
    '/api/purchase',
    {
      preHandler: app.requireUser,
      schema: { tags: ['purchases'], summary: 'The caller’s purchase history', response: { 200: PurchaseHistory, 401: ErrorBody } },
    },
    async (request) => purchaseHistory(app.db, claimsOf(request)),
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
}
