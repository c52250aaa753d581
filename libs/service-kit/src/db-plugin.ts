import fp from 'fastify-plugin';
import { createDatabase, migrateSchema, type Kysely, type MigrationSet } from '@cti/db';

export interface DbPluginOptions {
  connectionString: string;
  schema: string;
  poolSize: number;
  migrations: MigrationSet;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's database, scoped to its own schema. Type it with the service's DB interface. */
    db: Kysely<any>;
  }
}

/** Opens the pool, migrates the service's schema before routes are ready, closes on shutdown. */
export const dbPlugin = fp<DbPluginOptions>(
  async (app, opts) => {
    const db = createDatabase<any>({
      connectionString: opts.connectionString,
      schema: opts.schema,
      poolSize: opts.poolSize,
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    await migrateSchema(db, opts.schema, opts.migrations);
    app.readiness.set('migrations', () => true);
    app.log.info({ schema: opts.schema }, 'schema migrated');
  },
  { name: 'cti-db', dependencies: ['cti-health'] },
);
