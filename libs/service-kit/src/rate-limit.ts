import fp from 'fastify-plugin';

import { sql, type Kysely, type MigrationSet } from '@cti/db';

import { TooManyRequests } from './errors';

export const rateLimitMigrations: MigrationSet = {
  '20260101000000_kit_rate_limit_counters': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_limit_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'timestamptz', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_limit_counters').execute();
    },
  },
};

export interface RateLimitCountersTable {
  key: string;
  windowStart: string;
  count: number;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Where a key's window stands after a hit: what a client is told to pace itself by. */
export interface RateLimitState {
  /** Hits counted in this window, this one included (refused ones too). */
  count: number;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends. */
  resetSeconds: number;
  /** Past the limit: this hit is refused. */
  refused: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: {
      /** Counts one hit on `key`; throws TooManyRequests once `max` is passed within the window. */
      hit(key: string, limit: RateLimit, message?: string): Promise<number>;
      /** Counts one hit on `key` and says where its window stands; refuses nothing itself. */
      take(key: string, limit: RateLimit): Promise<RateLimitState>;
      /** Takes back one hit of the current window (one that turned out to cost nothing); none once the window has passed. */
      giveBack(key: string, limit: RateLimit): Promise<void>;
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
    /** An interval literal Postgres reads, for a window in milliseconds. */
    const windowOf = (limit: RateLimit) => `${Math.ceil(limit.windowMs)} milliseconds`;
    const take = async (key: string, limit: RateLimit): Promise<RateLimitState> => {
      const windowStarted = sql<string>`now() - ${windowOf(limit)}::interval`;
      const { count, windowStart } = await app.db
        .insertInto('rateLimitCounters')
        .values({ key, windowStart: sql<string>`now()`, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            // a window that has passed starts again at this hit
            const expired = eb('rateLimitCounters.windowStart', '<', windowStarted);
            return {
              count: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb('rateLimitCounters.count', '+', 1))
                .end(),
              windowStart: eb
                .case()
                .when(expired)
                .then(sql<string>`now()`)
                .else(eb.ref('rateLimitCounters.windowStart'))
                .end(),
            };
          }),
        )
        .returning(['count', 'windowStart'])
        .executeTakeFirstOrThrow();
      return {
        count,
        limit: limit.max,
        remaining: Math.max(0, limit.max - count),
        resetSeconds: Math.max(1, Math.ceil((Date.parse(windowStart) + limit.windowMs - Date.now()) / 1000)),
        refused: count > limit.max,
      };
    };
    app.decorate('rateLimits', {
      take,
      async hit(key: string, limit: RateLimit, message?: string) {
        const state = await take(key, limit);
        if (state.refused) throw new TooManyRequests(message, state.resetSeconds);
        return state.count;
      },
      async giveBack(key: string, limit: RateLimit) {
        await app.db
          .updateTable('rateLimitCounters')
          .set((eb) => ({ count: eb('count', '-', 1) }))
          .where('key', '=', key)
          .where('count', '>', 0)
          .where('windowStart', '>=', sql<string>`now() - ${windowOf(limit)}::interval`)
          .execute();
      },
      async count(key: string, limit: RateLimit) {
        const row = await app.db
          .selectFrom('rateLimitCounters')
          .select('count')
          .where('key', '=', key)
          .where('windowStart', '>=', sql<string>`now() - ${windowOf(limit)}::interval`)
          .executeTakeFirst();
        return row?.count ?? 0;
      },
      async reset(key: string) {
        await app.db.deleteFrom('rateLimitCounters').where('key', '=', key).execute();
      },
    });
  },
  { name: 'cti-rate-limit', dependencies: ['cti-db'] },
);
