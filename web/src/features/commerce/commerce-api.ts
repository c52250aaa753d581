import type {
  AccPaymentCheck,
  CheckoutQuote,
  CheckoutSessionAnswer,
  LocalCheckoutSession,
  LocalPlanChange,
  MessageBody,
  OwnedAccess,
  PaymentAnswer,
  PaymentBody,
  PaymentDetails,
  PlanAnswer,
  Product,
  ProductBody,
  ProductQuickList,
  PublicOffer,
  PurchasableCountry,
  PurchaseHistoryRow,
  PurchaseLogRow,
  PurchaseReportBody,
  RedirectAnswer,
  StartCheckoutBody,
  Subscription,
  UpgradeAnswer,
} from '@cti/contracts';

import { api } from '../../app/api';

const enc = encodeURIComponent;
const PRODUCTS = { type: 'Product' as const, id: 'LIST' };
const PURCHASES = { type: 'Purchase' as const, id: 'LIST' };
const SUBSCRIPTIONS = { type: 'Subscription' as const, id: 'LIST' };

/** Commerce API calls (products, payments, purchases, subscriptions). */
export const commerceApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<Product[], void>({
      query: () => 'api/product',
      providesTags: (list = []) => [PRODUCTS, ...list.map((p) => ({ type: 'Product' as const, id: p.Id }))],
    }),
    product: build.query<Product, string>({
      query: (id) => `api/product/${enc(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    productQuickList: build.query<ProductQuickList, void>({
      query: () => 'api/product/quicklist',
      providesTags: [{ type: 'Product', id: 'QUICKLIST' }],
    }),
    purchasableCountries: build.query<PurchasableCountry[], void>({ query: () => 'api/product/countries' }),
    /** The pricing page's offers and prices (no sign-in). */
    publicOffers: build.query<PublicOffer[], void>({ query: () => 'api/product/offers', providesTags: [PRODUCTS] }),
    /** What the buyer owns now: plans, countries and certified scorecards (My plan). */
    owned: build.query<OwnedAccess, void>({ query: () => 'api/purchase/owned', providesTags: [PURCHASES, SUBSCRIPTIONS] }),
    saveProduct: build.mutation<Product, ProductBody>({
      query: (body) => ({ url: 'api/product', method: 'POST', body }),
      invalidatesTags: (p) => [PRODUCTS, { type: 'Product', id: 'QUICKLIST' }, ...(p ? [{ type: 'Product' as const, id: p.Id }] : [])],
    }),
    deleteProduct: build.mutation<Product, string>({
      query: (id) => ({ url: `api/product/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_p, _e, id) => [PRODUCTS, { type: 'Product', id: 'QUICKLIST' }, { type: 'Product', id }],
    }),
    restoreProduct: build.mutation<Product, string>({
      query: (id) => ({ url: `api/product/${enc(id)}/restore`, method: 'DELETE' }),
      invalidatesTags: (_p, _e, id) => [PRODUCTS, { type: 'Product', id: 'QUICKLIST' }, { type: 'Product', id }],
    }),
    createPlan: build.mutation<PlanAnswer, string>({
      query: (productId) => ({ url: 'api/payment/plan/new', method: 'POST', body: { productId } }),
      invalidatesTags: (_p, _e, id) => [PRODUCTS, { type: 'Product', id }],
    }),
    removePlan: build.mutation<PlanAnswer, string>({
      query: (productId) => ({ url: 'api/payment/plan/remove', method: 'POST', body: { productId } }),
      invalidatesTags: (_p, _e, id) => [PRODUCTS, { type: 'Product', id }],
    }),

    startCheckout: build.mutation<CheckoutSessionAnswer, StartCheckoutBody>({
      query: (body) => ({ url: 'api/payment/checkout', method: 'POST', body }),
    }),
    completePayment: build.mutation<PaymentAnswer, PaymentBody>({
      query: (body) => ({ url: 'api/payment', method: 'POST', body }),
      invalidatesTags: [PURCHASES, SUBSCRIPTIONS],
    }),
    localSession: build.query<LocalCheckoutSession, string>({ query: (id) => `api/payment/local/${enc(id)}` }),
    payLocalSession: build.mutation<RedirectAnswer, string>({
      query: (id) => ({ url: `api/payment/local/${enc(id)}/pay`, method: 'POST' }),
    }),
    cancelLocalSession: build.mutation<RedirectAnswer, string>({
      query: (id) => ({ url: `api/payment/local/${enc(id)}/cancel`, method: 'POST' }),
    }),
    localPlanChange: build.query<LocalPlanChange, string>({ query: (id) => `api/payment/local/approve/${enc(id)}` }),
    approveLocalPlanChange: build.mutation<RedirectAnswer, string>({
      query: (id) => ({ url: `api/payment/local/approve/${enc(id)}`, method: 'POST' }),
      invalidatesTags: [SUBSCRIPTIONS, PURCHASES],
    }),

    purchaseHistory: build.query<PurchaseHistoryRow[], void>({ query: () => 'api/purchase', providesTags: [PURCHASES] }),
    purchaseReport: build.query<PurchaseLogRow[], PurchaseReportBody>({
      query: (body) => ({ url: 'api/report/purchase', method: 'POST', body }),
      providesTags: [PURCHASES],
    }),
    refund: build.mutation<MessageBody, string>({
      query: (transactionId) => ({ url: `api/payment/refund/${enc(transactionId)}`, method: 'GET' }),
      invalidatesTags: [PURCHASES, SUBSCRIPTIONS],
    }),

    paymentDetails: build.query<PaymentDetails, void>({ query: () => 'api/user/paymentDetails', providesTags: [SUBSCRIPTIONS] }),
    /** The signed-in user's own subscriptions, whatever their role (My account, Your plan). */
    mySubscriptions: build.query<Subscription[], void>({ query: () => 'api/user/paymentDetails/mine', providesTags: [SUBSCRIPTIONS] }),
    /** The order a checkout is about to open, named ("Sri Lanka — certified scorecard, September 2026") and priced. */
    checkoutQuote: build.query<CheckoutQuote, StartCheckoutBody>({
      query: (body) => ({ url: 'api/payment/quote', method: 'POST', body }),
    }),
    adminSubscriptions: build.query<Subscription[], void>({ query: () => 'api/user/paymentDetails/admin', providesTags: [SUBSCRIPTIONS] }),
    accPaymentCheck: build.query<AccPaymentCheck, void>({ query: () => 'api/user/check/payments/acc' }),
    cancelSubscription: build.mutation<MessageBody, string>({
      query: (subscriptionId) => ({ url: `api/payment/unsubscribe/${enc(subscriptionId)}`, method: 'GET' }),
      invalidatesTags: [SUBSCRIPTIONS],
    }),
    upgradeSubscription: build.mutation<UpgradeAnswer, { subscriptionId: string; planId: string }>({
      query: ({ subscriptionId, planId }) => ({ url: `api/payment/upgrade/${enc(subscriptionId)}`, method: 'POST', body: { planId } }),
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useProductQuickListQuery,
  usePurchasableCountriesQuery,
  usePublicOffersQuery,
  useOwnedQuery,
  useSaveProductMutation,
  useDeleteProductMutation,
  useRestoreProductMutation,
  useCreatePlanMutation,
  useRemovePlanMutation,
  useStartCheckoutMutation,
  useCompletePaymentMutation,
  useLocalSessionQuery,
  usePayLocalSessionMutation,
  useCancelLocalSessionMutation,
  useLocalPlanChangeQuery,
  useApproveLocalPlanChangeMutation,
  usePurchaseHistoryQuery,
  useLazyPurchaseReportQuery,
  useRefundMutation,
  usePaymentDetailsQuery,
  useAdminSubscriptionsQuery,
  useMySubscriptionsQuery,
  useCheckoutQuoteQuery,
  useAccPaymentCheckQuery,
  useCancelSubscriptionMutation,
  useUpgradeSubscriptionMutation,
} = commerceApi;
