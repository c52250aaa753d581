import type { Kysely } from '@cti/db';

/**
 * Refresh-token rotation with a grace window: a spent token keeps its successor,
 * encrypted with a key derived from the spent token itself (only its holder can read
 * it), so a second tab presenting it moments later gets the same new token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor_sealed', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_sealed').execute();
}
