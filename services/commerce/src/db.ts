import type { Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type CommerceExecutor = Executor<CommerceDB>;

/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over CommerceDB. */
export type CommerceApp = ServiceApp<CommerceDB>;

/** Timestamps read as ISO strings (libs/db), defaulting to now() on insert. */
type Stamp = Generated<string>;

export interface ProductsTable {
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  priceCents: number;
  planId: string | null;
  deletedAt: string | null;
  createdAt: Stamp;
  updatedAt: Stamp;
}

/** Projection of identity's country groups (from `evt.identity.group.*`). */
export interface CountriesTable {
  groupId: string;
  name: string;
}

/** Projection of the questionnaire periods (from `evt.questionnaire.period.opened`). */
export interface PeriodsTable {
  periodId: string;
  name: string;
}

/** The period each country's Compliance Index scorecard shows now (from `evt.scoring.scores.saved`): what a certified scorecard is sold for. */
export interface CertifiedScorecardsTable {
  groupId: string;
  periodId: string;
  periodName: string;
  score: number;
}

/** Who bought: copied from the access token at purchase time. */
export interface BuyerColumns {
  userId: string;
  buyerEmail: string;
  buyerName: string;
  buyerOrganization: string;
  buyerGroupIds: string[];
}

export interface CheckoutsTable extends BuyerColumns {
  id: Generated<string>;
  productId: string;
  productName: string;
  unitPriceCents: number;
  quantity: number;
  amountCents: number;
  groupIds: Generated<string[]>;
  periodId: string | null;
  planId: string | null;
  mode: 'payment' | 'subscription';
  provider: string;
  providerSessionId: string | null;
  status: Generated<'open' | 'completed'>;
  createdAt: Stamp;
  completedAt: string | null;
}

export interface PurchasesTable extends BuyerColumns {
  id: Generated<string>;
  checkoutId: string | null;
  productId: string;
  productName: string;
  amountCents: number;
  currency: Generated<string>;
  provider: string;
  /** The provider object one payment is about (payment intent, invoice): one purchase per payment. */
  paymentKey: string;
  transactionId: string;
  subscriptionId: string | null;
  groupIds: Generated<string[]>;
  periodId: string | null;
  purchasedOn: Stamp;
  accessExpiresOn: string;
  refundedAt: string | null;
  refundId: string | null;
  refundedCents: number | null;
  expiredAt: string | null;
  /** What the payment was for: a checkout, a renewal, or the prorated difference of a plan change. */
  reason: Generated<PaymentReason>;
  /** For a plan change: the plan it came from ("Standard Subscription"). */
  previousProductName: Generated<string | null>;
}

export type PaymentReason = 'checkout' | 'renewal' | 'plan_change';

export interface SubscriptionsTable extends BuyerColumns {
  id: Generated<string>;
  provider: string;
  providerSubscriptionId: string;
  customerId: string | null;
  productId: string;
  planId: string | null;
  quantity: number;
  groupIds: Generated<string[]>;
  status: string;
  statusNote: string | null;
  cancelAtPeriodEnd: Generated<boolean>;
  currentPeriodEnd: string | null;
  transactionId: string;
  /** Provider time of the last state applied (seconds); older notices are ignored. */
  providerVersion: Generated<number>;
  /** A downgrade the subscriber approved: the plan the provider moves the subscription to at its renewal. */
  scheduledPlanId: Generated<string | null>;
  /** The product the subscription last moved from (a plan change). */
  previousProductId: Generated<string | null>;
  endedAt: string | null;
  createdOn: Stamp;
  updatedAt: Stamp;
}

export interface CustomersTable {
  userId: string;
  provider: string;
  customerId: string;
}

/** Provider notifications (webhook events) already applied, by their id. */
export interface ProviderEventsTable {
  id: string;
  provider: string;
  type: string;
  receivedAt: Stamp;
}

export interface LocalSessionsTable {
  id: string;
  mode: 'payment' | 'subscription';
  description: string;
  unitAmountCents: number;
  quantity: number;
  planId: string | null;
  customerEmail: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  status: Generated<'open' | 'paid' | 'cancelled'>;
  paymentId: string | null;
  subscriptionId: string | null;
  createdAt: Stamp;
  paidAt: string | null;
}

export interface LocalPlansTable {
  id: string;
  name: string;
  amountCents: number;
  active: Generated<boolean>;
  createdAt: Stamp;
}

export interface LocalSubscriptionsTable {
  id: string;
  planId: string;
  quantity: number;
  customerEmail: string;
  metadata: Record<string, string>;
  status: Generated<'active' | 'canceled'>;
  cancelAtPeriodEnd: Generated<boolean>;
  cancelReason: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  canceledAt: string | null;
  /** A downgrade the subscriber approved: the plan the subscription moves to at its next renewal. */
  scheduledPlanId: Generated<string | null>;
  createdAt: Stamp;
}

export interface LocalPaymentsTable {
  id: string;
  amountCents: number;
  sessionId: string | null;
  subscriptionId: string | null;
  reason: 'checkout' | 'renewal' | 'plan_change';
  refundId: string | null;
  refundedAt: string | null;
  createdAt: Stamp;
}

export interface LocalPlanChangesTable {
  id: string;
  subscriptionId: string;
  newPlanId: string;
  returnUrl: string;
  status: Generated<'open' | 'approved'>;
  /** The plan the subscription was on when the change was asked for. */
  fromPlanId: Generated<string | null>;
  /** What approving charged now (the prorated difference of an upgrade; 0 for a downgrade at renewal). */
  chargedCents: Generated<number | null>;
  approvedAt: Generated<string | null>;
  createdAt: Stamp;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface CommerceDB extends KitTables {
  products: ProductsTable;
  countries: CountriesTable;
  periods: PeriodsTable;
  certifiedScorecards: CertifiedScorecardsTable;
  checkouts: CheckoutsTable;
  purchases: PurchasesTable;
  subscriptions: SubscriptionsTable;
  customers: CustomersTable;
  providerEvents: ProviderEventsTable;
  localSessions: LocalSessionsTable;
  localPlans: LocalPlansTable;
  localSubscriptions: LocalSubscriptionsTable;
  localPayments: LocalPaymentsTable;
  localPlanChanges: LocalPlanChangesTable;
}
