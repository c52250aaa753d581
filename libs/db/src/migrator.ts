import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';

import { assertIdentifier } from './database';

export type MigrationSet = Record<string, Migration>;

/**
 * Migrates one service's schema. The migration table lives in that schema, so each
 * service has its own history; names are timestamp-prefixed and applied in order.
 */
export async function migrateSchema<DB>(db: Kysely<DB>, schema: string, migrations: MigrationSet): Promise<MigrationResultSet> {
  assertIdentifier(schema);
  // checked first: CREATE SCHEMA needs a database privilege a service role may lack
  const existing = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  if (!existing.rows[0]?.n) await sql`create schema ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrations },
    // kit-level migrations (outbox, rate limits) may be added after a service's own ones ran
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration of schema "${schema}" failed${failed ? ` at ${failed}` : ''}: ${reason}`, { cause: result.error });
  }
  return result;
}

/** Merges migration sets, refusing two migrations with one name. */
export function mergeMigrations(...sets: MigrationSet[]): MigrationSet {
  const merged: MigrationSet = {};
  for (const set of sets) {
    for (const [name, migration] of Object.entries(set)) {
      if (merged[name]) throw new Error(`Duplicate migration name ${name}`);
      merged[name] = migration;
    }
  }
  return merged;
}
