import { randomBytes } from 'node:crypto';

import pg from 'pg';
import type { TProperties } from 'typebox';

import { buildService, type BuildOptions, type KitTables, type ServiceApp, type ServiceDefinition } from '@cti/service-kit';

import { HARNESS_NATS_USER, infrastructureFromEnv } from './infrastructure';
import { testKeyPair } from './keys';
import { addToTemplate, clearForeignSchema, createFromTemplate } from './template-database';

/** The service token every service started by a test context shares (the platform's internal calls). */
export const TEST_SERVICE_TOKEN = 'test-service-token-0123456789';
/** The header an internal caller (another service) sends: for tests of `/internal/...` routes. */
export const serviceCaller = { 'x-service-token': TEST_SERVICE_TOKEN } as const;

export interface TestContext {
  /** This file's own database on the shared server. */
  databaseUrl: string;
  /**
   * Env a service needs in this context (own database, own event stream and prefix), connecting
   * to NATS as the tests' harness; `envFor(name)` gives a platform service its own NATS user.
   */
  env: Record<string, string>;
  /** `env` with the NATS user of service `name` when it is one of the platform's (its deployment's rights), else the harness. */
  envFor(name: string): Record<string, string>;
  /**
   * Builds and readies a service in this context (all services share its db and stream);
   * `options.clock` fixes the time its use-cases run on (`fixedClock` from the kit). It connects
   * to NATS as the harness: tests play the services around it through its outbox (`publish`
   * writes identity's or questionnaire's events there), which its own user may not publish.
   * `options.ownNatsUser` connects it as in a deployment, with its own user's rights.
   */
  start<P extends TProperties, DB extends KitTables>(
    def: ServiceDefinition<P, DB>,
    extraEnv?: Record<string, string>,
    options?: Pick<BuildOptions, 'clock'> & { ownNatsUser?: boolean },
  ): Promise<ServiceApp<DB>>;
  /** Runs SQL on this context's database as the superuser. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabaseOptions {
  /**
   * An empty database instead of a copy of the run's template, which holds every platform
   * service's schema already migrated (libs/testing/src/template-database.ts): for a test of
   * the migrations themselves.
   */
  emptyDatabase?: boolean;
}

/**
 * A database and an event subject space of its own for one test file, on the run's
 * shared Postgres and NATS. Services started from one context see each other's events.
 */
export async function createTestContext(extraEnv: Record<string, string> = {}, options: TestDatabaseOptions = {}): Promise<TestContext> {
  const infra = infrastructureFromEnv();
  const suffix = randomBytes(5).toString('hex');
  const database = `t_${suffix}`;
  let copiedWith = new Map<string, string>();
  if (options.emptyDatabase) {
    const admin = new pg.Client({ connectionString: infra.databaseUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
  } else {
    copiedWith = await createFromTemplate(infra.databaseUrl, database);
  }
  const databaseUrl = withDatabase(infra.databaseUrl, database);
  const keys = testKeyPair();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    DB_POOL_SIZE: '4',
    NATS_URL: infra.natsUrl,
    EVENTS_STREAM: `EVENTS_${suffix}`,
    EVENTS_SUBJECT_PREFIX: `t${suffix}`,
    NATS_USER: HARNESS_NATS_USER,
    NATS_PASSWORD: infra.natsPasswords[HARNESS_NATS_USER] ?? '',
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: keys.privateKey,
    SERVICE_TOKEN: TEST_SERVICE_TOKEN,
    PORT: '0',
    ...extraEnv,
  };
  const apps: Array<{ close(): PromiseLike<unknown> }> = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // pool.end() resolves once it has asked its idle connections to close, not once they have: the
  // forced drop at close may then terminate one, whose error the pool re-emits. It is expected
  // there, and a failing query in a test still rejects its own promise.
  pool.on('error', () => undefined);
  const envFor = (name: string) => {
    const password = infra.natsPasswords[name];
    return password && !extraEnv.NATS_USER ? { ...env, NATS_USER: name, NATS_PASSWORD: password } : env;
  };
  return {
    databaseUrl,
    env,
    envFor,
    async start(def, more = {}, options = {}) {
      await clearForeignSchema(copiedWith, def, (text) => pool.query(text));
      const natsEnv = options.ownNatsUser ? envFor(def.name) : env;
      const app = await buildService(def, { env: { ...natsEnv, ...more }, clock: options.clock });
      apps.push(app);
      await app.ready();
      await addToTemplate(infra.databaseUrl, def);
      return app;
    },
    async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]) {
      return (await pool.query<R>(text, values)).rows;
    },
    async close() {
      for (const app of apps.reverse()) await app.close();
      await pool.end();
      const cleanup = new pg.Client({ connectionString: infra.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}
