import Stripe from 'stripe';

import type { Clock } from '@cti/service-kit';

import {
  checkoutIdOf,
  ProviderError,
  WebhookRefused,
  type CheckoutInput,
  type CheckoutOutcome,
  type PaymentFacts,
  type PaymentProvider,
  type PlanInput,
  type ProviderNotice,
  type SubscriptionFacts,
  type VerifiedNotification,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  webhookToleranceSeconds: number;
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/** Stripe's subscription statuses in the spec's upper-case form (CANCELLED shows its reason). */
const statusOf = (s: Stripe.Subscription.Status) => (s === 'canceled' ? 'CANCELLED' : s.toUpperCase());

/**
 * The price a subscription schedule moves the subscription to after its current phase (a
 * downgrade the customer portal scheduled for the period's end), if any.
 */
function scheduledPriceOf(
  schedule: Stripe.SubscriptionSchedule | string | null | undefined,
  currentPeriodEnd: number | null,
): string | null {
  if (!schedule || typeof schedule === 'string' || !currentPeriodEnd) return null;
  const next = schedule.phases?.find((phase) => phase.start_date >= currentPeriodEnd);
  const price = next?.items?.[0]?.price;
  return typeof price === 'string' ? price : (price?.id ?? null);
}

function subscriptionFacts(sub: Stripe.Subscription): SubscriptionFacts {
  const item = sub.items?.data?.[0];
  const details = sub.cancellation_details;
  const scheduled = scheduledPriceOf(sub.schedule, item?.current_period_end ?? null);
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    status: statusOf(sub.status),
    statusNote: details?.comment || details?.reason || null,
    planId: item?.price?.id ?? null,
    quantity: item?.quantity ?? 1,
    currentPeriodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    scheduledPlanId: scheduled && scheduled !== item?.price?.id ? scheduled : null,
    checkoutId: checkoutIdOf(sub.metadata?.checkoutId),
  };
}

/** Marks the customer portal configuration commerce makes for plan changes (found again by it). */
const PLAN_CHANGE_PORTAL = 'cti-plan-change';

/** Calls the SDK and turns its errors into ProviderError, keeping Stripe's message for the logs. */
async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ProviderError(`Stripe ${what} failed: ${message}`);
  }
}

