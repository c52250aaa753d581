import type { MigrationSet } from '@cti/db';

/** Scoring's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {};
