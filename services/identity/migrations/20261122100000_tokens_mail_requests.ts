import { sql, type Kysely } from '@cti/db';

/** One-time tokens, the mail queue (and dev mailbox), access requests, free-user confirmation. */
export async function up(db: Kysely<any>): Promise<void> {
  // free users confirm their e-mail once; credentialed users are confirmed by setting a password
  await db.schema.alterTable('users').addColumn('confirmed_at', 'timestamptz').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    // only the SHA-256 of the token is stored
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('user_tokens_user_idx').on('user_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_addresses', 'jsonb', (c) => c.notNull())
    .addColumn('cc_addresses', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    // queued → sending → sent | queued (retry) | failed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('transport', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index mail_messages_pending_idx on mail_messages (next_attempt_at) where status in ('queued', 'sending')`.execute(db);
  await db.schema.createIndex('mail_messages_created_idx').on('mail_messages').column('created_at').execute();

  await db.schema
    .createTable('access_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('organization_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('In Progress'))
    .addColumn('reasoning', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires', 'timestamptz')
    .addColumn('user_manager_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'uuid')
    .execute();
  await db.schema.createIndex('access_requests_status_idx').on('access_requests').column('status').execute();

  await db.schema
    .createTable('access_request_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('access_requests.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_primary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('access_request_users_request_idx').on('access_request_users').column('request_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['access_request_users', 'access_requests', 'mail_messages', 'user_tokens']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('users').dropColumn('confirmed_at').execute();
}
