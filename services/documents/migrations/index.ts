import type { MigrationSet } from '@cti/db';

import * as m20261121400000 from './20261121400000_documents';
import * as m20261124100000 from './20261124100000_certified_scorecard_orders';

/** Documents's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {
  '20261121400000_documents': m20261121400000,
  '20261124100000_certified_scorecard_orders': m20261124100000,
};
