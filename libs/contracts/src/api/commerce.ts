// API contracts of the commerce service (the index and commerce data model and API calls; subscriptions admin).
// Amounts are integers of US cents everywhere (each field says so in its OpenAPI description); the web shows dollars.
import Type, { type TSchema } from 'typebox';

import { DateBound, IdText, TextLimits } from './common';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** An amount of money in integer US cents (USD × 100), so named in the OpenAPI schema of every field that carries one. */
const UsdCents = (what: string, extra: { deprecated?: boolean; maximum?: number } = {}) =>
  Type.Integer({ minimum: 0, description: `${what} In integer US cents (USD × 100): 2000000 is $20,000.00.`, ...extra });

/** Product: a one-time purchase, or a subscription when it has a plan. */
export const Product = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Description: Type.String(),
  /** USD cents per unit (per country for the per-country product), per annum for subscriptions. */
  PriceCents: UsdCents('Price per unit (per country for the per-country product), per annum for subscriptions.'),
  /** The same amount as PriceCents, under the spec's field name; kept for existing clients. */
  Price: UsdCents('Same as PriceCents (the spec’s field name, kept for existing clients).', { deprecated: true }),
  /** Payment plan id at the provider; present for subscriptions. */
  planId: Nullable(Type.String()),
  Deleted: Type.Boolean(),
  /** Whether buying it changes the buyer's roles (the checkout's `updatesRole`). */
  UpdatesRole: Type.Boolean(),
  /** Whether a purchase needs one or more countries (the per-country subscription). */
  PerCountry: Type.Boolean(),
});
export type Product = Type.Static<typeof Product>;
export const ProductList = Type.Array(Product);

/** The highest price a product may have: 999,999.99 USD, the largest amount the card payment provider (Stripe) charges in USD. */
const MAX_PRICE_CENTS = 99_999_999;

/** The longest product name (unique without regard to case; also the provider's product name). */
export const PRODUCT_NAME_MAX_LENGTH = 200;

/** POST api/product: add (no Id) or edit (with Id). The price is PriceCents (Price, in the same cents, is still read). */
export const ProductBody = Type.Object({
  Id: Type.Optional(Nullable(IdText())),
  Name: Type.String({ maxLength: PRODUCT_NAME_MAX_LENGTH }),
  Description: Type.String({ maxLength: TextLimits.paragraph }),
  PriceCents: Type.Optional(UsdCents('Price per unit, per annum for subscriptions.', { maximum: MAX_PRICE_CENTS })),
  Price: Type.Optional(UsdCents('Same as PriceCents; read when PriceCents is absent.', { deprecated: true, maximum: MAX_PRICE_CENTS })),
});
export type ProductBody = Type.Static<typeof ProductBody>;

/** GET api/product/quicklist: active product ids by product name. */
export const ProductQuickList = Type.Record(Type.String(), Type.String());
export type ProductQuickList = Type.Static<typeof ProductQuickList>;

/** A country that can be bought with the per-country subscription. */
export const PurchasableCountry = Type.Object({ Id: Type.String(), Name: Type.String() });
export type PurchasableCountry = Type.Static<typeof PurchasableCountry>;
export const PurchasableCountryList = Type.Array(PurchasableCountry);

/** POST api/payment/plan/new and /remove. */
export const PlanBody = Type.Object({ productId: IdText() });
export type PlanBody = Type.Static<typeof PlanBody>;
export const PlanAnswer = Type.Object({ planId: Nullable(Type.String()) });
export type PlanAnswer = Type.Static<typeof PlanAnswer>;

/**
 * The checkout cache (the data model, browser storage) and the checkout route's params.
 * `groupId` holds one country group id, or several joined with commas (per-country purchases).
 */
export const CheckoutCache = Type.Object({
  productId: IdText(),
  updatesRole: Type.Optional(Type.Boolean()),
  planId: Type.Optional(Nullable(IdText())),
  // one country group id, or many joined with commas
  groupId: Type.Optional(Nullable(Type.String({ maxLength: TextLimits.paragraph }))),
  periodId: Type.Optional(Nullable(IdText())),
});
export type CheckoutCache = Type.Static<typeof CheckoutCache>;

