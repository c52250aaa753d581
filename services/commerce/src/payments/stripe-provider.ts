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

function subscriptionFacts(sub: Stripe.Subscription): SubscriptionFacts {
  const item = sub.items?.data?.[0];
  const details = sub.cancellation_details;
  return {
    subscriptionId: sub.id,
    customerId: idOf(sub.customer),
    status: statusOf(sub.status),
    statusNote: details?.comment || details?.reason || null,
    planId: item?.price?.id ?? null,
    quantity: item?.quantity ?? 1,
    currentPeriodEnd: iso(item?.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    checkoutId: checkoutIdOf(sub.metadata?.checkoutId),
  };
}

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
    return subscriptionFacts(await call('subscription lookup', () => this.stripe.subscriptions.retrieve(subscriptionId)));
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
    // the customer portal's confirm page is where the subscriber approves the new plan
    const portal = await call('plan change', () =>
      this.stripe.billingPortal.sessions.create(
        {
          customer,
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
        return { kind: 'subscription.changed', subscription: subscriptionFacts(event.data.object), version: event.created };
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
