import { sql, type Kysely } from '@cti/db';

export async function up(db: Kysely<any>): Promise<void> {
  // projection of identity's Country groups, plus which index each stands on
  await db.schema
    .createTable('countries')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text')
    .addColumn('logo_path', 'text')
    .addColumn('contracting', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // projection of questionnaire's periods and questionnaires
  await db.schema
    .createTable('periods')
    .addColumn('period_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('questionnaires')
    .addColumn('questionnaire_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Open'))
    .addColumn('closed_on', 'timestamptz')
    .execute();
  await db.schema.createIndex('questionnaires_group_period_idx').on('questionnaires').columns(['group_id', 'period_id']).execute();

  // scoring inputs A–F per questionnaire (one questionnaire per country and period)
  await db.schema
    .createTable('compliance_scores')
    .addColumn('questionnaire_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('a', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('b', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('c', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('d', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('e', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('f', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('suspended', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_pba', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pba', 'smallint')
    .addColumn('qualifying_declarations', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('watchlist', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_special_notice', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notice', 'text')
    .addColumn('explanatory_comments', 'text')
    .addColumn('improving_score', 'text')
    .addColumn('acknowledgements', 'text')
    .addColumn('score', sql`numeric(4,1)`, (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('asu', 'text')
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createIndex('compliance_scores_group_period_idx')
    .on('compliance_scores')
    .columns(['group_id', 'period_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('enforceability_scores')
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('a', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('b', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('c', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('d', sql`numeric(2,1)`, (c) => c.notNull())
    .addColumn('explanatory_comments', 'text')
    .addColumn('improving_score', 'text')
    .addColumn('acknowledgements', 'text')
    .addColumn('score', sql`numeric(4,1)`, (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('enforceability_scores_pk', ['group_id', 'period_id'])
    .execute();

  // annotation files attached by the documents service: type 1 compliance, 2 enforceability
  await db.schema
    .createTable('annotations')
    .addColumn('annotation_type', 'smallint', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('s3_name', 'text', (c) => c.notNull())
    .addColumn('attached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('annotations_pk', ['annotation_type', 'group_id', 'period_id'])
    .execute();

  // read models: serialized answers with their ETags, rebuilt when their inputs change
  await db.schema
    .createTable('read_models')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'read_models',
    'annotations',
    'enforceability_scores',
    'compliance_scores',
    'questionnaires',
    'periods',
    'countries',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
