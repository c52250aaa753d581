import { dollarsOfCents, type LocalCheckoutSession, type LocalPlanChange, type RedirectAnswer } from '@cti/contracts';
import { NotFound } from '@cti/service-kit';

import type { LocalProvider } from '../payments/local-provider';
import { samePagePath } from '../payments/local-provider';
import type { PaymentDeps } from '../payments/payment-deps';
import { ProviderError } from '../payments/provider';

import { applyNotices } from './apply-notices';

/** Payment dependencies when the installation runs the local provider (its confirmation and approval pages). */
export interface LocalPaymentDeps extends PaymentDeps {
  readonly provider: LocalProvider;
}

/** What the local provider refuses (an unknown or cancelled session, an inactive subscription) reads as not found. */
const refused = (err: unknown): never => {
  if (err instanceof ProviderError) throw new NotFound(err.detail);
  throw err;
};

/** Only the buyer the session was opened for may see, pay or cancel it. */
async function ownSession(local: LocalProvider, sessionId: string, email: string) {
  const session = await local.session(sessionId);
  if (!session || session.customerEmail.toLowerCase() !== email.toLowerCase()) throw new NotFound('No such checkout session');
  return session;
}

/** Only the subscriber may see or approve a plan change. */
async function ownPlanChange(local: LocalProvider, changeId: string, email: string) {
  const change = await local.planChange(changeId);
  if (!change || change.customerEmail.toLowerCase() !== email.toLowerCase()) throw new NotFound('No such plan change');
  return change;
}

/** GET api/payment/local/{sessionId}: what the confirmation page shows. */
export async function localSessionView(local: LocalProvider, sessionId: string, email: string): Promise<LocalCheckoutSession> {
  const session = await ownSession(local, sessionId, email);
  return {
    sessionId: session.id,
    status: session.status,
    mode: session.mode,
    description: session.description,
    amount: dollarsOfCents(session.unitAmountCents * session.quantity),
    quantity: session.quantity,
    cancelUrl: samePagePath(session.cancelUrl),
  };
}

/** POST api/payment/local/{sessionId}/pay: the buyer confirmed; the payment is applied at once, as Stripe's webhook would announce it. */
export async function payLocalSession(deps: LocalPaymentDeps, sessionId: string, email: string): Promise<RedirectAnswer> {
  await ownSession(deps.provider, sessionId, email);
  const paid = await deps.provider.pay(sessionId).catch(refused);
  await applyNotices(deps, [paid.notice]);
  return { redirectUrl: paid.successUrl };
}

/** POST api/payment/local/{sessionId}/cancel: back to checkout, nothing paid. */
export async function cancelLocalSession(local: LocalProvider, sessionId: string, email: string): Promise<RedirectAnswer> {
  await ownSession(local, sessionId, email);
  return { redirectUrl: await local.cancelSession(sessionId).catch(refused) };
}

/** GET api/payment/local/approve/{changeId}: what the plan-change approval page shows. */
export async function localPlanChangeView(local: LocalProvider, changeId: string, email: string): Promise<LocalPlanChange> {
  const change = await ownPlanChange(local, changeId, email);
  return {
    changeId: change.id,
    status: change.status,
    fromPlan: change.fromPlan,
    toPlan: change.toPlan,
    returnUrl: change.returnUrl,
    upgrade: change.upgrade,
    chargeNow: dollarsOfCents(change.chargeNowCents),
    renewalPrice: dollarsOfCents(change.renewalCents),
    takesEffectOn: change.upgrade ? (change.approvedAt ?? null) : change.periodEnd,
    periodEnd: change.periodEnd,
  };
}

/** POST api/payment/local/approve/{changeId}: the subscriber approved; the subscription moves to the new plan now. */
export async function approveLocalPlanChange(deps: LocalPaymentDeps, changeId: string, email: string): Promise<RedirectAnswer> {
  await ownPlanChange(deps.provider, changeId, email);
  const approved = await deps.provider.approvePlanChange(changeId).catch(refused);
  await applyNotices(deps, approved.notices);
  return { redirectUrl: approved.returnUrl };
}
