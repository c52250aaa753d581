import { createHash } from 'node:crypto';

import type { Kysely, Selectable } from '@cti/db';
import type { Clock } from '@cti/service-kit';

import type { CommerceDB, CommerceExecutor, LocalSubscriptionsTable } from '../db';
import { addOneYear } from '../shared/access-period';

import {
  ProviderError,
  WebhookRefused,
  type CheckoutInput,
  type CheckoutOutcome,
  type PaymentProvider,
  type PlanInput,
  type ProviderNotice,
  type ResolvedNotice,
  type SubscriptionFacts,
  type VerifiedNotification,
} from './provider';
import {
  cancelLocalSubscription,
  cancelOpenLocalSession,
  claimDueLocalSubscriptions,
  deactivateLocalPlan,
  endLocalSubscriptionAtPeriodEnd,
  findLocalPlan,
  findLocalPlanChange,
  findLocalSession,
  findLocalSubscription,
  insertLocalPayment,
  insertLocalPlan,
  insertLocalPlanChange,
  insertLocalSession,
  insertLocalSubscription,
  localPlanNames,
  lockLocalPlanChange,
  lockLocalSession,
  markLocalPaymentRefunded,
  markLocalPlanChangeApproved,
  markLocalSessionPaid,
  moveActiveLocalSubscription,
  startLocalPeriod,
} from './repository';

/** Ids derived from the idempotency key: a retried call finds what the first one made. */
const keyedId = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

type LocalSubscription = Selectable<LocalSubscriptionsTable>;

function facts(sub: LocalSubscription): SubscriptionFacts {
  return {
    subscriptionId: sub.id,
    customerId: null,
    status: sub.status === 'canceled' ? 'CANCELLED' : 'ACTIVE',
    statusNote: sub.cancelReason,
    planId: sub.planId,
    quantity: sub.quantity,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPlanId: sub.scheduledPlanId,
    checkoutId: sub.metadata.checkoutId ?? null,
  };
}

/**
 * What moving to a dearer plan costs now, as Stripe prorates a subscription update with
 * `always_invoice`: the new price less the old, per unit, for the part of the current
 * period that is left (to the second), in whole cents. A cheaper plan costs nothing now:
 * it waits for the renewal.
 */
export function proratedDifference(
  sub: { currentPeriodStart: string; currentPeriodEnd: string; quantity: number },
  fromCents: number,
  toCents: number,
  now: Date,
): number {
  if (toCents <= fromCents) return 0;
  const start = Date.parse(sub.currentPeriodStart);
  const end = Date.parse(sub.currentPeriodEnd);
  const left = Math.min(Math.max(end - now.getTime(), 0), end - start);
  if (end <= start) return 0;
  return Math.round(((toCents - fromCents) * sub.quantity * left) / (end - start));
}

/**
 * The local provider's pages are pages of this same web app, so the buyer stays on the
 * origin they are using: only the path (and query) of a return address is kept.
 */
export const samePagePath = (url: string) => {
  try {
    const parsed = new URL(url, 'http://same.origin');
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return '/';
  }
};

