import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

import { createDatabase, migrateSchema, poolOf, sql, type Kysely, type MigrationSet } from '@cti/db';
import type { EventTables } from '@cti/events';

import { isConnectionFailure } from './connection-failures';
import type { RateLimitCountersTable } from './rate-limit';

/** The kit's own tables, in every stateful service's schema: outbox, processed events, rate-limit counters. */
export interface KitTables extends EventTables {
  rateLimitCounters: RateLimitCountersTable;
}

/**
 * The Fastify type provider of a service: TypeBox for routes, plus the service's database
 * type. Fastify hands an instance's type provider to every plugin registered on it, so
 * `app.db` and `app.inTransaction` in each feature plugin are typed over the service's own
 * tables (a decorator declaration alone would be one type for all services).
 */
export interface ServiceTypeProvider<DB extends KitTables> extends TypeBoxTypeProvider {
  readonly database: DB;
}

/** The tables an instance's queries are checked against: its service's, or the kit's alone outside a service. */
export type DatabaseOf<TypeProvider> = TypeProvider extends ServiceTypeProvider<infer DB> ? DB : KitTables;

export interface DbPluginOptions {
  connectionString: string;
  schema: string;
  poolSize: number;
  migrations: MigrationSet;
  /** How long start-up waits for an unreachable Postgres before giving up. */
  startupWaitMs?: number;
}

declare module 'fastify' {
  // the type parameters repeat fastify's own (declarations merge only when they match)
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- declarations merge only when their type parameters match fastify's
  interface FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> {
    /** The service's database, scoped to its own schema and typed over its tables. */
    db: Kysely<DatabaseOf<TypeProvider>>;
  }
}

/** Readiness probes run at most this often; between them the last answer stands. */
const PROBE_EVERY_MS = 1000;

/**
 * Whether Postgres answers `select 1`. A pool with every connection busy is serving
 * queries, so it is not asked for one more (readiness must not queue behind the load).
 */
function databaseProbe(db: Kysely<KitTables>, poolSize: number) {
  const pool = poolOf(db);
  let last = { at: 0, up: true };
  let probing: Promise<boolean> | null = null;
  return {
    /** A connection broke: ask again at the next probe. */
    suspect() {
      last = { at: 0, up: false };
    },
    check(): boolean | Promise<boolean> {
      if (Date.now() - last.at < PROBE_EVERY_MS) return last.up;
      if (last.up && pool && pool.totalCount >= poolSize && pool.idleCount === 0) return true;
      probing ??= sql`select 1`
        .execute(db)
        .then(
          () => true,
          () => false,
        )
        .then((up) => {
          last = { at: Date.now(), up };
          probing = null;
          return up;
        });
      return probing;
    },
  };
}

/**
 * Opens the pool, migrates the service's schema before routes are ready (waiting for
 * Postgres when it is not up yet), reports it in readiness, closes on shutdown.
 */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, opts) => {
    let probe: ReturnType<typeof databaseProbe> | null = null;
    let lastWarned = 0;
    const db = createDatabase<KitTables>({
      connectionString: opts.connectionString,
      schema: opts.schema,
      poolSize: opts.poolSize,
      onConnectionError: (err) => {
        probe?.suspect();
        // one line per outage, not one per pooled connection
        if (Date.now() - lastWarned < 5000) return;
        lastWarned = Date.now();
        app.log.warn({ err }, 'a database connection broke; queries answer 503 until Postgres is back');
      },
    });
    probe = databaseProbe(db, opts.poolSize);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    await migrateWhenReachable(app, db, opts);
    app.readiness.set('migrations', () => true);
    app.readiness.set('database', probe.check);
    app.log.info({ schema: opts.schema }, 'schema migrated');
  },
  { name: 'cti-db', dependencies: ['cti-health'] },
);

async function migrateWhenReachable(app: { log: { warn(obj: object, msg: string): void } }, db: Kysely<KitTables>, opts: DbPluginOptions) {
  const deadline = Date.now() + (opts.startupWaitMs ?? 60_000);
  for (let attempt = 0; ; attempt++) {
    try {
      await migrateSchema(db, opts.schema, opts.migrations);
      return;
    } catch (err) {
      if (!isConnectionFailure(err) || Date.now() > deadline) throw err;
      const delay = Math.min(250 * 2 ** attempt, 5000);
      app.log.warn({ err, retryInMs: delay }, 'Postgres is not reachable yet; waiting for it');
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
