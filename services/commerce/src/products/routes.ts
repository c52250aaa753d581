import { manageProductsRule, satisfiesRule } from '@cti/access';
import {
  type AccessClaims,
  CommerceMessages,
  ErrorBody,
  IdParam,
  PlanAnswer,
  PlanBody,
  Product,
  ProductBody,
  ProductList,
  ProductQuickList,
  PublicOfferList,
  PurchasableCountryList,
} from '@cti/contracts';
import { actorOf, claimsOf, DomainError, principalOf } from '@cti/service-kit';

import type { CommerceApp } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';

import {
  createPlan,
  productFor,
  productList,
  productQuickList,
  publicOffers,
  purchasableCountries,
  removePlan,
  saveProduct,
  setProductDeleted,
} from './products';
import { toProduct } from './repository';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

/** Products admin (/admin/products) and the product lookups of purchase and checkout pages. */
export async function productRoutes(app: CommerceApp, opts: { payments: PaymentDeps; vendorEmailDomain: string }) {
  const db = app.db;
  // changing products and plans is Manage Products: admins of the vendor's own domain only
  const manageProducts = manageProductsRule(opts.vendorEmailDomain);
  const productManager = app.requireRule(manageProducts, CommerceMessages.manageProductsOnly);
  const managesProducts = (claims: AccessClaims) => satisfiesRule(principalOf(claims), manageProducts);

  app.get(
    '/api/product/quicklist',
    {
      preHandler: app.requireUser,
      schema: { tags: ['products'], summary: 'Product ids by name', response: { 200: ProductQuickList, 401: ErrorBody } },
    },
    async () => productQuickList(db),
  );

  app.get(
    '/api/product/offers',
    {
      schema: {
        tags: ['products'],
        summary: 'The plans and offers with their prices',
        description: 'The pricing page’s offers; no sign-in.',
        response: { 200: PublicOfferList },
      },
    },
    async () => publicOffers(db),
  );

  app.get(
    '/api/product/countries',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['products'],
        summary: 'Countries a per-country product may be bought for',
        response: { 200: PurchasableCountryList, 401: ErrorBody },
      },
    },
    async () => purchasableCountries(db),
  );

  app.get(
    '/api/product',
    {
      preHandler: app.requireUser,
      schema: { tags: ['products'], summary: 'Every product', response: { 200: ProductList, 401: ErrorBody } },
    },
    async (request) => productList(db, managesProducts(claimsOf(request))),
  );

  app.get(
    '/api/product/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['products'], summary: 'A product', params: IdParam, response: { 200: Product, ...errors } },
    },
    async (request) => productFor(db, managesProducts(claimsOf(request)), request.params.id),
  );

  app.post(
    '/api/product',
    {
      preHandler: productManager,
      schema: { tags: ['products'], summary: 'Create or change a product', body: ProductBody, response: { 200: Product, ...errors } },
    },
    async (request) => toProduct(await saveProduct(app, actorOf(request), request.body)),
  );

  app.delete(
    '/api/product/:id',
    {
      preHandler: productManager,
      schema: { tags: ['products'], summary: 'Withdraw a product', params: IdParam, response: { 200: Product, ...errors } },
    },
    async (request) => toProduct(await setProductDeleted(app, actorOf(request), request.params.id, true)),
  );

  app.delete(
    '/api/product/:id/restore',
    {
      preHandler: productManager,
      schema: { tags: ['products'], summary: 'Restore a withdrawn product', params: IdParam, response: { 200: Product, ...errors } },
    },
    async (request) => toProduct(await setProductDeleted(app, actorOf(request), request.params.id, false)),
  );

  /** Plan calls answer the spec's one failure text, whatever went wrong at the provider. */
  const planFailure = (err: unknown): never => {
    if (err instanceof DomainError && err.statusCode < 500) throw err;
    app.log.warn({ err }, 'plan change at the payment provider failed');
    throw new DomainError(502, CommerceMessages.planFailed);
  };

  app.post(
    '/api/payment/plan/new',
    {
      preHandler: productManager,
      schema: {
        tags: ['products'],
        summary: 'Create a subscription plan for a product',
        body: PlanBody,
        response: { 200: PlanAnswer, ...errors },
      },
    },
    async (request) => ({ planId: await createPlan(opts.payments, actorOf(request), request.body.productId).catch(planFailure) }),
  );

  app.post(
    '/api/payment/plan/remove',
    {
      preHandler: productManager,
      schema: {
        tags: ['products'],
        summary: 'Remove a product’s subscription plan',
        body: PlanBody,
        response: { 200: PlanAnswer, ...errors },
      },
    },
    async (request) => {
      await removePlan(opts.payments, actorOf(request), request.body.productId).catch(planFailure);
      return { planId: null };
    },
  );
}
