import { sql, type Kysely } from '@cti/db';

/**
 * Audit rows become append-only and hash-chained (seq, hash; the chain head), change
 * records get their own table, and filter suggestions and score facts get theirs.
 *
 * The hash is keyed (HMAC with AUDIT_CHAIN_KEY), which a migration does not know, so rows
 * stored before this migration cannot be chained here: they are dropped and, when there
 * were any, a replay of the event stream is requested. The service then rebuilds them
 * from JetStream on its next start (see chain/replay.ts), losing nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const previous = await sql<{ n: number }>`select count(*)::int as n from audit_rows`.execute(db);
  const hadRows = (previous.rows[0]?.n ?? 0) > 0;
  await db.schema.dropTable('audit_rows').execute();

  await db.schema
    .createTable('audit_rows')
    // the position in the hash chain, 1, 2, … without gaps
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    // the event's id: one row per event, the same id after a replay
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('value_text', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'text')
    .addColumn('stamp', 'timestamptz', (c) => c.notNull())
    .addColumn('question_id', 'text')
    .addColumn('questionnaire_id', 'text')
    .addColumn('group_id', 'text')
    .addColumn('hash', 'bytea', (c) => c.notNull())
    .execute();
  await sql`alter table audit_rows add column value_search tsvector generated always as (to_tsvector('simple'::regconfig, value_text)) stored`.execute(
    db,
  );
  // the report: a date range newest first, optionally narrowed by exact action / user group / user
  await sql`create index audit_rows_stamp_idx on audit_rows (stamp, seq)`.execute(db);
  await sql`create index audit_rows_action_stamp_idx on audit_rows (action, stamp, seq)`.execute(db);
  await sql`create index audit_rows_country_stamp_idx on audit_rows (country, stamp, seq)`.execute(db);
  await sql`create index audit_rows_name_stamp_idx on audit_rows (name, stamp, seq)`.execute(db);
  await sql`create index audit_rows_value_search_idx on audit_rows using gin (value_search)`.execute(db);

  await db.schema
    .createTable('answer_changes')
    // the event's id, as the audit row's
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('questionnaire_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('stamp', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index answer_changes_stamp_idx on answer_changes (stamp desc)`.execute(db);
  await sql`create index answer_changes_group_stamp_idx on answer_changes (group_id, stamp desc)`.execute(db);
  await sql`create index answer_changes_question_idx on answer_changes (questionnaire_id, question_id, stamp desc)`.execute(db);

  // Append-only: the application never updates or deletes these rows; anything that
  // does is refused here, and what bypasses this (an owner disabling the trigger) the
  // hash chain exposes.
  await sql`
    create function audit_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit rows are append-only (% on %)', tg_op, tg_table_name using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  for (const table of ['audit_rows', 'answer_changes']) {
    await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.id(table)} for each row execute function audit_refuse_change()`.execute(
      db,
    );
    await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.id(table)} for each statement execute function audit_refuse_change()`.execute(
      db,
    );
  }

  // The last link of the chain; appending locks it, so links are made one at a time.
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('last_hash', 'bytea', (c) => c.notNull())
    .execute();
  await sql`insert into audit_chain_head (id, last_seq, last_hash) values (1, 0, ${Buffer.alloc(32)})`.execute(db);

  // A replay of the whole stream asked for (an operator, or this migration).
  await db.schema
    .createTable('audit_replay_request')
    .addColumn('id', 'smallint', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('requested_at', 'timestamptz')
    .execute();
  await sql`insert into audit_replay_request (id, requested_at) values (1, ${hadRows ? sql`now()` : sql`null`})`.execute(db);
  if (hadRows) await sql`delete from processed_events where consumer = 'audit'`.execute(db);

  // Distinct actions, user groups and users seen: the filter's suggestions and its
  // contains-match (resolved here, then matched exactly on the indexed columns).
  await db.schema
    .createTable('audit_filter_values')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_filter_values_pk', ['key', 'value'])
    .execute();

  // Scores per questionnaire and the periods, for the historical-data page's suggestions.
  await db.schema
    .createTable('score_facts')
    .addColumn('questionnaire_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .addColumn('score', 'float8')
    .addColumn('category', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('periods')
    .addColumn('period_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('year', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'periods',
    'score_facts',
    'audit_filter_values',
    'audit_replay_request',
    'audit_chain_head',
    'answer_changes',
    'audit_rows',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop function audit_refuse_change()`.execute(db);
}
