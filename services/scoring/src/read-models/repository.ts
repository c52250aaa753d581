import { sql } from '@cti/db';

import type { ScoringExecutor } from '../db';

/** Channel on which every replica hears that read models changed (their caches drop them). */
export const READ_MODELS_CHANNEL = 'scoring_read_models';

/** Waits for any other rebuild's transaction: one rebuild at a time. */
export async function lockReadModels(db: ScoringExecutor): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${READ_MODELS_CHANNEL}))`.execute(db);
}

/** Tells every replica's listener, when the transaction commits, that read models changed. */
export async function notifyReadModelsChanged(db: ScoringExecutor): Promise<void> {
  await sql`select pg_notify(${READ_MODELS_CHANNEL}, '')`.execute(db);
}

export const findReadModel = (db: ScoringExecutor, key: string) =>
  db.selectFrom('readModels').select(['etag', 'body']).where('key', '=', key).executeTakeFirst();

export const listReadModelEtags = (db: ScoringExecutor) => db.selectFrom('readModels').select(['key', 'etag']).execute();

/** Inserts or replaces stored models, 200 rows a statement. */
export async function upsertReadModels(
  db: ScoringExecutor,
  models: ReadonlyArray<{ key: string; etag: string; body: string }>,
): Promise<void> {
  for (let i = 0; i < models.length; i += 200) {
    await db
      .insertInto('readModels')
      .values(models.slice(i, i + 200))
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ etag: (eb) => eb.ref('excluded.etag'), body: (eb) => eb.ref('excluded.body'), updatedAt: sql`now()` }),
      )
      .execute();
  }
}

/** Deletes stored models by key; the number deleted. */
export async function deleteReadModels(db: ScoringExecutor, keys: readonly string[]): Promise<number> {
  return Number((await db.deleteFrom('readModels').where('key', 'in', keys).executeTakeFirst()).numDeletedRows);
}

// What the read models are built from. Each owning folder imports the read models (to rebuild
// them), so these reads are the read models' own rather than calls into those folders.

export const listCountriesByName = (db: ScoringExecutor) => db.selectFrom('countries').selectAll().orderBy('name').execute();

export const listPeriodsOldestFirst = (db: ScoringExecutor) =>
  db.selectFrom('periods').selectAll().orderBy('createdAt').orderBy('name').execute();

export const listComplianceScores = (db: ScoringExecutor) => db.selectFrom('complianceScores').selectAll().execute();

export const listEnforceabilityScores = (db: ScoringExecutor) => db.selectFrom('enforceabilityScores').selectAll().execute();

export const listAnnotations = (db: ScoringExecutor) => db.selectFrom('annotations').selectAll().execute();
