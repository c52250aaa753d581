import Type from 'typebox';

import { RouteRules } from '@cti/access';
import {
  AccPaymentCheck,
  CommerceMessages,
  ErrorBody,
  MessageBody,
  OwnedAccess,
  PaymentDetails,
  SubscriptionList,
  UpgradeAnswer,
  UpgradeBody,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import { returnOriginOf, type ReturnOrigins } from '../shared/return-origin';

import { ownedBy } from './owned';
import { refundPurchase } from './refund-purchase';
import {
  accPaymentCheck,
  allSubscriptionDetails,
  cancelSubscription,
  ownSubscriptions,
  paymentDetails,
  PlanChangeRefused,
  requestPlanChange,
} from './subscriptions';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const SubscriptionParam = Type.Object({ subscriptionId: Type.String({ maxLength: 200 }) });

/** My account's subscriptions, the subscriptions admin, cancel, plan change, carbon-calculator check. */
export async function subscriptionRoutes(app: CommerceApp, opts: { payments: PaymentDeps; origins: ReturnOrigins }) {
  app.get(
    '/api/user/paymentDetails',
    {
      preHandler: app.requireUser,
      schema: { tags: ['subscriptions'], summary: 'The caller’s subscriptions', response: { 200: PaymentDetails, 401: ErrorBody } },
    },
    async (request) => paymentDetails(app.db, claimsOf(request)),
  );

  app.get(
    '/api/user/paymentDetails/mine',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'The caller’s subscriptions with their state',
        response: { 200: SubscriptionList, 401: ErrorBody },
      },
    },
    async (request) => ownSubscriptions(app.db, claimsOf(request)),
  );

  app.get(
    '/api/user/paymentDetails/admin',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['subscriptions'],
        summary: 'Every subscription',
        response: { 200: SubscriptionList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => allSubscriptionDetails(app.db),
  );

  app.get(
    '/api/user/check/payments/acc',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'The caller’s carbon calculator subscriptions',
        response: { 200: AccPaymentCheck, 401: ErrorBody },
      },
    },
    async (request) => accPaymentCheck(app.db, claimsOf(request)),
  );

  app.get(
    '/api/payment/unsubscribe/:subscriptionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel a subscription',
        params: SubscriptionParam,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await cancelSubscription(opts.payments, claimsOf(request), request.params.subscriptionId);
      return { message: CommerceMessages.cancelSucceeded };
    },
  );

  app.post(
    '/api/payment/upgrade/:subscriptionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['subscriptions'],
        summary: 'Change a subscription’s plan',
        params: SubscriptionParam,
        body: UpgradeBody,
        response: { 200: UpgradeAnswer, 422: UpgradeAnswer, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const href = await requestPlanChange(
          opts.payments,
          claimsOf(request),
          request.params.subscriptionId,
          request.body.planId,
          returnOriginOf(request, opts.origins),
        );
        return { links: [{ href, rel: 'approve', method: 'GET' }] };
      } catch (err) {
        if (err instanceof PlanChangeRefused) return reply.code(422).send({ name: 'UNPROCESSABLE_ENTITY', message: err.message });
        throw err;
      }
    },
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
