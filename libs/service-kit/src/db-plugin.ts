import fp from 'fastify-plugin';

import { createDatabase, migrateSchema, poolOf, sql, type Kysely, type MigrationSet } from '@cti/db';

import { isConnectionFailure } from './connection-failures';

export interface DbPluginOptions {
  connectionString: string;
  schema: string;
  poolSize: number;
  migrations: MigrationSet;
  /** How long start-up waits for an unreachable Postgres before giving up. */
  startupWaitMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's database, scoped to its own schema. Type it with the service's DB interface. */
    db: Kysely<any>;
  }
}

/** Readiness probes run at most this often; between them the last answer stands. */
const PROBE_EVERY_MS = 1000;

/**
 * Whether Postgres answers `select 1`. A pool with every connection busy is serving
 * queries, so it is not asked for one more (readiness must not queue behind the load).
 */
function databaseProbe(db: Kysely<any>, poolSize: number) {
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
    const db = createDatabase<any>({
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

async function migrateWhenReachable(app: { log: { warn(obj: object, msg: string): void } }, db: Kysely<any>, opts: DbPluginOptions) {
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
