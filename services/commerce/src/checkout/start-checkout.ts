import { canDownloadCft } from '@cti/access';
import {
  CommerceMessages,
  dollarsOfCents,
  isUuid,
  type AccessClaims,
  type CheckoutQuote,
  type CheckoutSessionAnswer,
  type StartCheckoutBody,
} from '@cti/contracts';
import { BadRequest, Conflict, NotFound, principalOf } from '@cti/service-kit';

import { findCertifiedScorecard } from '../certified/repository';
import { countryNames } from '../countries/repository';
import type { CommerceExecutor } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';
import type { PaymentProvider } from '../payments/provider';
import { kindOf } from '../products/grants';
import { findProduct } from '../products/repository';
import { purchaseNames } from '../purchases/purchases';
import { ownedBy } from '../subscriptions/owned';

import { findCustomerId, insertCheckout, rememberCustomer, setProviderSession } from './repository';

/** `groupId` of the checkout cache: one id, or several joined with commas. */
export const parseGroupIds = (groupId: string | null | undefined) => [
  ...new Set(
    (groupId ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The provider's customer for this user, created once and remembered. */
async function customerFor(db: CommerceExecutor, provider: PaymentProvider, claims: AccessClaims): Promise<string | null> {
  const known = await findCustomerId(db, claims.sub, provider.name);
  if (known !== undefined) return known;
  const customerId = await provider.ensureCustomer({
    userId: claims.sub,
    email: claims.email,
    name: claims.name,
    idempotencyKey: `customer:${claims.sub}`,
  });
  if (!customerId) return null;
  await rememberCustomer(db, claims.sub, provider.name, customerId);
  return customerId;
}

/** An order checked and named before any money moves: what checkout shows and what the provider is asked for. */
export interface Order {
  product: NonNullable<Awaited<ReturnType<typeof findProduct>>>;
  groupIds: string[];
  periodId: string | null;
  quantity: number;
  /** What is bought, e.g. "Sri Lanka — certified scorecard, 2026 2nd Q". */
  title: string;
}

/**
 * Refuses what the buyer already bought and holds (a country of their per-country
 * subscription in force, a certified scorecard ordered for the same period, a second
 * subscription to the plan they subscribe to) or would pay for twice (Enhanced at checkout
 * beside their running Standard subscription: that one is upgraded, paying the difference;
 * a certified scorecard for someone whose role opens every one). Access given by a role
 * (which may end) does not stop a purchase of one's own.
 */
async function refuseOwned(db: CommerceExecutor, claims: AccessClaims, order: Omit<Order, 'title' | 'quantity'>): Promise<void> {
  const kind = kindOf(order.product.name);
  if (kind.certifiedScorecard && canDownloadCft(principalOf(claims))) throw new Conflict(CommerceMessages.certifiedIncluded);
  const owned = await ownedBy(db, claims.sub);
  if (kind.certifiedScorecard && owned.CertifiedScorecards.some((c) => c.GroupId === order.groupIds[0] && c.PeriodId === order.periodId))
    throw new Conflict(CommerceMessages.certifiedOwned);
  const runningPlans = owned.Plans.filter((p) => !p.Cancelled);
  if (!kind.perCountry && runningPlans.some((p) => p.ProductId === order.product.id)) throw new Conflict(CommerceMessages.planOwned);
  if (kind.roles.includes('Enhanced') && runningPlans.some((p) => kindOf(p.Name).roles.includes('Standard')))
    throw new Conflict(CommerceMessages.upgradeInstead);
  if (kind.perCountry) {
    const held = order.groupIds.filter((id) => owned.Countries.some((c) => c.GroupId === id));
    if (held.length) {
      const names = await countryNames(db, held);
      throw new Conflict(CommerceMessages.countryOwned(held.map((id) => names.get(id) ?? id).join(', ')));
    }
  }
}

/**
 * The order a checkout body asks for, if it can be delivered: the product (not deleted);
 * for the per-country subscription at least one known country, priced per country; for
 * one country's certified scorecard a scored country and the period its scorecard shows
 * now (the only one the documents service certifies); and nothing the buyer already owns.
 */
export async function orderOf(db: CommerceExecutor, claims: AccessClaims, body: StartCheckoutBody): Promise<Order> {
  const product = await findProduct(db, body.productId);
  if (!product || product.deletedAt) throw new NotFound(CommerceMessages.emptyCart);
  const kind = kindOf(product.name);
  const requested = parseGroupIds(body.groupId);
  let groupIds: string[] = [];
  if (kind.perCountry) {
    const known = await countryNames(db, requested.filter(isUuid));
    groupIds = requested.filter((id) => known.has(id));
    if (!groupIds.length || groupIds.length !== requested.length) throw new BadRequest(CommerceMessages.countryRequired);
  } else if (kind.certifiedScorecard) {
    const known = await countryNames(db, requested.filter(isUuid));
    if (requested.length !== 1 || !known.has(requested[0])) throw new BadRequest(CommerceMessages.countryRequired);
    if (!body.periodId?.trim()) throw new BadRequest(CommerceMessages.periodRequired);
    groupIds = requested;
    const shown = await findCertifiedScorecard(db, requested[0]);
    if (!shown || shown.score <= 0) throw new BadRequest(CommerceMessages.certifiedNotForSale);
    if (shown.periodId !== body.periodId.trim()) throw new BadRequest(CommerceMessages.certifiedPeriodNotDeliverable);
  }
  const periodId = kind.certifiedScorecard ? body.periodId!.trim() : (body.periodId ?? null);
  await refuseOwned(db, claims, { product, groupIds, periodId });
  const [title] = await purchaseNames(db, [{ productName: product.name, groupIds, periodId }]);
  return { product, groupIds, periodId, quantity: kind.perCountry ? groupIds.length : 1, title: title };
}

/** POST api/payment/quote: the order checkout is about to open, named and priced, for the checkout page. */
export async function quoteCheckout(db: CommerceExecutor, claims: AccessClaims, body: StartCheckoutBody): Promise<CheckoutQuote> {
  const order = await orderOf(db, claims, body);
  return {
    Title: order.title,
    ProductName: order.product.name,
    Description: order.product.description,
    UnitPrice: dollarsOfCents(order.product.priceCents),
    Quantity: order.quantity,
    Amount: dollarsOfCents(order.product.priceCents * order.quantity),
    Subscription: !!order.product.planId,
    GroupIds: order.groupIds,
    PeriodId: order.periodId,
  };
}

/**
 * POST api/payment/checkout: opens a checkout at the provider for the order (a
 * subscription when the product has a plan), named as checkout showed it.
 */
export async function startCheckout(
  deps: PaymentDeps,
  claims: AccessClaims,
  body: StartCheckoutBody,
  /** The buyer's origin (validated), where the provider sends the buyer back. */
  origin: string,
): Promise<CheckoutSessionAnswer> {
  const { db, provider } = deps;
  const { product, groupIds, periodId, quantity, title } = await orderOf(db, claims, body);
  const mode = product.planId ? 'subscription' : 'payment';
  const customerId = await customerFor(db, provider, claims);
  const checkout = await insertCheckout(db, {
    userId: claims.sub,
    buyerEmail: claims.email,
    buyerName: claims.name,
    buyerOrganization: claims.organization ?? '',
    buyerGroupIds: claims.groups,
    productId: product.id,
    productName: product.name,
    unitPriceCents: product.priceCents,
    quantity,
    amountCents: product.priceCents * quantity,
    groupIds,
    periodId,
    planId: product.planId,
    mode,
    provider: provider.name,
    providerSessionId: null,
    completedAt: null,
    createdAt: deps.clock.now().toISOString(),
  });
  const base = `${origin}/checkout/${encodeURIComponent(product.id)}`;
  const session = await provider.createCheckout({
    checkoutId: checkout.id,
    mode,
    productName: title,
    description: product.description,
    unitAmountCents: product.priceCents,
    quantity,
    planId: product.planId,
    customerId,
    customerEmail: claims.email,
    successUrl: `${base}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}?cancelled=true`,
    idempotencyKey: `checkout:${checkout.id}`,
  });
  await setProviderSession(db, checkout.id, session.sessionId);
  return { sessionId: session.sessionId, url: session.url, provider: provider.name };
}
