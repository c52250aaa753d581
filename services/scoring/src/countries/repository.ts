import { sql, upsert } from '@cti/db';

import type { ScoringExecutor } from '../db';

export interface CountryFacts {
  groupId: string;
  name: string;
  countryId: string | null;
  logoPath: string | null;
}

export const findCountry = (db: ScoringExecutor, groupId: string) =>
  db.selectFrom('countries').selectAll().where('groupId', '=', groupId).executeTakeFirst();

export const listCountries = (db: ScoringExecutor) => db.selectFrom('countries').selectAll().orderBy('name').execute();

/**
 * Inserts or refreshes a country from identity's group facts. Which index a country
 * stands on is scoring's own decision: set on first sight, never overwritten here.
 */
export async function upsertCountry(db: ScoringExecutor, facts: CountryFacts, contractingOnInsert: boolean): Promise<void> {
  await upsert(db, 'countries', { ...facts, contracting: contractingOnInsert }, ['groupId'], countryRefresh(facts)).execute();
}

/** What new group facts change in a known country (its index stays as scoring set it). */
export const countryRefresh = (facts: Omit<CountryFacts, 'groupId'>) => ({
  name: facts.name,
  // a placeholder made from a questionnaire event has no code or flag yet
  countryId: sql<string | null>`coalesce(${facts.countryId}, countries.country_id)`,
  logoPath: sql<string | null>`coalesce(${facts.logoPath}, countries.logo_path)`,
  updatedAt: sql<string>`now()`,
});

export async function setContracting(db: ScoringExecutor, groupId: string, contracting: boolean): Promise<void> {
  await db
    .updateTable('countries')
    .set({ contracting, updatedAt: sql`now()` })
    .where('groupId', '=', groupId)
    .execute();
}
