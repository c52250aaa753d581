import { sql, type Kysely } from '@cti/db';

const ANSWER_SAVED = 'evt.questionnaire.answer.saved';

/**
 * The change record moves into its Response row: one chained row holds everything,
 * so no change record can exist, or vanish, beside the chain. The hashes do not
 * change (the chained content is the same). Change history reads partial indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_rows')
    .addColumn('change_group_name', 'text')
    .addColumn('change_period_id', 'text')
    .addColumn('change_period_name', 'text')
    .addColumn('change_section_id', 'integer')
    .addColumn('change_question', 'text')
    .addColumn('change_before', 'text')
    .addColumn('change_after', 'text')
    .execute();
  // the owner lifts the append-only guard for this one move
  await sql`alter table audit_rows disable trigger audit_rows_append_only`.execute(db);
  await sql`
    update audit_rows r set
      change_group_name = c.group_name, change_period_id = c.period_id, change_period_name = c.period_name,
      change_section_id = c.section_id, change_question = c.question, change_before = c.before, change_after = c.after
    from answer_changes c where c.id = r.id`.execute(db);
  await sql`alter table audit_rows enable trigger audit_rows_append_only`.execute(db);
  await db.schema.dropTable('answer_changes').execute();

  const changes = sql.lit(ANSWER_SAVED);
  await sql`create index audit_rows_changes_stamp_idx on audit_rows (stamp desc, seq desc) where event_type = ${changes}`.execute(db);
  await sql`create index audit_rows_changes_group_idx on audit_rows (group_id, stamp desc, seq desc) where event_type = ${changes}`.execute(
    db,
  );
  await sql`create index audit_rows_changes_question_idx on audit_rows (questionnaire_id, question_id, stamp desc, seq desc) where event_type = ${changes}`.execute(
    db,
  );
}
