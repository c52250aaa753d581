import type { MigrationSet } from '@cti/db';
import * as m20261121100000 from './20261121100000_users_groups_roles';

/** Identity's migrations, in order. Add new files here with their timestamp name. */
export const migrations: MigrationSet = {
  '20261121100000_users_groups_roles': m20261121100000,
};
