import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';

import { answersOnNewConnection, createDatabase, migrateSchema, poolOf, sql, type Kysely, type MigrationSet } from '@cti/db';
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
 * How long a probe may take before a database that was up counts as busy rather than down
 * (below the health plugin's own ceiling, so a slow answer never reads as an outage).
 */
const SLOW_PROBE_MS = 1500;
/** How long the probe on a connection of its own may take to connect and answer. */
const OWN_CONNECTION_PROBE_MS = 2500;
/** A probe unanswered this long is a hung database, not a busy one. */
const HUNG_PROBE_MS = 10_000;

/**
 * Whether Postgres answers `select 1`. A pool with every connection busy is serving
 * queries, so it is not asked for one more (readiness must not queue behind the load), and a
 * probe that is merely slow keeps the last answer: taking a busy replica out of service would
 * move its load onto the others. A failed query, a broken connection or a probe unanswered for
 * `HUNG_PROBE_MS` makes it down.
 */
function databaseProbe(db: Kysely<KitTables>, poolSize: number) {
  const pool = poolOf(db);
  let last = { at: 0, up: true };
  let suspected = false;
  let probing: Promise<boolean> | null = null;
  let probeStartedAt = 0;
  return {
    /** A connection broke: ask again at the next probe, and wait for its answer. */
    suspect() {
      suspected = true;
      last = { at: 0, up: false };
    },
    check: (): boolean | Promise<boolean> => {
      if (Date.now() - last.at < PROBE_EVERY_MS) return last.up;
      if (last.up && pool && pool.totalCount >= poolSize && pool.idleCount === 0) return true;
      if (!probing) probeStartedAt = Date.now();
      // after a break, ask on a connection of its own: the pool's may all be busy with the load
      probing ??= (
        suspected
          ? answersOnNewConnection(db, OWN_CONNECTION_PROBE_MS)
          : sql`select 1`.execute(db).then(
              () => true,
              () => false,
            )
      ).then((up) => {
        last = { at: Date.now(), up };
        if (up) suspected = false;
        probing = null;
        return up;
      });
      const busyNotDown = last.up && !suspected && Date.now() - probeStartedAt < HUNG_PROBE_MS;
      if (!busyNotDown) return probing;
      let timer: NodeJS.Timeout | undefined;
      const stillUp = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), SLOW_PROBE_MS);
      });
      return Promise.race([probing, stillUp]).finally(() => clearTimeout(timer));
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
