import Type from 'typebox';

import { RoleIds, type RoleName } from '@cti/access';
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
import { claimsOf, NotFound } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import { LocalProvider, samePagePath } from '../payments/local-provider';
import { applyNotices } from '../payments/notices';
import type { PaymentDeps } from '../payments/payment-deps';
import { ProviderError } from '../payments/provider';
import { grantOf } from '../products/grants';
import { purchaseLink, purchaseNames } from '../purchases/purchases';

import { completeCheckout } from './complete-checkout';
import { returnOriginOf, type ReturnOrigins } from './return-origin';
import { quoteCheckout, startCheckout } from './start-checkout';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const SessionParam = Type.Object({ sessionId: Type.String({ maxLength: 200 }) });
const ChangeParam = Type.Object({ changeId: Type.String({ maxLength: 200 }) });

/** Checkout (/checkout/{productId}): open a provider checkout, then complete the payment it confirmed. */
export async function checkoutRoutes(app: CommerceApp, opts: { payments: PaymentDeps; origins: ReturnOrigins }) {
  const { payments, origins } = opts;

  app.post(
    '/api/payment/checkout',
    {
      preHandler: app.requireUser,
      schema: { tags: ['payments'], body: StartCheckoutBody, response: { 200: CheckoutSessionAnswer, ...errors } },
    },
    async (request) => startCheckout(payments, claimsOf(request), request.body, returnOriginOf(request, origins)),
  );

  app.post(
    '/api/payment/quote',
    {
      preHandler: app.requireUser,
      schema: { tags: ['payments'], body: StartCheckoutBody, response: { 200: CheckoutQuote, ...errors } },
    },
    async (request) => quoteCheckout(app.db, request.body),
  );

  app.post(
    '/api/payment',
    { preHandler: app.requireUser, schema: { tags: ['payments'], body: PaymentBody, response: { 200: PaymentAnswer, ...errors } } },
    async (request) => {
      const purchase = await completeCheckout(payments, request.body.details.sessionId, claimsOf(request).sub);
      const grant = grantOf(purchase.productName, purchase.groupIds, purchase.accessExpiresOn);
      const [title] = await purchaseNames(app.db, [purchase]);
      return {
        purchaseId: purchase.id,
        productName: purchase.productName,
        amount: purchase.amountCents,
        transactionId: purchase.transactionId,
        updatesRole: grant.roles.length > 0,
        grantsRoles: grant.roles.map((r) => RoleIds[r as RoleName]).filter((id): id is (typeof RoleIds)[RoleName] => id !== undefined),
        grantsGroups: grant.groupIds,
        title,
        link: purchaseLink(purchase),
      };
    },
  );

  if (!(payments.provider instanceof LocalProvider)) return;
  const local = payments.provider;
  const refused = (err: unknown): never => {
    if (err instanceof ProviderError) throw new NotFound(err.detail);
    throw err;
  };
  /** Only the buyer the session was opened for may see, pay or cancel it. */
  const ownSession = async (sessionId: string, email: string) => {
    const session = await local.session(sessionId);
    if (!session || session.customerEmail.toLowerCase() !== email.toLowerCase()) throw new NotFound('No such checkout session');
    return session;
  };

  // the local provider's confirmation page (web /payment/local/{sessionId}) talks to these
  app.get(
    '/api/payment/local/:sessionId',
    {
      preHandler: app.requireUser,
      schema: { tags: ['payments'], params: SessionParam, response: { 200: LocalCheckoutSession, ...errors } },
    },
    async (request) => {
      const session = await ownSession(request.params.sessionId, claimsOf(request).email);
      return {
        sessionId: session.id,
        status: session.status,
        mode: session.mode,
        description: session.description,
        amount: session.unitAmountCents * session.quantity,
        quantity: session.quantity,
        cancelUrl: samePagePath(session.cancelUrl),
      };
    },
  );
  app.post(
    '/api/payment/local/:sessionId/pay',
    { preHandler: app.requireUser, schema: { tags: ['payments'], params: SessionParam, response: { 200: RedirectAnswer, ...errors } } },
    async (request) => {
      await ownSession(request.params.sessionId, claimsOf(request).email);
      const paid = await local.pay(request.params.sessionId).catch(refused);
      // what Stripe's webhook would announce, applied at once
      await applyNotices(payments, [paid.notice]);
      return { redirectUrl: paid.successUrl };
    },
  );
  app.post(
    '/api/payment/local/:sessionId/cancel',
    { preHandler: app.requireUser, schema: { tags: ['payments'], params: SessionParam, response: { 200: RedirectAnswer, ...errors } } },
    async (request) => {
      await ownSession(request.params.sessionId, claimsOf(request).email);
      return { redirectUrl: await local.cancelSession(request.params.sessionId).catch(refused) };
    },
  );
  app.get(
    '/api/payment/local/approve/:changeId',
    { preHandler: app.requireUser, schema: { tags: ['payments'], params: ChangeParam, response: { 200: LocalPlanChange, ...errors } } },
    async (request) => {
      const change = await local.planChange(request.params.changeId);
      if (!change || change.customerEmail.toLowerCase() !== claimsOf(request).email.toLowerCase())
        throw new NotFound('No such plan change');
      return { changeId: change.id, status: change.status, fromPlan: change.fromPlan, toPlan: change.toPlan, returnUrl: change.returnUrl };
    },
  );
  app.post(
    '/api/payment/local/approve/:changeId',
    { preHandler: app.requireUser, schema: { tags: ['payments'], params: ChangeParam, response: { 200: RedirectAnswer, ...errors } } },
    async (request) => {
      const change = await local.planChange(request.params.changeId);
      if (!change || change.customerEmail.toLowerCase() !== claimsOf(request).email.toLowerCase())
        throw new NotFound('No such plan change');
      const approved = await local.approvePlanChange(request.params.changeId).catch(refused);
      await applyNotices(payments, [approved.notice]);
      return { redirectUrl: approved.returnUrl };
    },
  );
}
