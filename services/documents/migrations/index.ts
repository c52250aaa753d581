import type { MigrationSet } from '@cti/db';

/** Documents's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {};
