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
  }),
  'evt.commerce.purchase.refunded': Type.Object({
    purchaseId: Type.String(),
    userId: Type.String(),
    productName: Type.String(),
    amountCents: Type.Integer(),
    transactionId: Type.String(),
    grant: Grant,
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
};
