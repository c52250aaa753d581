import { sql, type Kysely } from '@cti/db';

const stamps = ['created_at', 'updated_at'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  let products = db.schema
    .createTable('products')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('plan_id', 'text')
    .addColumn('deleted_at', 'timestamptz');
  for (const s of stamps) products = products.addColumn(s, 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
  await products.execute();
  await sql`create unique index products_name_uq on products (lower(name))`.execute(db);

  await db.schema
    .createTable('countries')
    .addColumn('group_id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  type TableBuilder = ReturnType<Kysely<any>['schema']['createTable']>;
  // who bought, copied from the access token at purchase time
  const buyer = (t: TableBuilder): TableBuilder =>
    t
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('buyer_email', 'text', (c) => c.notNull())
      .addColumn('buyer_name', 'text', (c) => c.notNull())
      .addColumn('buyer_organization', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('buyer_group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`));

  await buyer(db.schema.createTable('checkouts').addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`)))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('period_id', 'text')
    .addColumn('plan_id', 'text')
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('payment', 'subscription')`))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();

  await buyer(db.schema.createTable('subscriptions').addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`)))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text')
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('plan_id', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_note', 'text')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('provider_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('created_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await buyer(db.schema.createTable('purchases').addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`)))
    .addColumn('checkout_id', 'uuid', (c) => c.references('checkouts.id'))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('provider', 'text', (c) => c.notNull())
    // one purchase per payment, however many notifications announce it
    .addColumn('payment_key', 'text', (c) => c.notNull().unique())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('subscription_id', 'uuid', (c) => c.references('subscriptions.id'))
    .addColumn('group_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('period_id', 'text')
    .addColumn('purchased_on', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('access_expires_on', 'timestamptz', (c) => c.notNull())
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_id', 'text')
    .addColumn('refunded_cents', 'integer')
    .addColumn('expired_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('purchases_purchased_on_idx').on('purchases').column('purchased_on').execute();
  await db.schema.createIndex('purchases_user_idx').on('purchases').column('user_id').execute();

  await db.schema
    .createTable('customers')
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customers_pk', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('provider_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // the local provider's own state (what Stripe would hold)
  await db.schema
    .createTable('local_plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('local_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unit_amount_cents', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('plan_id', 'text')
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('success_url', 'text', (c) => c.notNull())
    .addColumn('cancel_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('payment_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('local_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cancel_reason', 'text')
    .addColumn('current_period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('current_period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('canceled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('local_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('subscription_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('refund_id', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('local_plan_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subscription_id', 'text', (c) => c.notNull())
    .addColumn('new_plan_id', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'local_plan_changes',
    'local_payments',
    'local_subscriptions',
    'local_sessions',
    'local_plans',
    'provider_events',
    'customers',
    'purchases',
    'subscriptions',
    'checkouts',
    'countries',
    'products',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