/**
 * The Stripe adapter: Products/Prices for plans, Checkout Sessions in payment or
 * subscription mode, the customer portal's update-confirm flow for plan changes,
 * cancel, refunds, and webhooks verified on the raw body. Every write carries an
 * idempotency key, so a retried call never charges, refunds or cancels twice.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  /** Portal configurations for plan changes, by the prices they move between (found or made once per process). */
  private readonly portalConfigurations = new Map<string, Promise<string>>();

  constructor(
    private readonly settings: StripeSettings,
    /** The time a payment is dated with when Stripe's own record names none. */
    private readonly clock: Clock,
  ) {
    this.stripe = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async ensureCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string> {
    const customer = await call('customer creation', () =>
      this.stripe.customers.create(
        { email: input.email, name: input.name || undefined, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  async createPlan(input: PlanInput): Promise<string> {
    const product = await call('product creation', () =>
      this.stripe.products.create(
        { name: input.name, description: input.description || undefined, metadata: { productId: input.productId } },
        { idempotencyKey: `${input.idempotencyKey}:product` },
      ),
    );
    const price = await call('price creation', () =>
      this.stripe.prices.create(
        {
          product: product.id,
          currency: 'usd',
          unit_amount: input.amountCents,
          recurring: { interval: 'year' },
          metadata: { productId: input.productId },
        },
        { idempotencyKey: `${input.idempotencyKey}:price` },
      ),
    );
    return price.id;
  }

  async removePlan(planId: string, idempotencyKey: string): Promise<void> {
    // prices cannot be deleted at Stripe: an inactive price can no longer be subscribed to
    await call('price deactivation', () => this.stripe.prices.update(planId, { active: false }, { idempotencyKey }));
  }

  async createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    const metadata = { checkoutId: input.checkoutId };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: input.mode,
      client_reference_id: input.checkoutId,
      metadata,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
      line_items:
        input.mode === 'subscription'
          ? [{ price: input.planId!, quantity: input.quantity }]
          : [
              {
                quantity: input.quantity,
                price_data: {
                  currency: 'usd',
                  unit_amount: input.unitAmountCents,
                  product_data: { name: input.productName, ...(input.description ? { description: input.description } : {}) },
                },
              },
            ],
      ...(input.mode === 'subscription' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    };
    const session = await call('checkout session creation', () =>
      this.stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
    );
    if (!session.url) throw new ProviderError('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /** The payment intent an invoice was paid with (refunds are made against it). */
  private async paymentOfInvoice(invoiceId: string, amountCents: number, currency: string, paidAt: string | null): Promise<PaymentFacts> {
    const payments = await call('invoice payment lookup', () => this.stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 }));
    const paid = payments.data.find((p) => p.status === 'paid') ?? payments.data[0];
    const transactionId = idOf(paid?.payment?.payment_intent) ?? idOf(paid?.payment?.charge);
    if (!transactionId) throw new ProviderError(`Stripe invoice ${invoiceId} has no payment`);
    return {
      paymentKey: invoiceId,
      transactionId,
      amountCents: paid?.amount_paid ?? amountCents,
      currency: (paid?.currency ?? currency).toUpperCase(),
      paidAt: iso(paid?.status_transitions?.paid_at) ?? paidAt ?? this.clock.now().toISOString(),
    };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutOutcome> {
    const session = await call('checkout session lookup', () =>
      this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
    );
    const paid = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    const checkoutId = checkoutIdOf(session.metadata?.checkoutId ?? session.client_reference_id);
    const currency = (session.currency ?? 'usd').toUpperCase();
    let payment: PaymentFacts | null = null;
    let subscription: SubscriptionFacts | null = null;
    if (paid && session.mode === 'subscription') {
      const sub = session.subscription;
      subscription = typeof sub === 'object' && sub ? subscriptionFacts(sub) : sub ? await this.getSubscription(sub) : null;
      const invoiceId = idOf(session.invoice);
      if (invoiceId) payment = await this.paymentOfInvoice(invoiceId, session.amount_total ?? 0, currency, iso(session.created));
    } else if (paid) {
      const intent = idOf(session.payment_intent);
      if (intent)
        payment = {
          paymentKey: intent,
          transactionId: intent,
          amountCents: session.amount_total ?? 0,
          currency,
          paidAt: this.clock.now().toISOString(),
        };
    }
    return { sessionId: session.id, checkoutId, paid: paid && !!payment, payment, subscription };
  }

  async refund(transactionId: string, idempotencyKey: string): Promise<{ refundId: string; amountCents: number }> {
    const refund = await call('refund', () =>
      this.stripe.refunds.create(transactionId.startsWith('ch_') ? { charge: transactionId } : { payment_intent: transactionId }, {
        idempotencyKey,
      }),
    );
    return { refundId: refund.id, amountCents: refund.amount };
  }

  async cancelSubscription(
    subscriptionId: string,
    opts: { atPeriodEnd: boolean; reason: string; idempotencyKey: string },
  ): Promise<SubscriptionFacts> {
    const sub = opts.atPeriodEnd
      ? await call('subscription cancellation', () =>
          this.stripe.subscriptions.update(
            subscriptionId,
            { cancel_at_period_end: true, cancellation_details: { comment: opts.reason } },
            { idempotencyKey: opts.idempotencyKey },
          ),
        )
      : await call('subscription cancellation', () =>
          this.stripe.subscriptions.cancel(
            subscriptionId,
            { cancellation_details: { comment: opts.reason } },
            { idempotencyKey: opts.idempotencyKey },
          ),
        );
    return subscriptionFacts(sub);
  }

  async getSubscription(subscriptionId: string): Promise<SubscriptionFacts> {
    return subscriptionFacts(
      await call('subscription lookup', () => this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] })),
    );
  }

  async requestPlanChange(input: {
    subscriptionId: string;
    customerId: string | null;
    planId: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<string> {
    const sub = await call('subscription lookup', () => this.stripe.subscriptions.retrieve(input.subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new ProviderError(`Stripe subscription ${input.subscriptionId} has no item`);
    const customer = input.customerId ?? idOf(sub.customer);
    if (!customer) throw new ProviderError(`Stripe subscription ${input.subscriptionId} has no customer`);
    const configuration = await this.planChangePortal([item.price.id, input.planId]);
    // the customer portal's confirm page is where the subscriber approves the new plan (and sees what it costs now)
    const portal = await call('plan change', () =>
      this.stripe.billingPortal.sessions.create(
        {
          customer,
          configuration,
          return_url: input.returnUrl,
          flow_data: {
            type: 'subscription_update_confirm',
            subscription_update_confirm: {
              subscription: sub.id,
              items: [{ id: item.id, price: input.planId, quantity: item.quantity ?? 1 }],
            },
            after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } },
          },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return portal.url;
  }

  /**
   * The customer portal configuration plan changes are approved with: an upgrade is charged
   * at once, prorated (`always_invoice`: the new price less the old for the rest of the
   * period, invoiced and paid with the card on file); a move to a cheaper price waits for the
   * period's end (`decreasing_item_amount`). Found by its metadata among the account's
   * configurations, else made (once per process, with an idempotency key).
   */
  private planChangePortal(priceIds: string[]): Promise<string> {
    const key = [...new Set(priceIds)].sort().join(',');
    let found = this.portalConfigurations.get(key);
    if (!found) {
      found = this.findOrMakePlanChangePortal(key).catch((err: unknown) => {
        this.portalConfigurations.delete(key);
        throw err;
      });
      this.portalConfigurations.set(key, found);
    }
    return found;
  }

  private async findOrMakePlanChangePortal(prices: string): Promise<string> {
    const existing = await call('portal configuration lookup', () =>
      this.stripe.billingPortal.configurations.list({ active: true, limit: 100 }),
    );
    const mine = existing.data.find((c) => c.metadata?.purpose === PLAN_CHANGE_PORTAL && c.metadata?.prices === prices);
    if (mine) return mine.id;
    const byProduct = new Map<string, string[]>();
    for (const priceId of prices.split(',')) {
      const price = await call('price lookup', () => this.stripe.prices.retrieve(priceId));
      const product = idOf(price.product);
      if (!product) throw new ProviderError(`Stripe price ${priceId} has no product`);
      byProduct.set(product, [...(byProduct.get(product) ?? []), priceId]);
    }
    const made = await call('portal configuration', () =>
      this.stripe.billingPortal.configurations.create(
        {
          metadata: { purpose: PLAN_CHANGE_PORTAL, prices },
          features: {
            subscription_update: {
              enabled: true,
              default_allowed_updates: ['price'],
              products: [...byProduct].map(([product, productPrices]) => ({ product, prices: productPrices })),
              proration_behavior: 'always_invoice',
              schedule_at_period_end: { conditions: [{ type: 'decreasing_item_amount' }] },
            },
          },
        },
        { idempotencyKey: `portal-configuration:${prices}` },
      ),
    );
    return made.id;
  }

  /** A subscription as a notice carries it, with the schedule it follows read when it has one (a downgrade waiting). */
  private async withSchedule(sub: Stripe.Subscription): Promise<Stripe.Subscription> {
    if (typeof sub.schedule !== 'string') return sub;
    const schedule = await call('subscription schedule lookup', () => this.stripe.subscriptionSchedules.retrieve(sub.schedule as string));
    return { ...sub, schedule };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedNotification {
    if (!signature) throw new WebhookRefused('Missing Stripe-Signature header');
    if (!this.settings.webhookSecret) throw new WebhookRefused('No webhook secret is configured');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret, this.settings.webhookToleranceSeconds);
    } catch (err) {
      throw new WebhookRefused(err instanceof Error ? err.message : 'Invalid signature');
    }
    return { eventId: event.id, type: event.type, notice: () => this.translate(event) };
  }

  private async translate(event: Stripe.Event): Promise<ProviderNotice> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.payment_status === 'unpaid') return { kind: 'ignored', type: event.type };
        return { kind: 'checkout.completed', sessionId: session.id };
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const details = invoice.parent?.subscription_details;
        const subscriptionId = idOf(details?.subscription);
        if (!subscriptionId || !invoice.id) return { kind: 'ignored', type: event.type };
        const payment = await this.paymentOfInvoice(
          invoice.id,
          invoice.amount_paid,
          invoice.currency,
          iso(invoice.status_transitions?.paid_at),
        );
        const line = invoice.lines?.data?.find((l) => !!l.pricing?.price_details?.price);
        return {
          kind: 'subscription.paid',
          subscriptionId,
          checkoutId: checkoutIdOf(details?.metadata?.checkoutId),
          reason:
            invoice.billing_reason === 'subscription_create'
              ? 'create'
              : invoice.billing_reason === 'subscription_cycle'
                ? 'cycle'
                : 'other',
          payment,
          planId: (line?.pricing?.price_details?.price as string | undefined) ?? null,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
        return {
          kind: 'subscription.changed',
          subscription: subscriptionFacts(await this.withSchedule(event.data.object)),
          version: event.created,
        };
      case 'charge.refunded': {
        const charge = event.data.object;
        const transactionId = idOf(charge.payment_intent) ?? charge.id;
        const refundId = charge.refunds?.data?.[0]?.id ?? `${charge.id}:refund`;
        return { kind: 'payment.refunded', transactionId, refundId, amountCents: charge.amount_refunded };
      }
      case 'refund.created': {
        const refund = event.data.object;
        const transactionId = idOf(refund.payment_intent) ?? idOf(refund.charge);
        if (!transactionId || refund.status === 'failed' || refund.status === 'canceled') return { kind: 'ignored', type: event.type };
        return { kind: 'payment.refunded', transactionId, refundId: refund.id, amountCents: refund.amount };
      }
      default:
        return { kind: 'ignored', type: event.type };
    }
  }
}
