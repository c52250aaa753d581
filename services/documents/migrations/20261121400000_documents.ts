import { sql, type Kysely } from '@cti/db';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('s3_name', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('attached', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create index files_unattached_idx on files (uploaded_at) where not attached`.execute(db);

  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('supporting', 'acid', 'annotation')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('s3_name', 'text', (c) => c.notNull().unique().references('files.s3_name'))
    .addColumn('access', 'text', (c) => c.notNull())
    .addColumn('is_private', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('group_id', 'text')
    .addColumn('annotation_type', 'smallint')
    .addColumn('questionnaire_id', 'text')
    .addColumn('period_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('documents_kind_idx').on('documents').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('documents_group_idx').on('documents').columns(['group_id', 'kind']).execute();
  // one current annotation per questionnaire (type 1) and per enforceability record (type 2)
  await sql`create unique index documents_annotation_questionnaire_uq on documents (questionnaire_id) where kind = 'annotation' and annotation_type = 1`.execute(
    db,
  );
  await sql`create unique index documents_annotation_enforceability_uq on documents (group_id, period_id) where kind = 'annotation' and annotation_type = 2`.execute(
    db,
  );

  await db.schema
    .createTable('countries')
    .addColumn('group_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text')
    .execute();
  await db.schema
    .createTable('questionnaires')
    .addColumn('questionnaire_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('periods')
    .addColumn('period_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('certified_scorecards')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision')
    .addColumn('category', 'text')
    .addColumn('scorecard_hash', 'text', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('issued_to', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('certified_scorecards_group_idx').on('certified_scorecards').columns(['group_id', 'issued_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['certified_scorecards', 'periods', 'questionnaires', 'countries', 'documents', 'files']) {
    await db.schema.dropTable(t).execute();
  }
}
