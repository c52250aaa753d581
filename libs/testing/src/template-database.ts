import pg from 'pg';
import type { TProperties } from 'typebox';

import { migrateService, type KitTables, type ServiceDefinition } from '@cti/service-kit';

/**
 * Every test file gets a database of its own, and every service started in it migrates its schema
 * there: the same migrations a few hundred times a run. Instead, a test database is a copy of a
 * template (`CREATE DATABASE … TEMPLATE`) that holds the schema of each platform service already
 * migrated, so a service started in it finds nothing to do. The template is filled as the run goes:
 * the first time a platform service is started anywhere in the run, its schema is migrated into
 * the template too (once, under an exclusive advisory lock that copies wait for).
 *
 * The registry (`cti_test_template`, in the server's `postgres` database) says which schema the
 * template holds and from which migrations; a service started under a platform service's name with
 * other migrations (a test's own definition) gets its schema dropped first and migrates as before.
 */
const TEMPLATE = 'cti_template';
/** pg_advisory_lock key: copies hold it shared, a change of the template holds it alone. */
const LOCK = 4_300_043;
/** Only the platform's own services go into the template; any other schema migrates in its test database. */
const PLATFORM_SERVICES = new Set(['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications']);

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the empty template and its registry (jest globalSetup, once per run). */
export async function prepareTemplate(serverUrl: string): Promise<void> {
  await onServer(serverUrl, async (client) => {
    await client.query(`create database ${TEMPLATE}`);
    await client.query('create table cti_test_template (schema text primary key, migrations text not null)');
  });
}

/** The migrations a definition brings, as one key (the kit's own sets are the same for every service of a run). */
const migrationsKey = (def: { migrations?: object }) => Object.keys(def.migrations ?? {}).join('\n');

/** A database copied from the template; resolves with the schemas (and their migrations key) it was copied with. */
export async function createFromTemplate(serverUrl: string, database: string): Promise<Map<string, string>> {
  return onServer(serverUrl, async (client) => {
    const exists = await client.query(`select 1 from pg_database where datname = $1`, [TEMPLATE]);
    // a run whose globalSetup predates the template (or a server shared with one): an empty database
    if (!exists.rowCount) {
      await client.query(`create database ${database}`);
      return new Map<string, string>();
    }
    await client.query('select pg_advisory_lock_shared($1)', [LOCK]);
    try {
      const { rows } = await client.query<{ schema: string; migrations: string }>('select schema, migrations from cti_test_template');
      // FILE_COPY: a copy of the template's few megabytes of files, faster here than WAL_LOG's page by page
      await client.query(`create database ${database} template ${TEMPLATE} strategy file_copy`);
      return new Map(rows.map((r) => [r.schema, r.migrations]));
    } finally {
      await client.query('select pg_advisory_unlock_shared($1)', [LOCK]);
    }
  });
}

/**
 * Before a service starts in a database copied from the template: a schema of the same name from
 * other migrations is dropped, so the service migrates its own from scratch.
 */
export async function clearForeignSchema(
  copiedWith: Map<string, string>,
  def: { name: string; migrations?: object },
  query: (sql: string) => Promise<unknown>,
): Promise<void> {
  const copied = copiedWith.get(def.name);
  if (copied !== undefined && copied !== migrationsKey(def)) {
    await query(`drop schema if exists "${def.name}" cascade`);
    copiedWith.delete(def.name);
  }
}

/** After a platform service started (and migrated) in a test database: its schema goes into the template, once per run. */
export async function addToTemplate<P extends TProperties, DB extends KitTables>(serverUrl: string, def: ServiceDefinition<P, DB>) {
  if (!PLATFORM_SERVICES.has(def.name) || def.stateful === false) return;
  await onServer(serverUrl, async (client) => {
    const exists = await client.query(`select 1 from pg_database where datname = $1`, [TEMPLATE]);
    if (!exists.rowCount) return;
    const known = async () => (await client.query('select 1 from cti_test_template where schema = $1', [def.name])).rowCount;
    if (await known()) return;
    await client.query('select pg_advisory_lock($1)', [LOCK]);
    try {
      if (await known()) return;
      // the template takes no connection while a copy is made: this one closes before the lock is let go
      await migrateService(def, { DATABASE_URL: withDatabase(serverUrl, TEMPLATE) });
      await client.query('insert into cti_test_template (schema, migrations) values ($1, $2)', [def.name, migrationsKey(def)]);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK]);
    }
  });
}
