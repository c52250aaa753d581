import { sql, type Kysely } from '@cti/db';

/** Chain checks run in the background; their progress and outcome are kept here for any replica to answer. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_chain_checks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // moved on with every batch: a check whose process died stops moving
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('checked', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('valid', 'boolean')
    .addColumn('first_broken', 'jsonb')
    .execute();
  await sql`create index audit_chain_checks_started_idx on audit_chain_checks (started_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_chain_checks').execute();
}
