import type { CommerceExecutor } from '../db';

/** The countries the per-country subscription can be bought for, by name. */
export const listCountries = (db: CommerceExecutor) => db.selectFrom('countries').selectAll().orderBy('name').execute();

export async function countryNames(db: CommerceExecutor, groupIds: readonly string[]): Promise<Map<string, string>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .selectFrom('countries')
    .selectAll()
    .where('groupId', 'in', [...groupIds])
    .execute();
  return new Map(rows.map((r) => [r.groupId, r.name]));
}
