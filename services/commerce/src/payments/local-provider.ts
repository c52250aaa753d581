import { createHash } from 'node:crypto';

import { sql, timestampAt, type Kysely, type Selectable } from '@cti/db';
import type { Clock } from '@cti/service-kit';

import type { CommerceDB, CommerceExecutor, LocalSubscriptionsTable } from '../db';
import { addOneYear } from '../purchases/access-period';

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
    checkoutId: sub.metadata.checkoutId ?? null,
  };
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
    await this.db
      .insertInto('localPlans')
      .values({ id, name: input.name, amountCents: input.amountCents })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return id;
  }

  async removePlan(planId: string): Promise<void> {
    await this.db.updateTable('localPlans').set({ active: false }).where('id', '=', planId).execute();
  }

  async createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    if (input.mode === 'subscription') {
      const plan = input.planId
        ? await this.db.selectFrom('localPlans').selectAll().where('id', '=', input.planId).executeTakeFirst()
        : undefined;
      if (!plan?.active) throw new ProviderError(`No active local plan ${input.planId}`);
    }
    const id = keyedId('lcs', input.idempotencyKey);
    await this.db
      .insertInto('localSessions')
      .values({
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
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return { sessionId: id, url: `/payment/local/${id}` };
  }

  session(sessionId: string) {
    return this.db.selectFrom('localSessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  }

  /**
   * The buyer confirmed on the local page: the payment is taken (and the subscription
   * started) once, however often the page posts.
   */
  async pay(sessionId: string): Promise<{ successUrl: string; notice: ProviderNotice }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const session = await trx.selectFrom('localSessions').selectAll().where('id', '=', sessionId).forUpdate().executeTakeFirst();
      if (!session) throw new ProviderError('No such checkout session');
      if (session.status === 'cancelled') throw new ProviderError('This checkout session was cancelled');
      if (session.status === 'open') {
        const paymentId = keyedId('lpi', `session:${session.id}`);
        const amount = session.unitAmountCents * session.quantity;
        let subscriptionId: string | null = null;
        if (session.mode === 'subscription') {
          subscriptionId = keyedId('lsub', `session:${session.id}`);
          const start = now;
          await trx
            .insertInto('localSubscriptions')
            .values({
              id: subscriptionId,
              planId: session.planId!,
              quantity: session.quantity,
              customerEmail: session.customerEmail,
              metadata: JSON.stringify(session.metadata) as unknown as Record<string, string>,
              cancelReason: null,
              currentPeriodStart: start.toISOString(),
              currentPeriodEnd: addOneYear(start).toISOString(),
              canceledAt: null,
            })
            .execute();
        }
        await trx
          .insertInto('localPayments')
          .values({
            id: paymentId,
            amountCents: amount,
            sessionId: session.id,
            subscriptionId,
            reason: 'checkout',
            refundId: null,
            refundedAt: null,
          })
          .execute();
        await trx
          .updateTable('localSessions')
          .set({ status: 'paid', paymentId, subscriptionId, paidAt: timestampAt(now) })
          .where('id', '=', session.id)
          .execute();
      }
      return { successUrl: samePagePath(session.successUrl), notice: { kind: 'checkout.completed', sessionId: session.id } as const };
    });
  }

  async cancelSession(sessionId: string): Promise<string> {
    const session = await this.session(sessionId);
    if (!session) throw new ProviderError('No such checkout session');
    await this.db
      .updateTable('localSessions')
      .set({ status: 'cancelled' })
      .where('id', '=', sessionId)
      .where('status', '=', 'open')
      .execute();
    return samePagePath(session.cancelUrl);
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutOutcome> {
    const session = await this.session(sessionId);
    if (!session) throw new ProviderError('No such checkout session');
    const paid = session.status === 'paid' && !!session.paymentId;
    const sub = session.subscriptionId ? await this.subscription(session.subscriptionId) : undefined;
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
    const payment = await this.db
      .updateTable('localPayments')
      .set({ refundId, refundedAt: sql<string>`coalesce(refunded_at, ${timestampAt(this.clock.now())})` })
      .where('id', '=', transactionId)
      .returning(['amountCents'])
      .executeTakeFirst();
    if (!payment) throw new ProviderError(`No local payment ${transactionId}`);
    return { refundId, amountCents: payment.amountCents };
  }

  private subscription(id: string) {
    return this.db.selectFrom('localSubscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionFacts> {
    const sub = await this.subscription(subscriptionId);
    if (!sub) throw new ProviderError(`No local subscription ${subscriptionId}`);
    return facts(sub);
  }

  async cancelSubscription(subscriptionId: string, opts: { atPeriodEnd: boolean; reason: string }): Promise<SubscriptionFacts> {
    const sub = await this.db
      .updateTable('localSubscriptions')
      .set(
        opts.atPeriodEnd
          ? { cancelAtPeriodEnd: true, cancelReason: opts.reason }
          : {
              status: 'canceled',
              cancelReason: opts.reason,
              canceledAt: sql<string>`coalesce(canceled_at, ${timestampAt(this.clock.now())})`,
            },
      )
      .where('id', '=', subscriptionId)
      .returningAll()
      .executeTakeFirst();
    if (!sub) throw new ProviderError(`No local subscription ${subscriptionId}`);
    return facts(sub);
  }

  async requestPlanChange(input: { subscriptionId: string; planId: string; returnUrl: string; idempotencyKey: string }): Promise<string> {
    const sub = await this.subscription(input.subscriptionId);
    if (!sub || sub.status === 'canceled') throw new ProviderError('The subscription is not active');
    const plan = await this.db.selectFrom('localPlans').selectAll().where('id', '=', input.planId).executeTakeFirst();
    if (!plan?.active) throw new ProviderError(`No active local plan ${input.planId}`);
    const id = keyedId('lpc', input.idempotencyKey);
    await this.db
      .insertInto('localPlanChanges')
      .values({ id, subscriptionId: sub.id, newPlanId: plan.id, returnUrl: samePagePath(input.returnUrl) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return `/payment/local/approve/${id}`;
  }

  async planChange(changeId: string) {
    const change = await this.db.selectFrom('localPlanChanges').selectAll().where('id', '=', changeId).executeTakeFirst();
    if (!change) return undefined;
    const sub = await this.subscription(change.subscriptionId);
    const plans = await this.db
      .selectFrom('localPlans')
      .select(['id', 'name'])
      .where('id', 'in', [change.newPlanId, sub?.planId ?? change.newPlanId])
      .execute();
    const nameOf = (id: string | undefined) => plans.find((p) => p.id === id)?.name ?? id ?? '';
    return {
      ...change,
      returnUrl: samePagePath(change.returnUrl),
      customerEmail: sub?.customerEmail ?? '',
      fromPlan: nameOf(sub?.planId),
      toPlan: nameOf(change.newPlanId),
    };
  }

  /** The subscriber approved the new plan: the subscription moves to it from now on. */
  async approvePlanChange(changeId: string): Promise<{ returnUrl: string; notice: ProviderNotice }> {
    return this.db.transaction().execute(async (trx) => {
      const change = await trx.selectFrom('localPlanChanges').selectAll().where('id', '=', changeId).forUpdate().executeTakeFirst();
      if (!change) throw new ProviderError('No such plan change');
      const sub = await trx
        .updateTable('localSubscriptions')
        .set({ planId: change.newPlanId })
        .where('id', '=', change.subscriptionId)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      if (!sub) throw new ProviderError('The subscription is not active');
      await trx.updateTable('localPlanChanges').set({ status: 'approved' }).where('id', '=', change.id).execute();
      return {
        returnUrl: samePagePath(change.returnUrl),
        notice: { kind: 'subscription.changed', subscription: facts(sub), version: this.version() } as const,
      };
    });
  }

  /**
   * Subscriptions whose period ended: those set to cancel at period end are cancelled,
   * the others renew for a year with a new payment. Runs in the caller's transaction: rows
   * are claimed with SKIP LOCKED, so replicas share the work and none is processed twice,
   * and `apply` records each notice in that same transaction, so a crash loses neither side.
   */
  async advance(trx: CommerceExecutor, now: Date, apply: (notice: ResolvedNotice) => Promise<void>): Promise<number> {
    const due = await trx
      .selectFrom('localSubscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('currentPeriodEnd', '<=', now.toISOString())
      .orderBy('currentPeriodEnd')
      .limit(100)
      .forUpdate()
      .skipLocked()
      .execute();
    const notices: ResolvedNotice[] = [];
    for (const sub of due) {
      if (sub.cancelAtPeriodEnd) {
        const ended = await trx
          .updateTable('localSubscriptions')
          .set({ status: 'canceled', canceledAt: sub.currentPeriodEnd })
          .where('id', '=', sub.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        notices.push({ kind: 'subscription.changed', subscription: facts(ended), version: this.version() });
        continue;
      }
      const plan = await trx.selectFrom('localPlans').select(['amountCents']).where('id', '=', sub.planId).executeTakeFirstOrThrow();
      const start = new Date(sub.currentPeriodEnd);
      const paymentId = keyedId('lpi', `renewal:${sub.id}:${sub.currentPeriodEnd}`);
      const amount = plan.amountCents * sub.quantity;
      await trx
        .insertInto('localPayments')
        .values({
          id: paymentId,
          amountCents: amount,
          sessionId: null,
          subscriptionId: sub.id,
          reason: 'renewal',
          refundId: null,
          refundedAt: null,
        })
        .execute();
      const renewed = await trx
        .updateTable('localSubscriptions')
        .set({ currentPeriodStart: start.toISOString(), currentPeriodEnd: addOneYear(start).toISOString() })
        .where('id', '=', sub.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      notices.push({
        kind: 'subscription.paid',
        subscriptionId: sub.id,
        checkoutId: sub.metadata.checkoutId ?? null,
        reason: 'cycle',
        payment: { paymentKey: paymentId, transactionId: paymentId, amountCents: amount, currency: 'USD', paidAt: now.toISOString() },
        planId: sub.planId,
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
