import { sql, type Kysely } from '@cti/db';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('countries')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .addColumn('logo_path', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('directory_users')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index directory_users_email_idx on directory_users (lower(email))`.execute(db);

  await db.schema
    .createTable('periods')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index periods_name_uq on periods (lower(name))`.execute(db);

  await db.schema
    .createTable('questionnaires')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'uuid', (c) => c.notNull().references('periods.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Open', 'Closed')`))
    .addColumn('closed_on', 'timestamptz')
    .addColumn('last_updated', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('bank_version', 'text', (c) => c.notNull())
    .addColumn('carried_from_id', 'uuid', (c) => c.references('questionnaires.id'))
    .addColumn('answers_revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('questionnaires_group_period_uq', ['group_id', 'period_id'])
    .execute();
  await db.schema.createIndex('questionnaires_period_idx').on('questionnaires').column('period_id').execute();
  await sql`create index questionnaires_open_idx on questionnaires (status) where status = 'Open'`.execute(db);

  await db.schema
    .createTable('answers')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb')
    .addColumn('baseline', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('answers_pk', ['questionnaire_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('section_locks')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('section_locks_pk', ['questionnaire_id', 'section_id'])
    .execute();
  await db.schema.createIndex('section_locks_user_idx').on('section_locks').column('user_id').execute();

  await db.schema
    .createTable('consents')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().check(sql`answer in ('Yes', 'No')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organization', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('consents_pk', ['questionnaire_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('approvals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('stamp', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answers_revision', 'integer', (c) => c.notNull())
    .addUniqueConstraint('approvals_user_revision_uq', ['questionnaire_id', 'user_id', 'answers_revision'])
    .execute();

  await db.schema
    .createTable('admin_comments')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('admin_comments_pk', ['questionnaire_id', 'section_id'])
    .execute();

  await db.schema
    .createTable('section_confirmations')
    .addColumn('questionnaire_id', 'uuid', (c) => c.notNull().references('questionnaires.id').onDelete('cascade'))
    .addColumn('section_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('section_confirmations_pk', ['questionnaire_id', 'section_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'section_confirmations',
    'admin_comments',
    'approvals',
    'consents',
    'section_locks',
    'answers',
    'questionnaires',
    'periods',
    'directory_users',
    'countries',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
