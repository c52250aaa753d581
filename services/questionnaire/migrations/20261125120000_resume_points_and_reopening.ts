import { sql, type Kysely } from '@cti/db';

/**
 * Where each respondent last worked in a questionnaire (to resume there), and when an
 * admin last reopened a closed questionnaire (approvals given before then no longer count).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questionnaires').addColumn('reopened_on', 'timestamptz').execute();
  await db.schema
    .createTable('resume_points')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('resume_points_pk', ['questionnaire_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resume_points').execute();
  await db.schema.alterTable('questionnaires').dropColumn('reopened_on').execute();
}
