import fp from 'fastify-plugin';

import { sql, type Kysely, type MigrationSet } from '@cti/db';

import { TooManyRequests } from './errors';

export const rateLimitMigrations: MigrationSet = {
  '20260101000000_kit_rate_limit_counters': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('rate_limit_counters').execute();
    },
  },
};

export interface RateLimit {
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: {
      /** Counts one hit on `key`; throws TooManyRequests once `max` is passed within the window. */
      hit(key: string, limit: RateLimit, message?: string): Promise<number>;
      /** Current count within the window, without counting. */
      count(key: string, limit: RateLimit): Promise<number>;
      reset(key: string): Promise<void>;
    };
  }
}

/**
 * Fixed-window counters in the service's Postgres schema, so every replica shares
 * them (no per-process memory).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const table = 'rate_limit_counters';
    app.decorate('rateLimits', {
      async hit(key: string, limit: RateLimit, message?: string) {
        const interval = `${Math.ceil(limit.windowMs)} milliseconds`;
        const row = await sql<{ count: number; windowStart: string }>`
          insert into ${sql.table(table)} (key, window_start, count) values (${key}, now(), 1)
          on conflict (key) do update set
            count = case when ${sql.table(table)}.window_start < now() - ${interval}::interval then 1 else ${sql.table(table)}.count + 1 end,
            window_start = case when ${sql.table(table)}.window_start < now() - ${interval}::interval then now() else ${sql.table(table)}.window_start end
          returning count, window_start`.execute(app.db);
        const { count, windowStart } = row.rows[0];
        if (count > limit.max) {
          const retry = Math.max(1, Math.ceil((Date.parse(windowStart) + limit.windowMs - Date.now()) / 1000));
          throw new TooManyRequests(message, retry);
        }
        return count;
      },
      async count(key: string, limit: RateLimit) {
        const row = await sql<{ count: number }>`
          select count from ${sql.table(table)}
          where key = ${key} and window_start >= now() - ${`${Math.ceil(limit.windowMs)} milliseconds`}::interval`.execute(app.db);
        return row.rows[0]?.count ?? 0;
      },
      async reset(key: string) {
        await sql`delete from ${sql.table(table)} where key = ${key}`.execute(app.db);
      },
    });
  },
  { name: 'cti-rate-limit', dependencies: ['cti-db'] },
);
