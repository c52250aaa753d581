import type { EventActor, ProductBody } from '@cti/contracts';
import { CommerceMessages } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Conflict, NotFound } from '@cti/service-kit';

import type { CommerceExecutor, CommerceApp } from '../db';
import type { PaymentProvider } from '../payments/provider';

import { findProduct, findProductByName, type ProductRow } from './repository';

const eventData = (p: ProductRow) => ({ productId: p.id, name: p.name, price: p.priceCents, planId: p.planId });

async function productOrNotFound(db: CommerceExecutor, id: string): Promise<ProductRow> {
  const product = await findProduct(db, id);
  if (!product) throw new NotFound('Product not found');
  return product;
}

/** POST api/product: adds a product (no Id) or edits one. Names are unique. */
export async function saveProduct(app: CommerceApp, actor: EventActor | null, body: ProductBody): Promise<ProductRow> {
  const name = body.Name.trim();
  const description = body.Description.trim();
  const priceCents = body.PriceCents ?? body.Price;
  if (!name || priceCents === undefined || !Number.isInteger(priceCents) || priceCents < 0)
    throw new BadRequest(CommerceMessages.fillAllFields);
  return app.inTransaction(async (trx: CommerceExecutor) => {
    const sameName = await findProductByName(trx, name);
    if (sameName && sameName.id !== body.Id) throw new Conflict('A product with this name already exists.');
    let row: ProductRow;
    if (body.Id) {
      await productOrNotFound(trx, body.Id);
      row = await trx
        .updateTable('products')
        .set({ name, description, priceCents, updatedAt: sql<string>`now()` })
        .where('id', '=', body.Id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      row = await trx
        .insertInto('products')
        .values({ name, description, priceCents, planId: null, deletedAt: null })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await appendToOutbox(trx, { type: 'evt.commerce.product.saved', actor, data: { ...eventData(row), created: !body.Id } });
    return row;
  });
}

/** DELETE api/product/{id} and DELETE api/product/{id}/restore. */
export async function setProductDeleted(app: CommerceApp, actor: EventActor | null, id: string, deleted: boolean): Promise<ProductRow> {
  return app.inTransaction(async (trx: CommerceExecutor) => {
    await productOrNotFound(trx, id);
    const row = await trx
      .updateTable('products')
      .set({ deletedAt: deleted ? sql<string>`coalesce(deleted_at, now())` : null, updatedAt: sql<string>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
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
export async function createPlan(
  app: CommerceApp,
  provider: PaymentProvider,
  actor: EventActor | null,
  productId: string,
): Promise<string> {
  const db = app.db;
  const product = await productOrNotFound(db, productId);
  if (product.planId) return product.planId;
  const planId = await provider.createPlan({
    productId: product.id,
    name: product.name,
    description: product.description,
    amountCents: product.priceCents,
    idempotencyKey: `plan:${product.id}:${product.priceCents}:${Date.parse(product.updatedAt)}`,
  });
  return app.inTransaction(async (trx: CommerceExecutor) => {
    const row = await trx
      .updateTable('products')
      .set({ planId, updatedAt: sql<string>`now()` })
      .where('id', '=', product.id)
      .where('planId', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) return (await productOrNotFound(trx, product.id)).planId ?? planId;
    await appendToOutbox(trx, { type: 'evt.commerce.plan.created', actor, data: eventData(row) });
    return planId;
  });
}

/** POST api/payment/plan/remove: the product is sold as a one-time purchase again. */
export async function removePlan(app: CommerceApp, provider: PaymentProvider, actor: EventActor | null, productId: string): Promise<void> {
  const db = app.db;
  const product = await productOrNotFound(db, productId);
  if (!product.planId) return;
  await provider.removePlan(product.planId, `plan-remove:${product.planId}`);
  await app.inTransaction(async (trx: CommerceExecutor) => {
    const row = await trx
      .updateTable('products')
      .set({ planId: null, updatedAt: sql<string>`now()` })
      .where('id', '=', product.id)
      .where('planId', '=', product.planId)
      .returningAll()
      .executeTakeFirst();
    if (row)
      await appendToOutbox(trx, { type: 'evt.commerce.plan.removed', actor, data: { ...eventData(row), removedPlanId: product.planId! } });
  });
}
