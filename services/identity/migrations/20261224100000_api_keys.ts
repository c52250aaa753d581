import { sql, type Kysely } from '@cti/db';

/** Personal read-only API keys: only the SHA-256 of a key is stored. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // the last day the key may be used (UTC), or null for no expiry
    .addColumn('expires_on', 'date')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'uuid')
    // the day of the last request: the first request of a day is an audit event
    .addColumn('last_used_on', 'date')
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
