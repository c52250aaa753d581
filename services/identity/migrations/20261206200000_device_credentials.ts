import { sql, type Kysely } from '@cti/db';

/**
 * Device credentials of free users: a browser that confirmed an address (its e-mailed link)
 * holds one in an httpOnly signed cookie, so free access for that address opens again there
 * without a new link. Only the SHA-256 of the secret is stored; revoked or past their expiry
 * they open nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('device_credentials')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('device_credentials_user_idx').on('device_credentials').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_credentials').execute();
}
