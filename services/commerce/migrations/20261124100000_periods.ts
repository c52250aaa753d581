import type { Kysely } from '@cti/db';

/** Commerce's projection of the questionnaire periods: orders are named with the period they are for. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('periods')
    .addColumn('period_id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('periods').execute();
}
