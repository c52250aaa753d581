import { sql, type Kysely } from '@cti/db';

/**
 * The client addresses each account signed in from (or unlocked through its e-mailed link):
 * a lock of the account against many addresses leaves these open to its owner.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_addresses').execute();
}
