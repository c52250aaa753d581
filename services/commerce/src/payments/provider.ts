/**
 * The payment port: what commerce needs from a card payment provider, in the
 * provider's neutral terms. Two adapters implement it: Stripe (production) and a
 * local provider that completes checkout on a local confirmation page (offline).
 * Every call that changes state at the provider carries an idempotency key.
 */
import { isUuid } from '@cti/contracts';
import { DomainError } from '@cti/service-kit';

export type ProviderName = 'stripe' | 'local';

export interface PlanInput {
  productId: string;
  name: string;
  description: string;
  /** Cents per unit per year. */
  amountCents: number;
  idempotencyKey: string;
}

export interface CheckoutInput {
  checkoutId: string;
  mode: 'payment' | 'subscription';
  productName: string;
  description: string;
  unitAmountCents: number;
  quantity: number;
  /** The plan (price) to subscribe to in subscription mode. */
  planId: string | null;
  customerId: string | null;
  customerEmail: string;
  /** `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** One payment the provider took. */
export interface PaymentFacts {
  /** The object the payment is about (payment intent or invoice): one purchase per key. */
  paymentKey: string;
  /** What refunds are made against (payment intent). */
  transactionId: string;
  amountCents: number;
  currency: string;
  paidAt: string;
}

export type SubscriptionStatus =
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the known statuses, named for readers; a provider may send others
  'ACTIVE' | 'CANCELLED' | 'PAST_DUE' | 'UNPAID' | 'INCOMPLETE' | 'INCOMPLETE_EXPIRED' | 'TRIALING' | 'PAUSED' | string;

export interface SubscriptionFacts {
  subscriptionId: string;
  customerId: string | null;
  status: SubscriptionStatus;
  /** Why it was cancelled (shown as the CANCELLED status's tooltip). */
  statusNote: string | null;
  planId: string | null;
  quantity: number;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** A plan change waiting for the renewal (a downgrade), if any. */
  scheduledPlanId: string | null;
  /** The checkout that created it (metadata set at checkout). */
  checkoutId: string | null;
}

/**
 * Our checkout id as the provider's record carries it back (its metadata, written at checkout).
 * One that is not in our ids' form names no checkout of ours, and is never looked up.
 */
export const checkoutIdOf = (carried: string | null | undefined): string | null => (carried && isUuid(carried) ? carried : null);

export interface CheckoutOutcome {
  sessionId: string;
  checkoutId: string | null;
  paid: boolean;
  payment: PaymentFacts | null;
  subscription: SubscriptionFacts | null;
}

/** Something the provider tells us happened (from a webhook, or the local provider itself). */
export type ProviderNotice =
  | { kind: 'checkout.completed'; sessionId: string }
  | {
      kind: 'subscription.paid';
      subscriptionId: string;
      checkoutId: string | null;
      /** `create`: the first payment; `cycle`: a renewal; `other`: e.g. a mid-period plan change. */
      reason: 'create' | 'cycle' | 'other';
      payment: PaymentFacts;
      planId: string | null;
    }
  | { kind: 'subscription.changed'; subscription: SubscriptionFacts; version: number }
  | { kind: 'payment.refunded'; transactionId: string; refundId: string; amountCents: number }
  | { kind: 'ignored'; type: string };

/** A notice with what it needed from the provider already fetched (nothing remote left to do). */
export type ResolvedNotice = Exclude<ProviderNotice, { kind: 'checkout.completed' }> | { kind: 'checkout.paid'; outcome: CheckoutOutcome };

/** A genuine notification; what it means is read (possibly asking the provider) only once it is known to be new. */
export interface VerifiedNotification {
  eventId: string;
  type: string;
  notice(): Promise<ProviderNotice>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  ensureCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string | null>;
  createPlan(input: PlanInput): Promise<string>;
  removePlan(planId: string, idempotencyKey: string): Promise<void>;
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<CheckoutOutcome>;
  refund(transactionId: string, idempotencyKey: string): Promise<{ refundId: string; amountCents: number }>;
  cancelSubscription(
    subscriptionId: string,
    opts: { atPeriodEnd: boolean; reason: string; idempotencyKey: string },
  ): Promise<SubscriptionFacts>;
  getSubscription(subscriptionId: string): Promise<SubscriptionFacts>;
  /** A page where the subscriber approves moving to another plan. */
  requestPlanChange(input: {
    subscriptionId: string;
    customerId: string | null;
    planId: string;
    returnUrl: string;
    idempotencyKey: string;
  }): Promise<string>;
  /** Verifies a webhook on its raw body and translates it; throws WebhookRefused when not genuine. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedNotification;
}

/** A payment provider call failed (network, declined, invalid); `detail` keeps the provider's words for the logs. */
export class ProviderError extends DomainError {
  constructor(readonly detail: string) {
    super(502, 'The payment provider could not complete the request. Please try again later.');
  }
}

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused';
}
