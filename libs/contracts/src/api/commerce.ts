// API contracts of the commerce service (the index and commerce data model and API calls; subscriptions admin).
// Amounts are US dollars, as the spec says purchase amounts are (numbers with at most two decimals; each field says
// so in its OpenAPI description). Commerce keeps integer cents inside (its tables, its events, the providers' calls).
import Type, { type TSchema } from 'typebox';

import { DateBound, IdText, TextLimits } from './common';

/* @__NO_SIDE_EFFECTS__ */
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** An amount of money in US dollars, at most two decimals, so described in the OpenAPI schema of every field that carries one. */
/* @__NO_SIDE_EFFECTS__ */
const Usd = (what: string, extra: { maximum?: number } = {}) =>
  Type.Number({ minimum: 0, description: `${what} In US dollars, at most two decimals: 20000 is $20,000.00, 19.99 is $19.99.`, ...extra });

/** Integer cents (commerce's own unit) as the API's dollars: 1999 → 19.99. */
/* @__NO_SIDE_EFFECTS__ */
export const dollarsOfCents = (cents: number): number => Math.round(cents) / 100;

/** An API amount in dollars as integer cents; null when it is not an amount of at most two decimals (19.999, -1, NaN). */
export function centsOfDollars(dollars: number): number | null {
  if (!Number.isFinite(dollars) || dollars < 0) return null;
  const cents = Math.round(dollars * 100);
  // 19.99 * 100 is 1998.9999999999998: anything closer than a millionth of a cent is that cent
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null;
}

/** Product: a one-time purchase, or a subscription when it has a plan. */
export const Product = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Description: Type.String(),
  /** US dollars per unit (per country for the per-country product), per annum for subscriptions. */
  Price: Usd('Price per unit (per country for the per-country product), per annum for subscriptions.'),
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
export const MAX_PRICE_DOLLARS = 999_999.99;

/** The longest product name (unique without regard to case; also the provider's product name). */
export const PRODUCT_NAME_MAX_LENGTH = 200;

/** POST api/product: add (no Id) or edit (with Id). */
export const ProductBody = Type.Object({
  Id: Type.Optional(Nullable(IdText())),
  Name: Type.String({ maxLength: PRODUCT_NAME_MAX_LENGTH }),
  Description: Type.String({ maxLength: TextLimits.paragraph }),
  Price: Type.Optional(Usd('Price per unit, per annum for subscriptions.', { maximum: MAX_PRICE_DOLLARS })),
});
export type ProductBody = Type.Static<typeof ProductBody>;

/** What the public pricing page sells: the three subscriptions and the single-country certified scorecard. */
export const OfferKind = Type.Union([
  Type.Literal('Standard'),
  Type.Literal('Enhanced'),
  Type.Literal('Country'),
  Type.Literal('Certified'),
]);
export type OfferKind = Type.Static<typeof OfferKind>;

/** GET api/product/offers (no sign-in): each offer on sale with its price now. */
export const PublicOffer = Type.Object({
  Kind: OfferKind,
  Name: Type.String(),
  Description: Type.String(),
  Price: Usd('Per year for subscriptions (per country for the per-country one); per order for a certified scorecard.'),
  Subscription: Type.Boolean(),
});
export type PublicOffer = Type.Static<typeof PublicOffer>;
export const PublicOfferList = Type.Array(PublicOffer);

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
  /** What is bought, e.g. "Sri Lanka — certified scorecard, 2026 2nd Q" or "France, Germany — per-country subscription". */
  Title: Type.String(),
  ProductName: Type.String(),
  Description: Type.String(),
  UnitPrice: Usd('Price of one unit (one country for the per-country subscription).'),
  Quantity: Type.Integer(),
  Amount: Usd('What the buyer will pay.'),
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
  amount: Usd('What was paid.'),
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
  amount: Usd('What the buyer is asked to pay (unit price × quantity).'),
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
  /** A dearer plan: it starts at approval and the prorated difference is charged then; a cheaper one waits for the renewal. */
  upgrade: Type.Boolean(),
  chargeNow: Usd(
    'What approving charges now: the difference of the yearly prices for the rest of the current period (0 for a downgrade); once approved, what it charged.',
  ),
  renewalPrice: Usd('What the subscription renews at on the new plan, per year.'),
  /** When the new plan starts: at approval for an upgrade (null until approved), the period's end for a downgrade. */
  takesEffectOn: Nullable(Type.String()),
  /** The end of the current period (the renewal). */
  periodEnd: Nullable(Type.String()),
});
export type LocalPlanChange = Type.Static<typeof LocalPlanChange>;

