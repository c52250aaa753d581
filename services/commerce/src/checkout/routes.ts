import Type from 'typebox';

import {
  CheckoutQuote,
  CheckoutSessionAnswer,
  ErrorBody,
  LocalCheckoutSession,
  LocalPlanChange,
  PaymentAnswer,
  PaymentBody,
  RedirectAnswer,
  StartCheckoutBody,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import { LocalProvider } from '../payments/local-provider';
import type { PaymentDeps } from '../payments/payment-deps';

import { completeBuyerCheckout } from './complete-checkout';
import {
  approveLocalPlanChange,
  cancelLocalSession,
  localPlanChangeView,
  localSessionView,
  payLocalSession,
  type LocalPaymentDeps,
} from './local-pages';
import { returnOriginOf, type ReturnOrigins } from './return-origin';
import { quoteCheckout, startCheckout } from './start-checkout';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const SessionParam = Type.Object({ sessionId: Type.String({ maxLength: 200 }) });
const ChangeParam = Type.Object({ changeId: Type.String({ maxLength: 200 }) });

/** Checkout (/checkout/{productId}): open a provider checkout, then complete the payment it confirmed. */
export async function checkoutRoutes(app: CommerceApp, opts: { payments: PaymentDeps; origins: ReturnOrigins }) {
  const { payments, origins } = opts;

  app.post(
    '/api/payment/checkout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Start a checkout',
        body: StartCheckoutBody,
        response: { 200: CheckoutSessionAnswer, ...errors },
      },
    },
    async (request) => startCheckout(payments, claimsOf(request), request.body, returnOriginOf(request, origins)),
  );

  app.post(
    '/api/payment/quote',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Price of a purchase before checkout',
        body: StartCheckoutBody,
        response: { 200: CheckoutQuote, ...errors },
      },
    },
    async (request) => quoteCheckout(app.db, claimsOf(request), request.body),
  );

  app.post(
    '/api/payment',
    {
      preHandler: app.requireUser,
      schema: { tags: ['payments'], summary: 'Complete a payment', body: PaymentBody, response: { 200: PaymentAnswer, ...errors } },
    },
    async (request) => completeBuyerCheckout(payments, request.body.details.sessionId, claimsOf(request).sub),
  );

  if (!(payments.provider instanceof LocalProvider)) return;
  const local: LocalPaymentDeps = { ...payments, provider: payments.provider };

  // the local provider's confirmation page (web /payment/local/{sessionId}) talks to these
  app.get(
    '/api/payment/local/:sessionId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A local checkout session (development payments)',
        params: SessionParam,
        response: { 200: LocalCheckoutSession, ...errors },
      },
    },
    async (request) => localSessionView(local.provider, request.params.sessionId, claimsOf(request).email),
  );
  app.post(
    '/api/payment/local/:sessionId/pay',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Pay a local checkout session',
        params: SessionParam,
        response: { 200: RedirectAnswer, ...errors },
      },
    },
    async (request) => payLocalSession(local, request.params.sessionId, claimsOf(request).email),
  );
  app.post(
    '/api/payment/local/:sessionId/cancel',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Cancel a local checkout session',
        params: SessionParam,
        response: { 200: RedirectAnswer, ...errors },
      },
    },
    async (request) => cancelLocalSession(local.provider, request.params.sessionId, claimsOf(request).email),
  );
  app.get(
    '/api/payment/local/approve/:changeId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'A pending plan change (development payments)',
        params: ChangeParam,
        response: { 200: LocalPlanChange, ...errors },
      },
    },
    async (request) => localPlanChangeView(local.provider, request.params.changeId, claimsOf(request).email),
  );
  app.post(
    '/api/payment/local/approve/:changeId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Approve a pending plan change',
        params: ChangeParam,
        response: { 200: RedirectAnswer, ...errors },
      },
    },
    async (request) => approveLocalPlanChange(local, request.params.changeId, claimsOf(request).email),
  );
}
