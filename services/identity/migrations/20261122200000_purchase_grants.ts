import { sql, type Kysely } from '@cti/db';

/**
 * What purchases granted (src/purchases): one grant per subscription or one-time
 * purchase, and what the user held before the first grant of each role or country
 * group, so taking a grant back restores exactly that.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('purchase_grants')
    .addColumn('source_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('role_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('group_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('expires_on', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_event_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchase_grants_user_idx').on('purchase_grants').column('user_id').execute();
  await db.schema
    .createTable('purchase_grant_bases')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('role', 'group')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('present', 'boolean', (c) => c.notNull())
    .addColumn('expires_on', 'timestamptz')
    .addPrimaryKeyConstraint('purchase_grant_bases_pk', ['user_id', 'kind', 'target'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('purchase_grant_bases').execute();
  await db.schema.dropTable('purchase_grants').execute();
}
