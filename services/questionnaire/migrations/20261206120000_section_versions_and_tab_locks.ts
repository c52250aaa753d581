import { sql, type Kysely } from '@cti/db';

/**
 * Versioned saves and locks per browser tab: every section's answers carry a version (a save names
 * the version it was based on), admin notes too, and a section lock belongs to the lock id of the
 * tab that holds it (null: a lock taken by a call without one, held for the user as a whole).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('section_versions')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
    .addColumn('saved_by', 'text')
    .addPrimaryKeyConstraint('section_versions_pk', ['questionnaire_id', 'section_id'])
    .execute();
  // sections answered before versions existed start at version 1, last saved when their latest answer was
  await sql`
    insert into section_versions (questionnaire_id, section_id, version, saved_at, saved_by)
    select distinct on (questionnaire_id, split_part(question_id, '.', 1)::int)
      questionnaire_id, split_part(question_id, '.', 1)::int, 1, updated_at, updated_by
    from answers
    order by questionnaire_id, split_part(question_id, '.', 1)::int, updated_at desc`.execute(db);

  await db.schema.alterTable('section_locks').addColumn('lock_id', 'text').execute();
  // notes saved before versions existed are at version 1 (a section without a note is at 0)
  await db.schema
    .alterTable('admin_comments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admin_comments').dropColumn('version').execute();
  await db.schema.alterTable('section_locks').dropColumn('lock_id').execute();
  await db.schema.dropTable('section_versions').execute();
}
