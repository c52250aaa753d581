import type { EventActor, OfferKind, Product, ProductBody, ProductQuickList, PublicOffer, PurchasableCountry } from '@cti/contracts';
import { centsOfDollars, CommerceMessages, dollarsOfCents, PRODUCT_NAME_MAX_LENGTH, TextLimits } from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, freeText, NotFound, type DataAccess } from '@cti/service-kit';

import { listCountries } from '../countries/repository';
import type { CommerceDB, CommerceExecutor } from '../db';
import type { PaymentDeps } from '../payments/payment-deps';

import { kindOf } from './grants';
import {
  clearPlan,
  findProduct,
  findProductByName,
  insertProduct,
  listProducts,
  setDeleted,
  setPlanIfNone,
  toProduct,
  updateProduct,
  type ProductRow,
} from './repository';

const eventData = (p: ProductRow) => ({ productId: p.id, name: p.name, price: p.priceCents, planId: p.planId });

async function productOrNotFound(db: CommerceExecutor, id: string): Promise<ProductRow> {
  const product = await findProduct(db, id);
  if (!product) throw new NotFound('Product not found');
  return product;
}

/** GET api/product/quicklist: the ids of the products on sale, by name. */
export async function productQuickList(db: CommerceExecutor): Promise<ProductQuickList> {
  return Object.fromEntries((await listProducts(db, { includeDeleted: false })).map((p) => [p.name, p.id]));
}

/**
 * GET api/product/offers (public): the offers of the pricing page, read from the products on
 * sale (an admin's price is the price shown): Standard, Enhanced, per country, certified scorecard.
 */
export async function publicOffers(db: CommerceExecutor): Promise<PublicOffer[]> {
  const offers: PublicOffer[] = [];
  for (const product of await listProducts(db, { includeDeleted: false })) {
    const kind = kindOf(product.name);
    const offer: OfferKind | null = kind.certifiedScorecard
      ? 'Certified'
      : kind.perCountry
        ? 'Country'
        : kind.roles[0] === 'Standard' || kind.roles[0] === 'Enhanced'
          ? kind.roles[0]
          : null;
    if (!offer || offers.some((o) => o.Kind === offer)) continue;
    offers.push({
      Kind: offer,
      Name: product.name,
      Description: product.description,
      Price: dollarsOfCents(product.priceCents),
      Subscription: !!product.planId,
    });
  }
  return offers;
}

/** GET api/product/countries: the countries the per-country subscription can be bought for. */
export async function purchasableCountries(db: CommerceExecutor): Promise<PurchasableCountry[]> {
  return (await listCountries(db)).map((c) => ({ Id: c.groupId, Name: c.name }));
}

/** GET api/product: product managers (Manage Products) see withdrawn products too; everyone else only what is on sale. */
export async function productList(db: CommerceExecutor, managesProducts: boolean): Promise<Product[]> {
  return (await listProducts(db, { includeDeleted: managesProducts })).map(toProduct);
}

/** GET api/product/{id}: a withdrawn product is found only by product managers. */
export async function productFor(db: CommerceExecutor, managesProducts: boolean, id: string): Promise<Product> {
  const product = await findProduct(db, id);
  if (!product || (product.deletedAt && !managesProducts)) throw new NotFound('Product not found');
  return toProduct(product);
}

/** POST api/product: adds a product (no Id) or edits one. Names are unique without regard to case. */
export async function saveProduct(data: DataAccess<CommerceDB>, actor: EventActor | null, body: ProductBody): Promise<ProductRow> {
  // stored, limited and compared as normalised: the same name twice is the same name
  const name = freeText('Name', body.Name, PRODUCT_NAME_MAX_LENGTH);
  const description = freeText('Description', body.Description, TextLimits.paragraph, { multiline: true });
  if (!name || body.Price === undefined) throw new BadRequest(CommerceMessages.fillAllFields);
  const priceCents = centsOfDollars(body.Price);
  if (priceCents === null) throw new BadRequest(CommerceMessages.priceInvalid);
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    const sameName = await findProductByName(trx, name);
    if (sameName && sameName.id !== body.Id) throw new Conflict('A product with this name already exists.');
    let row: ProductRow;
    if (body.Id) {
      await productOrNotFound(trx, body.Id);
      row = await updateProduct(trx, body.Id, { name, description, priceCents }, now);
    } else {
      row = await insertProduct(trx, { name, description, priceCents }, now);
    }
    await appendToOutbox(trx, { type: 'evt.commerce.product.saved', actor, data: { ...eventData(row), created: !body.Id } });
    return row;
  });
}

/** DELETE api/product/{id} and DELETE api/product/{id}/restore. */
export async function setProductDeleted(
  data: DataAccess<CommerceDB>,
  actor: EventActor | null,
  id: string,
  deleted: boolean,
): Promise<ProductRow> {
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    await productOrNotFound(trx, id);
    const row = await setDeleted(trx, id, deleted, now);
    await appendToOutbox(trx, {
      type: deleted ? 'evt.commerce.product.deleted' : 'evt.commerce.product.restored',
      actor,
      data: eventData(row),
    });
    return row;
  });
}

/**
 * POST api/payment/plan/new: the product becomes a yearly subscription at the provider.
 * The idempotency key names the product and its price, so a retry reuses the plan.
 */
export async function createPlan(deps: PaymentDeps, actor: EventActor | null, productId: string): Promise<string> {
  const product = await productOrNotFound(deps.db, productId);
  if (product.planId) return product.planId;
  const planId = await deps.provider.createPlan({
    productId: product.id,
    name: product.name,
    description: product.description,
    amountCents: product.priceCents,
    idempotencyKey: `plan:${product.id}:${product.priceCents}:${Date.parse(product.updatedAt)}`,
  });
  const now = deps.clock.now();
  return deps.inTransaction(async (trx) => {
    const row = await setPlanIfNone(trx, product.id, planId, now);
    if (!row) return (await productOrNotFound(trx, product.id)).planId ?? planId;
    await appendToOutbox(trx, { type: 'evt.commerce.plan.created', actor, data: eventData(row) });
    return planId;
  });
}

/** POST api/payment/plan/remove: the product is sold as a one-time purchase again. */
export async function removePlan(deps: PaymentDeps, actor: EventActor | null, productId: string): Promise<void> {
  const product = await productOrNotFound(deps.db, productId);
  const removedPlanId = product.planId;
  if (!removedPlanId) return;
  await deps.provider.removePlan(removedPlanId, `plan-remove:${removedPlanId}`);
  const now = deps.clock.now();
  await deps.inTransaction(async (trx) => {
    const row = await clearPlan(trx, product.id, removedPlanId, now);
    if (row) await appendToOutbox(trx, { type: 'evt.commerce.plan.removed', actor, data: { ...eventData(row), removedPlanId } });
  });
}