/** POST api/payment/checkout: opens a checkout session at the payment provider. */
export const StartCheckoutBody = CheckoutCache;
export type StartCheckoutBody = CheckoutCache;
export const CheckoutSessionAnswer = Type.Object({
  sessionId: Type.String(),
  /** The provider's payment page (Stripe Checkout, or the local confirmation page). */
  url: Type.String(),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('local')]),
});
export type CheckoutSessionAnswer = Type.Static<typeof CheckoutSessionAnswer>;

/** POST api/payment/quote: the order a checkout body asks for, named and priced before paying. */
export const CheckoutQuote = Type.Object({
  /** What is bought, e.g. "Sri Lanka — certified scorecard, 2026 2nd Q" or "Per Country Subscription (France, Germany)". */
  Title: Type.String(),
  ProductName: Type.String(),
  Description: Type.String(),
  UnitPriceCents: UsdCents('Price of one unit (one country for the per-country subscription).'),
  Quantity: Type.Integer(),
  AmountCents: UsdCents('What the buyer will pay.'),
  /** A yearly subscription (renews) rather than a one-time purchase. */
  Subscription: Type.Boolean(),
  GroupIds: Type.Array(Type.String()),
  PeriodId: Type.Union([Type.String(), Type.Null()]),
});
export type CheckoutQuote = Type.Static<typeof CheckoutQuote>;

/** POST api/payment: completes the payment the provider confirmed. */
export const PaymentBody = Type.Object({
  details: Type.Object({ sessionId: Type.String({ maxLength: TextLimits.line }) }),
  extra: Type.Optional(CheckoutCache),
});
export type PaymentBody = Type.Static<typeof PaymentBody>;
export const PaymentAnswer = Type.Object({
  purchaseId: Type.String(),
  productName: Type.String(),
  amount: UsdCents('What was paid.'),
  transactionId: Type.String(),
  updatesRole: Type.Boolean(),
  /** Role ids and country group ids the purchase grants: the session shows them once identity applied them. */
  grantsRoles: Type.Array(Type.Number()),
  grantsGroups: Type.Array(Type.String()),
  /** What was bought, as checkout named it. */
  title: Type.Optional(Type.String()),
  /** Where to open what was bought: the country's certified scorecard or scorecard, or the index. */
  link: Type.Optional(Type.String()),
});
export type PaymentAnswer = Type.Static<typeof PaymentAnswer>;

/** The local provider's confirmation page. */
export const LocalCheckoutSession = Type.Object({
  sessionId: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('cancelled')]),
  mode: Type.Union([Type.Literal('payment'), Type.Literal('subscription')]),
  description: Type.String(),
  amount: UsdCents('What the buyer is asked to pay (unit price × quantity).'),
  quantity: Type.Integer(),
  /** A path of this app (the local provider's pages are the app's own). */
  cancelUrl: Type.String(),
});
export type LocalCheckoutSession = Type.Static<typeof LocalCheckoutSession>;
export const RedirectAnswer = Type.Object({ redirectUrl: Type.String() });
export type RedirectAnswer = Type.Static<typeof RedirectAnswer>;
export const LocalPlanChange = Type.Object({
  changeId: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('approved')]),
  fromPlan: Type.String(),
  toPlan: Type.String(),
  returnUrl: Type.String(),
});
export type LocalPlanChange = Type.Static<typeof LocalPlanChange>;

/** GET api/purchase: purchase history. */
export const PurchaseHistoryRow = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Date: Type.String(),
  /** Where the purchase is used in the app. */
  Link: Type.String(),
});
export type PurchaseHistoryRow = Type.Static<typeof PurchaseHistoryRow>;
export const PurchaseHistory = Type.Array(PurchaseHistoryRow);

/** POST /api/report/purchase: the purchase log's date range (inclusive days). */
export const PurchaseReportBody = Type.Object({
  start: DateBound('ISO date or date-time, inclusive'),
  end: DateBound('ISO date or date-time, inclusive (a date means the whole day)'),
});
export type PurchaseReportBody = Type.Static<typeof PurchaseReportBody>;

