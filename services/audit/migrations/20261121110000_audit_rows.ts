import { sql, type Kysely } from '@cti/db';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_rows')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_user_id', 'text')
    .addColumn('stamp', 'timestamptz', (c) => c.notNull())
    .addColumn('question_id', 'text')
    .addColumn('questionnaire_id', 'text')
    .addColumn('group_id', 'text')
    .execute();
  await db.schema.createIndex('audit_rows_stamp_idx').on('audit_rows').column('stamp').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_rows').execute();
}