/** GET api/purchase: purchase history, each row also a receipt. */
export const PurchaseHistoryRow = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Date: Type.String(),
  /** Where the purchase is used in the app. */
  Link: Type.String(),
  /** The receipt: what was paid, the payment's transaction, the access it paid for until when, and any refund. */
  Amount: Type.Optional(Usd('What was paid.')),
  Currency: Type.Optional(Type.String()),
  TransactionId: Type.Optional(Type.String()),
  AccessEndsOn: Type.Optional(Type.String()),
  Refunded: Type.Optional(Type.Boolean()),
});
export type PurchaseHistoryRow = Type.Static<typeof PurchaseHistoryRow>;
export const PurchaseHistory = Type.Array(PurchaseHistoryRow);

/** A plan or per-country subscription the buyer holds: renews, or ends when cancelled; a downgrade waits for the renewal. */
const OwnedSubscription = {
  /** Commerce's subscription id (what cancel and the plan change take). */
  SubscriptionId: Type.String(),
  ProductId: Type.String(),
  Cancelled: Type.Boolean(),
  RenewsOn: Nullable(Type.String()),
  /** When access ends, for a cancelled subscription. */
  EndsOn: Nullable(Type.String()),
};

/** GET api/purchase/owned: what the signed-in buyer owns now (My plan), whatever their role. */
export const OwnedAccess = Type.Object({
  Plans: Type.Array(
    Type.Object({
      ...OwnedSubscription,
      /** "Standard Subscription" */
      Name: Type.String(),
      /** A downgrade approved for the renewal: the plan it moves to, and when. */
      ChangesTo: Nullable(Type.Object({ Name: Type.String(), On: Type.String() })),
    }),
  ),
  Countries: Type.Array(Type.Object({ ...OwnedSubscription, GroupId: Type.String(), Name: Type.String() })),
  CertifiedScorecards: Type.Array(
    Type.Object({
      GroupId: Type.String(),
      Country: Type.String(),
      PeriodId: Type.String(),
      Period: Type.String(),
      PurchasedOn: Type.String(),
      /** Whether its certified PDF can be downloaded now (the country's scorecard still shows that period). */
      Current: Type.Boolean(),
    }),
  ),
});
export type OwnedAccess = Type.Static<typeof OwnedAccess>;

/** POST /api/report/purchase: the purchase log's date range (inclusive days). */
export const PurchaseReportBody = Type.Object({
  start: DateBound('ISO date or date-time, inclusive'),
  end: DateBound('ISO date or date-time, inclusive (a date means the whole day)'),
});
export type PurchaseReportBody = Type.Static<typeof PurchaseReportBody>;

export const PurchaseRefund = Type.Object({ RefundId: Type.String(), RefundedOn: Type.String(), Amount: Usd('What was refunded.') });
/** Purchase log row: Name, Price, PurchasedOn, User, TransactionId, Refunds. */
export const PurchaseLogRow = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  Price: Usd('What was paid.'),
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
    lastPayment: Nullable(Type.Object({ time: Type.String(), amount: Usd('The last payment.'), currency: Type.String() })),
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
  /** A product or plan change by someone without Manage Products (an admin outside the vendor's domain included). */
  manageProductsOnly: 'Managing products needs the Manage Products right: an admin account in the vendor’s own e-mail domain.',
  /** Checkout refuses what it cannot deliver or what the buyer already owns. */
  certifiedNotForSale: 'This country has no certified scorecard for sale: it has not been scored yet.',
  certifiedPeriodNotDeliverable:
    'Certified scorecards are sold for the period the country’s scorecard shows now only. Please order it again from the Compliance Index.',
  certifiedIncluded: 'Your plan already includes certified scorecards of every country.',
  certifiedOwned: 'You have already ordered this certified scorecard.',
  planOwned: 'You already subscribe to this plan.',
  upgradeInstead: 'You already subscribe to the Standard plan: upgrade it from My plan and pay only the difference.',
  countryOwned: (names: string) => `You already have access to ${names}.`,
  /** A product's price: dollars with at most two decimals. */
  priceInvalid: 'Please enter the price in US dollars, with at most two decimals.',
} as const;
