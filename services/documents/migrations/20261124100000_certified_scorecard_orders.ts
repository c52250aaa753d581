import type { Kysely } from '@cti/db';

/** Single-country certified-scorecard orders, projected from commerce's purchase events. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certified_scorecard_orders')
    .addColumn('purchase_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('purchased_at', 'timestamptz', (c) => c.notNull())
    /** Set by a refund or the end of the order's access period: the order unlocks nothing any more. */
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_because', 'text')
    .execute();
  await db.schema
    .createIndex('certified_scorecard_orders_user_idx')
    .on('certified_scorecard_orders')
    .columns(['user_id', 'group_id', 'period_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certified_scorecard_orders').execute();
}
