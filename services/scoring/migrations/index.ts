import type { MigrationSet } from '@cti/db';

import * as m20261121120000 from './20261121120000_scoring';

/** Scoring's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {
  '20261121120000_scoring': m20261121120000,
};
