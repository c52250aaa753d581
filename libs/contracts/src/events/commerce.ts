import Type from 'typebox';

/** What a purchase grants: identity turns it into roles (with an expiry) or takes them back. */
const Grant = Type.Object({
  /** Role names of libs/access (Enhanced, Standard, CountryViewer, CFTPackage). */
  roles: Type.Array(Type.String()),
  /** Country group ids, for CountryViewer purchases. */
  groupIds: Type.Array(Type.String()),
  /** ISO date-time the grant ends (one year on for subscriptions). */
  expiresOn: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The commerce subscription a purchase belongs to. Identity keys a grant by it, so a
 * renewal or a plan change replaces the subscription's grant instead of adding one.
 */
const SubscriptionRef = Type.Optional(Type.Union([Type.String(), Type.Null()]));

const ProductData = Type.Object({
  productId: Type.String(),
  name: Type.String(),
  /** Integer US cents (USD × 100), like every amount of commerce's events. */
  price: Type.Integer({ description: 'Price per unit in integer US cents (USD × 100).' }),
  planId: Type.Union([Type.String(), Type.Null()]),
});

/** Events published by the commerce service (subject = key). */
export const CommerceEvents = {
  'evt.commerce.purchase.completed': Type.Object({
    purchaseId: Type.String(),
    userId: Type.String(),
    productId: Type.String(),
    productName: Type.String(),
    amountCents: Type.Integer(),
    currency: Type.Literal('USD'),
    transactionId: Type.String(),
    grant: Grant,
    subscriptionId: SubscriptionRef,
    /** Certified-for-transaction orders: the scorecard's country and period. */
    groupId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    periodId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /**
     * Set when the purchase is a single-country certified-for-transaction scorecard order:
     * it unlocks that country's certified scorecard of that period only (documents keeps
     * these orders); it grants no role. The CFT package product grants CFTPackage instead.
     */
    certifiedScorecard: Type.Optional(Type.Union([Type.Object({ groupId: Type.String(), periodId: Type.String() }), Type.Null()])),
  }),
  'evt.commerce.purchase.refunded': Type.Object({
    purchaseId: Type.String(),
    userId: Type.String(),
    productName: Type.String(),
    amountCents: Type.Integer(),
    transactionId: Type.String(),
    grant: Grant,
    subscriptionId: SubscriptionRef,
  }),
  'evt.commerce.subscription.cancelled': Type.Object({
    subscriptionId: Type.String(),
    userId: Type.String(),
    productName: Type.String(),
    reason: Type.String(),
    /** Access ends at the end of the paid period. */
    endsOn: Type.String(),
    grant: Grant,
  }),
  /** A subscription moved to another plan (standard ↔ enhanced): its grant is replaced. */
  'evt.commerce.subscription.planChanged': Type.Object({
    subscriptionId: Type.String(),
    userId: Type.String(),
    fromProductName: Type.String(),
    productName: Type.String(),
    grant: Grant,
  }),
  /** A one-time purchase's access period ended: what it granted is taken back. */
  'evt.commerce.purchase.expired': Type.Object({
    purchaseId: Type.String(),
    userId: Type.String(),
    productName: Type.String(),
    grant: Grant,
  }),
  'evt.commerce.product.saved': Type.Object({ ...ProductData.properties, created: Type.Boolean() }),
  'evt.commerce.product.deleted': ProductData,
  'evt.commerce.product.restored': ProductData,
  'evt.commerce.plan.created': ProductData,
  'evt.commerce.plan.removed': Type.Object({ ...ProductData.properties, removedPlanId: Type.String() }),
};
