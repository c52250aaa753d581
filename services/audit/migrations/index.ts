import type { MigrationSet } from '@cti/db';

import * as m20261121110000 from './20261121110000_audit_rows';
import * as m20261210090000 from './20261210090000_hash_chain_and_change_records';
import * as m20261210120000 from './20261210120000_change_records_in_chained_rows';
import * as m20261210150000 from './20261210150000_chain_checks';
import * as m20261211090000 from './20261211090000_user_emails';

/** Audit's migrations, in order. */
export const migrations: MigrationSet = {
  '20261121110000_audit_rows': m20261121110000,
  '20261210090000_hash_chain_and_change_records': m20261210090000,
  '20261210120000_change_records_in_chained_rows': m20261210120000,
  '20261210150000_chain_checks': m20261210150000,
  '20261211090000_user_emails': m20261211090000,
};
