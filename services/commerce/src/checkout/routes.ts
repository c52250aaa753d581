import { CheckoutQuote, CheckoutSessionAnswer, ErrorBody, PaymentAnswer, PaymentBody, StartCheckoutBody } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import { returnOriginOf, type ReturnOrigins } from '../shared/return-origin';

import { completeBuyerCheckout } from './complete-checkout';
import { quoteCheckout, startCheckout } from './start-checkout';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

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
}
