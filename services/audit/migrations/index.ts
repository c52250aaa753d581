import type { MigrationSet } from '@cti/db';
import * as m20261121110000 from './20261121110000_audit_rows';

/** Audit's migrations, in order. */
export const migrations: MigrationSet = {
  '20261121110000_audit_rows': m20261121110000,
};
