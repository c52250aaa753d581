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
}

export type Executor<DB> = Kysely<DB> | Transaction<DB>;

const identifier = /^[a-z_][a-z0-9_]*$/;

export function assertIdentifier(name: string): string {
  if (!identifier.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return name;
}

const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** The pg pool behind a database made by createDatabase (pool-use metrics). */
export function poolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}

/** A Kysely instance on a pool whose search_path is the service's schema. */
export function createDatabase<DB>(options: DatabaseOptions): Kysely<DB> {
  const schema = assertIdentifier(options.schema);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    application_name: options.applicationName ?? schema,
    options: `-c search_path=${schema}`,
  });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return db;
}
