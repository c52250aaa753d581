import type { IndexCountry } from '@cti/access';

import type { NotificationsExecutor } from '../db';

/** The country a change is about, as identity names it (null when unknown or for library documents). */
export interface CountryFacts extends IndexCountry {
  name: string;
}

export const findCountry = (db: NotificationsExecutor, groupId: string) =>
  db.selectFrom('countries').selectAll().where('groupId', '=', groupId).executeTakeFirst();

/** Countries by group id, as the access rules and alert lines need them. */
export async function countriesById(db: NotificationsExecutor, groupIds: readonly (string | null)[]): Promise<Map<string, CountryFacts>> {
  const ids = [...new Set(groupIds.filter((g): g is string => !!g))];
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('countries').select(['groupId', 'name', 'countryId']).where('groupId', 'in', ids).execute();
  return new Map(rows.map((r) => [r.groupId, { groupId: r.groupId, countryId: r.countryId, name: r.name }]));
}

export type CountryMap = Map<string, CountryFacts>;

/** Every country by group id (a few hundred rows at most). */
export async function allCountries(db: NotificationsExecutor): Promise<CountryMap> {
  const rows = await db.selectFrom('countries').select(['groupId', 'name', 'countryId']).execute();
  return new Map(rows.map((r) => [r.groupId, { groupId: r.groupId, countryId: r.countryId, name: r.name }]));
}
