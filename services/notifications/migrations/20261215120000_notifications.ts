import { sql, type Kysely } from '@cti/db';

/**
 * Follows, the changes worth an alert, one alert per follower and change (in-app list and
 * e-mail state), the e-mails sent (deliveries: the alert log), each user's e-mail settings,
 * and the countries (a projection of identity's country groups).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text')
    .addColumn('logo_path', 'text')
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('immediate')
        .check(sql`email_mode in ('immediate', 'daily', 'weekly', 'off')`),
    )
    // what an e-mail link's undo turns back on
    .addColumn('mode_before_off', 'text')
    .addColumn('next_digest_at', 'timestamptz')
    // last known, to name the user in events; e-mails go to the address identity answers at send time
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index user_settings_digest_due_idx on user_settings (next_digest_at) where email_mode in ('daily', 'weekly')`.execute(
    db,
  );

  await db.schema
    .createTable('follows')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('follows_pk', ['user_id', 'group_id'])
    .execute();
  await db.schema.createIndex('follows_group_idx').on('follows').columns(['group_id', 'user_id']).execute();

  await db.schema
    .createTable('changes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('parts', 'jsonb', (c) => c.notNull())
    .addColumn('document', 'jsonb')
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('immediate', 'daily', 'weekly')`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sending', 'sent', 'bounced')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    // the mail as rendered when claimed: a resend after a crash sends exactly this
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index deliveries_unfinished_idx on deliveries (locked_until) where status = 'sending'`.execute(db);
  await db.schema.createIndex('deliveries_user_idx').on('deliveries').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('change_id', 'uuid', (c) => c.notNull().references('changes.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addColumn('email_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`email_state in ('pending', 'sending', 'sent', 'withheld', 'skipped', 'bounced')`),
    )
    .addColumn('delivery_id', 'uuid', (c) => c.references('deliveries.id'))
    // one alert per follower and change: a redelivered event adds nothing
    .addUniqueConstraint('alerts_user_change_uq', ['user_id', 'change_id'])
    .execute();
  await db.schema.createIndex('alerts_user_idx').on('alerts').columns(['user_id', 'id']).execute();
  await sql`create index alerts_pending_idx on alerts (user_id) where email_state = 'pending'`.execute(db);
  await sql`create index alerts_delivery_idx on alerts (delivery_id) where delivery_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alerts', 'deliveries', 'changes', 'follows', 'user_settings', 'countries'])
    await db.schema.dropTable(table).execute();
}
