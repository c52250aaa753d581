import type { Product } from '@cti/contracts';
import { sql, type Selectable } from '@cti/db';

import type { CommerceExecutor, ProductsTable } from '../db';

import { kindOf } from './grants';

export type ProductRow = Selectable<ProductsTable>;

export const toProduct = (row: ProductRow): Product => {
  const kind = kindOf(row.name);
  return {
    Id: row.id,
    Name: row.name,
    Description: row.description,
    PriceCents: row.priceCents,
    Price: row.priceCents,
    planId: row.planId,
    Deleted: row.deletedAt !== null,
    UpdatesRole: kind.roles.length > 0,
    PerCountry: kind.perCountry,
  };
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => uuid.test(id);

export const findProduct = (db: CommerceExecutor, id: string) =>
  isUuid(id) ? db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined);

export const findProductByName = (db: CommerceExecutor, name: string) =>
  db
    .selectFrom('products')
    .selectAll()
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();

export const findProductByPlan = (db: CommerceExecutor, planId: string) =>
  db.selectFrom('products').selectAll().where('planId', '=', planId).executeTakeFirst();

export const listProducts = (db: CommerceExecutor, opts: { includeDeleted: boolean }) => {
  let q = db.selectFrom('products').selectAll().orderBy('name');
  if (!opts.includeDeleted) q = q.where('deletedAt', 'is', null);
  return q.execute();
};
