import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// Return timestamptz/date columns as ISO strings and bigint counts as numbers:
// every API answer is JSON, so Date objects would only be converted back.
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DatabaseOptions {
  connectionString: string;
  /** The service's own schema; every unqualified name resolves there. */
  schema: string;
  poolSize?: number;
  applicationName?: string;
  /** How long a query may wait for a new connection before failing (the database is down or saturated). */
  connectTimeoutMs?: number;
  /**
   * Told of connection-level errors (Postgres restarted, a connection reset). They never
   * throw: the query in flight fails, the pool drops the broken connection and opens a new one.
   */
  onConnectionError?: (err: Error) => void;
}

export type Executor<DB> = Kysely<DB> | Transaction<DB>;

const identifier = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifier(name: string): string {
  if (!identifier.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return name;
}

// keyed by the instance alone: whichever tables it is typed over, its pool is the same
const pools = new WeakMap<object, pg.Pool>();

/** The pg pool behind a database made by createDatabase (pool-use metrics). */
export function poolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * Whether Postgres answers `select 1` on a connection of its own, outside the pool (which may
 * be busy with the load): the honest question after a connection broke. False on any failure.
 */
export async function answersOnNewConnection(db: object, timeoutMs: number): Promise<boolean> {
  const pool = pools.get(db);
  if (!pool) return false;
  const { connectionString, application_name, options } = pool.options as pg.PoolConfig;
  const client = new pg.Client({
    connectionString,
    application_name,
    options,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A Kysely instance on a pool whose search_path is the service's schema. */
export function createDatabase<DB>(options: DatabaseOptions): Kysely<DB> {
  const schema = assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? schema,
    options: `-c search_path=${schema}`,
    // bounds a wait for a connection when Postgres hangs or every pooled one stays busy (then 503);
    // generous, since a busy pool on a loaded machine is not an outage
    connectionTimeoutMillis: options.connectTimeoutMs ?? 30_000,
  });
  // an idle connection's error reaches both its own listener and the pool's: report it once
  const reported = new WeakSet<Error>();
  const reportError = (err: Error) => {
    if (reported.has(err)) return;
    reported.add(err);
    options.onConnectionError?.(err);
  };
  // A dropped connection must not crash the process. The pool listens for errors only on
  // idle connections; one checked out (inside a transaction, between its queries) emits
  // its 'error' with no listener, which Node turns into an uncaught exception. So every
  // connection gets a listener of its own for its whole life; the pool then drops it as
  // no longer queryable when it is released.
  pool.on('error', reportError);
  pool.on('connect', (client) => client.on('error', reportError));
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return db;
}
