import { sql, type Kysely } from '@cti/db';

/**
 * The users' e-mail addresses, by user id, as identity's events give them: the audit log names the
 * account of a login, logout or agreement by its address, which those events no longer carry.
 * Filled at once from the rows already recorded of logins and agreements (their actor is the user,
 * their Value starts with the address the event carried); later from the events themselves.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_emails')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .execute();
  await sql`
    insert into user_emails (user_id, email)
    select distinct on (actor_user_id) actor_user_id,
      regexp_replace(value_text, ' (logged in( with free access)?|agreed to the Terms and Conditions)$', '')
    from audit_rows
    where event_type in ('evt.identity.user.loggedIn', 'evt.identity.user.agreed')
      and actor_user_id is not null
      and value_text ~ '^\\S+@\\S+ (logged in( with free access)?|agreed to the Terms and Conditions)$'
    order by actor_user_id, seq desc
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_emails').execute();
}