/**
 * The embedded payment provider: the same port as Stripe, with its state in
 * commerce's own schema. Checkout completes on the web app's local confirmation
 * page (/payment/local/{sessionId}); renewals and period-end cancellations happen
 * when the billing sweep finds a period that ended. No card data, no network. Its times
 * (payments, periods, cancellations) are the service clock's, as Stripe's are Stripe's.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly db: Kysely<CommerceDB>,
    private readonly clock: Clock,
  ) {}

  /** The version a subscription state is announced with: the provider's time in seconds, as Stripe's event time. */
  private version(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  async ensureCustomer(): Promise<null> {
    return null;
  }

  async createPlan(input: PlanInput): Promise<string> {
    const id = keyedId('lpl', input.idempotencyKey);
    await insertLocalPlan(this.db, { id, name: input.name, amountCents: input.amountCents });
    return id;
  }

  async removePlan(planId: string): Promise<void> {
    await deactivateLocalPlan(this.db, planId);
  }

  async createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    if (input.mode === 'subscription') {
      const plan = input.planId ? await findLocalPlan(this.db, input.planId) : undefined;
      if (!plan?.active) throw new ProviderError(`No active local plan ${input.planId}`);
    }
    const id = keyedId('lcs', input.idempotencyKey);
    await insertLocalSession(this.db, {
      id,
      mode: input.mode,
      description: input.productName,
      unitAmountCents: input.unitAmountCents,
      quantity: input.quantity,
      planId: input.planId,
      customerEmail: input.customerEmail,
      metadata: JSON.stringify({ checkoutId: input.checkoutId }) as unknown as Record<string, string>,
      successUrl: samePagePath(input.successUrl.replace('{CHECKOUT_SESSION_ID}', id)),
      cancelUrl: samePagePath(input.cancelUrl),
      paymentId: null,
      subscriptionId: null,
      paidAt: null,
    });
    return { sessionId: id, url: `/payment/local/${id}` };
  }

  session(sessionId: string) {
    return findLocalSession(this.db, sessionId);
  }

  /**
   * The buyer confirmed on the local page: the payment is taken (and the subscription
   * started) once, however often the page posts.
   */
  async pay(sessionId: string): Promise<{ successUrl: string; notice: ProviderNotice }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const session = await lockLocalSession(trx, sessionId);
      if (!session) throw new ProviderError('No such checkout session');
      if (session.status === 'cancelled') throw new ProviderError('This checkout session was cancelled');
      if (session.status === 'open') {
        const paymentId = keyedId('lpi', `session:${session.id}`);
        const amount = session.unitAmountCents * session.quantity;
        let subscriptionId: string | null = null;
        if (session.mode === 'subscription') {
          subscriptionId = keyedId('lsub', `session:${session.id}`);
          await insertLocalSubscription(trx, {
            id: subscriptionId,
            planId: session.planId!,
            quantity: session.quantity,
            customerEmail: session.customerEmail,
            metadata: JSON.stringify(session.metadata) as unknown as Record<string, string>,
            cancelReason: null,
            currentPeriodStart: now.toISOString(),
            currentPeriodEnd: addOneYear(now).toISOString(),
            canceledAt: null,
          });
        }
        await insertLocalPayment(trx, {
          id: paymentId,
          amountCents: amount,
          sessionId: session.id,
          subscriptionId,
          reason: 'checkout',
          refundId: null,
          refundedAt: null,
        });
        await markLocalSessionPaid(trx, session.id, { paymentId, subscriptionId }, now);
      }
      return { successUrl: samePagePath(session.successUrl), notice: { kind: 'checkout.completed', sessionId: session.id } as const };
    });
  }

  async cancelSession(sessionId: string): Promise<string> {
    const session = await this.session(sessionId);
    if (!session) throw new ProviderError('No such checkout session');
    await cancelOpenLocalSession(this.db, sessionId);
    return samePagePath(session.cancelUrl);
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutOutcome> {
    const session = await this.session(sessionId);
    if (!session) throw new ProviderError('No such checkout session');
    const paid = session.status === 'paid' && !!session.paymentId;
    const sub = session.subscriptionId ? await findLocalSubscription(this.db, session.subscriptionId) : undefined;
    return {
      sessionId: session.id,
      checkoutId: session.metadata.checkoutId ?? null,
      paid,
      payment: paid
        ? {
            paymentKey: session.paymentId!,
            transactionId: session.paymentId!,
            amountCents: session.unitAmountCents * session.quantity,
            currency: 'USD',
            paidAt: session.paidAt ?? this.clock.now().toISOString(),
          }
        : null,
      subscription: sub ? facts(sub) : null,
    };
  }

  async refund(transactionId: string): Promise<{ refundId: string; amountCents: number }> {
    const refundId = keyedId('lre', transactionId);
    const payment = await markLocalPaymentRefunded(this.db, transactionId, refundId, this.clock.now());
    if (!payment) throw new ProviderError(`No local payment ${transactionId}`);
    return { refundId, amountCents: payment.amountCents };
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionFacts> {
    const sub = await findLocalSubscription(this.db, subscriptionId);
    if (!sub) throw new ProviderError(`No local subscription ${subscriptionId}`);
    return facts(sub);
  }

  async cancelSubscription(subscriptionId: string, opts: { atPeriodEnd: boolean; reason: string }): Promise<SubscriptionFacts> {
    const sub = await cancelLocalSubscription(this.db, subscriptionId, opts.atPeriodEnd, opts.reason, this.clock.now());
    if (!sub) throw new ProviderError(`No local subscription ${subscriptionId}`);
    return facts(sub);
  }

  async requestPlanChange(input: { subscriptionId: string; planId: string; returnUrl: string; idempotencyKey: string }): Promise<string> {
    const sub = await findLocalSubscription(this.db, input.subscriptionId);
    if (!sub || sub.status === 'canceled') throw new ProviderError('The subscription is not active');
    const plan = await findLocalPlan(this.db, input.planId);
    if (!plan?.active) throw new ProviderError(`No active local plan ${input.planId}`);
    const id = keyedId('lpc', input.idempotencyKey);
    await insertLocalPlanChange(this.db, {
      id,
      subscriptionId: sub.id,
      fromPlanId: sub.planId,
      newPlanId: plan.id,
      returnUrl: samePagePath(input.returnUrl),
    });
    return `/payment/local/approve/${id}`;
  }

  /**
   * A plan change as its approval page shows it: from and to which plan, what approving
   * charges now (an upgrade's prorated difference, as of now) or, for a downgrade, that it
   * waits for the renewal; once approved, what it charged.
   */
  async planChange(changeId: string) {
    const change = await findLocalPlanChange(this.db, changeId);
    if (!change) return undefined;
    const sub = await findLocalSubscription(this.db, change.subscriptionId);
    const fromPlanId = change.fromPlanId ?? sub?.planId ?? null;
    const plans = await localPlanNames(this.db, [change.newPlanId, ...(fromPlanId ? [fromPlanId] : [])]);
    const planOf = (id: string | null) => plans.find((p) => p.id === id);
    const from = planOf(fromPlanId);
    const to = planOf(change.newPlanId);
    const upgrade = change.chargedCents !== null ? change.chargedCents > 0 : !!from && !!to && to.amountCents > from.amountCents;
    const chargeNowCents =
      change.chargedCents ?? (sub && from && to ? proratedDifference(sub, from.amountCents, to.amountCents, this.clock.now()) : 0);
    return {
      ...change,
      returnUrl: samePagePath(change.returnUrl),
      customerEmail: sub?.customerEmail ?? '',
      fromPlan: from?.name ?? '',
      toPlan: to?.name ?? change.newPlanId,
      upgrade,
      chargeNowCents,
      renewalCents: (to?.amountCents ?? 0) * (sub?.quantity ?? 1),
      periodEnd: sub?.currentPeriodEnd ?? null,
    };
  }

  /**
   * The subscriber approved the new plan. A dearer plan starts now and the prorated
   * difference is charged at once (a payment of reason `plan_change`, announced as a paid
   * invoice, then the subscription's new state), as Stripe's `always_invoice` update does;
   * a cheaper plan is scheduled for the renewal and nothing is charged. Approving twice
   * charges once.
   */
  async approvePlanChange(changeId: string): Promise<{ returnUrl: string; notices: ProviderNotice[] }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const change = await lockLocalPlanChange(trx, changeId);
      if (!change) throw new ProviderError('No such plan change');
      const current = await findLocalSubscription(trx, change.subscriptionId);
      if (!current || current.status !== 'active') throw new ProviderError('The subscription is not active');
      if (change.status === 'approved') {
        return { returnUrl: samePagePath(change.returnUrl), notices: [this.changed(current)] };
      }
      const from = await findLocalPlan(trx, current.planId);
      const to = await findLocalPlan(trx, change.newPlanId);
      if (!from || !to?.active) throw new ProviderError(`No active local plan ${change.newPlanId}`);
      const notices: ProviderNotice[] = [];
      let charged = 0;
      if (to.amountCents > from.amountCents) {
        charged = proratedDifference(current, from.amountCents, to.amountCents, now);
        const paymentId = keyedId('lpi', `plan_change:${change.id}`);
        await insertLocalPayment(trx, {
          id: paymentId,
          amountCents: charged,
          sessionId: null,
          subscriptionId: current.id,
          reason: 'plan_change',
          refundId: null,
          refundedAt: null,
        });
        await moveActiveLocalSubscription(trx, current.id, { planId: to.id, scheduledPlanId: null });
        notices.push({
          kind: 'subscription.paid',
          subscriptionId: current.id,
          checkoutId: current.metadata.checkoutId ?? null,
          reason: 'other',
          payment: { paymentKey: paymentId, transactionId: paymentId, amountCents: charged, currency: 'USD', paidAt: now.toISOString() },
          planId: to.id,
        });
      } else {
        await moveActiveLocalSubscription(trx, current.id, { scheduledPlanId: to.id === current.planId ? null : to.id });
      }
      await markLocalPlanChangeApproved(trx, change.id, charged, now);
      const after = (await findLocalSubscription(trx, current.id))!;
      notices.push(this.changed(after));
      return { returnUrl: samePagePath(change.returnUrl), notices };
    });
  }

  private changed(sub: LocalSubscription): ProviderNotice {
    return { kind: 'subscription.changed', subscription: facts(sub), version: this.version() };
  }

  /**
   * Subscriptions whose period ended: those set to cancel at period end are cancelled,
   * the others renew for a year with a new payment. Runs in the caller's transaction: rows
   * are claimed with SKIP LOCKED, so replicas share the work and none is processed twice,
   * and `apply` records each notice in that same transaction, so a crash loses neither side.
   */
  async advance(trx: CommerceExecutor, now: Date, apply: (notice: ResolvedNotice) => Promise<void>): Promise<number> {
    const due = await claimDueLocalSubscriptions(trx, now);
    const notices: ResolvedNotice[] = [];
    for (const sub of due) {
      if (sub.cancelAtPeriodEnd) {
        const ended = await endLocalSubscriptionAtPeriodEnd(trx, sub.id, sub.currentPeriodEnd);
        notices.push({ kind: 'subscription.changed', subscription: facts(ended), version: this.version() });
        continue;
      }
      // a downgrade approved during the period takes effect with the renewal, at its price
      if (sub.scheduledPlanId) await moveActiveLocalSubscription(trx, sub.id, { planId: sub.scheduledPlanId, scheduledPlanId: null });
      const planId = sub.scheduledPlanId ?? sub.planId;
      const plan = await findLocalPlan(trx, planId);
      if (!plan) throw new ProviderError(`No local plan ${planId}`);
      const start = new Date(sub.currentPeriodEnd);
      const paymentId = keyedId('lpi', `renewal:${sub.id}:${sub.currentPeriodEnd}`);
      const amount = plan.amountCents * sub.quantity;
      await insertLocalPayment(trx, {
        id: paymentId,
        amountCents: amount,
        sessionId: null,
        subscriptionId: sub.id,
        reason: 'renewal',
        refundId: null,
        refundedAt: null,
      });
      const renewed = await startLocalPeriod(trx, sub.id, start, addOneYear(start));
      notices.push({
        kind: 'subscription.paid',
        subscriptionId: sub.id,
        checkoutId: sub.metadata.checkoutId ?? null,
        reason: 'cycle',
        payment: { paymentKey: paymentId, transactionId: paymentId, amountCents: amount, currency: 'USD', paidAt: now.toISOString() },
        planId,
      });
      notices.push({ kind: 'subscription.changed', subscription: facts(renewed), version: this.version() });
    }
    for (const notice of notices) await apply(notice);
    return due.length;
  }

  verifyWebhook(): VerifiedNotification {
    throw new WebhookRefused('The local payment provider sends no webhooks');
  }
}
