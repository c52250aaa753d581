import type { TProperties } from 'typebox';

import { createDatabase, migrateSchema, type Kysely, type MigrationSet } from '@cti/db';
import type { BuildOptions, KitTables, ServiceApp, ServiceDefinition } from '@cti/service-kit';

import { createTestContext, type TestContext, type TestDatabaseOptions } from './context';

export interface TestContextOptions extends TestDatabaseOptions {
  /** Env every service started in the context gets (`createTestContext`'s extra env). */
  contextEnv?: Record<string, string>;
  /** A new context for each test (beforeEach/afterEach) instead of one for the file or describe block. */
  eachTest?: boolean;
}

/** A test context the surrounding file or describe block owns; read `ctx` in tests and hooks, once it is created. */
export interface TestContextHandle {
  readonly ctx: TestContext;
}

export interface ServiceUnderTest<DB extends KitTables> extends TestContextHandle {
  /** The started service (read in tests and hooks, once it is started). */
  readonly app: ServiceApp<DB>;
}

export interface ServiceUnderTestOptions extends TestContextOptions, Pick<BuildOptions, 'clock'> {
  /** Env of this service only (`ctx.start`'s extra env); a function when it depends on what earlier hooks set up. */
  env?: Record<string, string> | (() => Record<string, string>);
}

const notYet = (what: string): never => {
  throw new Error(`${what} is read before it exists: read it inside a test or a hook, after the setup hooks ran`);
};

/**
 * A test context of its own for the surrounding file or describe block: created before its tests
 * and closed after them (with every service started in it), so no test leaves a handle open.
 * Jest runs hooks in the order they are registered: a `beforeAll` registered after this call
 * finds the context created, an `afterAll` registered before it runs while the context is open.
 */
export function testContextForTests(options: TestContextOptions = {}): TestContextHandle {
  let ctx: TestContext | undefined;
  const [before, after] = options.eachTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    ctx = await createTestContext(options.contextEnv, { emptyDatabase: options.emptyDatabase });
  });
  after(async () => {
    const closing = ctx;
    ctx = undefined;
    await closing?.close();
  });
  return {
    get ctx() {
      return ctx ?? notYet('The test context');
    },
  };
}

/**
 * The one service a test file exercises, started in a test context of its own before the tests
 * and closed after them (see `testContextForTests`). Other services the tests need start in
 * `handle.ctx` and are closed with it.
 */
export function serviceUnderTest<P extends TProperties, DB extends KitTables>(
  def: ServiceDefinition<P, DB>,
  options: ServiceUnderTestOptions = {},
): ServiceUnderTest<DB> {
  const context = testContextForTests(options);
  let app: ServiceApp<DB> | undefined;
  const before = options.eachTest ? beforeEach : beforeAll;
  before(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    app = await context.ctx.start(def, env, { clock: options.clock });
  });
  return {
    get ctx() {
      return context.ctx;
    },
    get app() {
      return app ?? notYet(`The ${def.name} service`);
    },
  };
}

/** A schema of a test file's own, migrated before its tests; `db` is read in tests and hooks. */
export interface TestSchema<DB> extends TestContextHandle {
  readonly db: Kysely<DB>;
}

/**
 * A database schema for tests of a library's tables (no service around them): created in a test
 * context of its own and migrated before the tests; its pool closes before the context does.
 */
export function testSchema<DB>(schema: string, migrations: MigrationSet): TestSchema<DB> {
  let db: Kysely<DB> | undefined;
  afterAll(async () => {
    const closing = db;
    db = undefined;
    await closing?.destroy();
  });
  const context = testContextForTests();
  beforeAll(async () => {
    db = createDatabase<DB>({ connectionString: context.ctx.databaseUrl, schema, poolSize: 3 });
    await migrateSchema(db, schema, migrations);
  });
  return {
    get ctx() {
      return context.ctx;
    },
    get db() {
      return db ?? notYet(`The ${schema} schema`);
    },
  };
}
