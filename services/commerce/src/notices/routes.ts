import Type from 'typebox';

import { ErrorBody, LocalCheckoutSession, LocalPlanChange, RedirectAnswer } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import { LocalProvider } from '../payments/local-provider';
import type { PaymentDeps } from '../payments/payment-deps';

import {
  approveLocalPlanChange,
  cancelLocalSession,
  localPlanChangeView,
  localSessionView,
  payLocalSession,
  type LocalPaymentDeps,
} from './local-pages';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const SessionParam = Type.Object({ sessionId: Type.String({ maxLength: 200 }) });
const ChangeParam = Type.Object({ changeId: Type.String({ maxLength: 200 }) });

/**
 * The local provider's own pages (development payments): its confirmation page and plan-change
 * approval stand in for Stripe's hosted pages and report what happened as notices, applied like
 * the webhook's. Registered only when the installation runs the local provider.
 */
export async function localPaymentRoutes(app: CommerceApp, opts: { payments: PaymentDeps }) {
  const { payments } = opts;
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
