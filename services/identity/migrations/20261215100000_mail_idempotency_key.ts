import type { Kysely } from '@cti/db';

/**
 * A caller's idempotency key per queued mail (notifications sends its delivery id): the
 * same key again answers the mail already queued instead of queueing a second one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_messages').addColumn('idempotency_key', 'text').execute();
  // null keys (most mail) never collide: Postgres unique indexes treat nulls as distinct
  await db.schema.createIndex('mail_messages_idempotency_key_idx').on('mail_messages').column('idempotency_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_messages_idempotency_key_idx').execute();
  await db.schema.alterTable('mail_messages').dropColumn('idempotency_key').execute();
}
