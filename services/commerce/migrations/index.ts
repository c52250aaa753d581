import type { MigrationSet } from '@cti/db';

import * as m20261121300000 from './20261121300000_commerce';
import * as m20261124100000 from './20261124100000_periods';
import * as m20261206200100 from './20261206200100_buyers_own';

/** Commerce's migrations, in order (timestamp-named files in this folder). */
export const migrations: MigrationSet = {
  '20261121300000_commerce': m20261121300000,
  '20261124100000_periods': m20261124100000,
  '20261206200100_buyers_own': m20261206200100,
};
