import type { MigrationSet } from '@cti/db';

import * as m20261215120000 from './20261215120000_notifications';

/** Notifications' migrations, in order. Add new files here with their timestamp name. */
export const migrations: MigrationSet = {
  '20261215120000_notifications': m20261215120000,
};