export const PurchaseRefund = Type.Object({ RefundId: Type.String(), RefundedOn: Type.String(), Amount: UsdCents('What was refunded.') });
/** Purchase log row: Name, Price, PurchasedOn, User, TransactionId, Refunds. */
export const PurchaseLogRow = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Price: UsdCents('What was paid.'),
  PurchasedOn: Type.String(),
  User: Type.String(),
  UserEmail: Type.String(),
  TransactionId: Type.String(),
  Refunds: Type.Array(PurchaseRefund),
});
export type PurchaseLogRow = Type.Static<typeof PurchaseLogRow>;
export const PurchaseLog = Type.Array(PurchaseLogRow);

/** Subscription with the provider's details. */
export const Subscription = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  CreatedOn: Type.String(),
  TransactionId: Type.String(),
  SubscriptionId: Type.String(),
  UserName: Type.String(),
  Organization: Type.String(),
  ProductId: Type.String(),
  Details: Type.Object({
    status: Type.String(),
    statusChangeNote: Nullable(Type.String()),
    planId: Nullable(Type.String()),
    lastPayment: Nullable(Type.Object({ time: Type.String(), amount: UsdCents('The last payment.'), currency: Type.String() })),
    nextBillingTime: Nullable(Type.String()),
    subscriberEmail: Type.String(),
  }),
});
export type Subscription = Type.Static<typeof Subscription>;
export const SubscriptionList = Type.Array(Subscription);

/** GET api/user/paymentDetails: which view My account shows and the rows of it. */
export const PaymentDetails = Type.Object({
  View: Type.Union([Type.Literal('admin'), Type.Literal('groupManager'), Type.Literal('user')]),
  Subscriptions: SubscriptionList,
});
export type PaymentDetails = Type.Static<typeof PaymentDetails>;

/** GET api/user/check/payments/acc: carbon-calculator access and who paid for it last. */
export const AccPaymentCheck = Type.Object({
  HasAccess: Type.Boolean(),
  ExpiresOn: Nullable(Type.String()),
  LastPayer: Nullable(Type.String()),
  SubscriberEmail: Nullable(Type.String()),
});
export type AccPaymentCheck = Type.Static<typeof AccPaymentCheck>;

/** POST api/payment/upgrade/{subscriptionId}. */
export const UpgradeBody = Type.Object({ planId: IdText() });
export type UpgradeBody = Type.Static<typeof UpgradeBody>;
/** The provider's answer shape: links with an `approve` relation, or a `name` on failure. */
export const UpgradeAnswer = Type.Object({
  name: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  links: Type.Optional(Type.Array(Type.Object({ href: Type.String(), rel: Type.String(), method: Type.String() }))),
});
export type UpgradeAnswer = Type.Static<typeof UpgradeAnswer>;

/** Answer texts of the commerce screens, verbatim. */
export const CommerceMessages = {
  productLoadFailed: 'An error occurred getting product information. Please refresh and try again later.',
  emptyCart: 'There is nothing in the cart.',
  refreshFailedAfterPurchase: 'Purchase successful, please check your email for further instrutions.',
  planFailed: 'An issue occurred while creating the plan.',
  historyFailed: 'There was a problem loading your purchase history. Try refreshing the page.',
  refundConfirm: 'This will fully refund this purchase and unsubscribe from the service. Are you sure you want to continue.',
  refundSucceeded: 'Success! This purchase has been refunded.',
  refundFailed: 'Unable to give refund.',
  reportFailed: 'A problem occurred while running the report.',
  cancelConfirm: 'Are you sure you want to cancel this subscription?',
  cancelSucceeded: 'Successfully cancelled subscription.',
  cancelFailed: 'Failed to cancel subscription',
  upgradeFailed: 'Failed to upgrade plan.',
  countryRequired: 'Please select at least one country.',
  /** A certified scorecard is ordered for the period its country's scorecard shows. */
  periodRequired: 'Please order the certified scorecard from the Compliance Index, where its period is shown.',
  fillAllFields: 'Please fill out all fields',
} as const;
