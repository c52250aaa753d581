import { dollarsOfCents, isUuid, type Product } from '@cti/contracts';
import { nameMatches, sql, timestampAt, type Selectable } from '@cti/db';

import type { CommerceExecutor, ProductsTable } from '../db';

import { kindOf } from './grants';

export type ProductRow = Selectable<ProductsTable>;

export const toProduct = (row: ProductRow): Product => {
  const kind = kindOf(row.name);
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    Price: dollarsOfCents(row.priceCents),
    planId: row.planId,
    Deleted: row.deletedAt !== null,
    UpdatesRole: kind.roles.length > 0,
    PerCountry: kind.perCountry,
  };
};

export const findProduct = (db: CommerceExecutor, id: string) =>
  isUuid(id) ? db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined);

export const findProductByName = (db: CommerceExecutor, name: string) =>
  db.selectFrom('products').selectAll().where(nameMatches(name)).executeTakeFirst();

export const findProductByPlan = (db: CommerceExecutor, planId: string) =>
  db.selectFrom('products').selectAll().where('planId', '=', planId).executeTakeFirst();

export const listProducts = (db: CommerceExecutor, opts: { includeDeleted: boolean }) => {
  let q = db.selectFrom('products').selectAll().orderBy('name');
  if (!opts.includeDeleted) q = q.where('deletedAt', 'is', null);
  return q.execute();
};

export const insertProduct = (db: CommerceExecutor, values: { name: string; description: string; priceCents: number }, now: Date) =>
  db
    .insertInto('products')
    .values({ ...values, planId: null, deletedAt: null, createdAt: timestampAt(now), updatedAt: timestampAt(now) })
    .returningAll()
    .executeTakeFirstOrThrow();

export const updateProduct = (
  db: CommerceExecutor,
  id: string,
  values: { name: string; description: string; priceCents: number },
  now: Date,
) =>
  db
    .updateTable('products')
    .set({ ...values, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Deletes (keeping the first deletion time) or restores a product. */
export const setDeleted = (db: CommerceExecutor, id: string, deleted: boolean, now: Date) =>
  db
    .updateTable('products')
    .set({ deletedAt: deleted ? sql<string>`coalesce(deleted_at, ${timestampAt(now)})` : null, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/** Gives the product its plan unless it has one already; undefined then. */
export const setPlanIfNone = (db: CommerceExecutor, id: string, planId: string, now: Date) =>
  db
    .updateTable('products')
    .set({ planId, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .where('planId', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Takes the plan off the product if it still is `planId`; undefined otherwise. */
export const clearPlan = (db: CommerceExecutor, id: string, planId: string, now: Date) =>
  db
    .updateTable('products')
    .set({ planId: null, updatedAt: timestampAt(now) })
    .where('id', '=', id)
    .where('planId', '=', planId)
    .returningAll()
    .executeTakeFirst();

/** The ids and names of these products. */
export const productsByIds = (db: CommerceExecutor, ids: string[]) =>
  db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute();
