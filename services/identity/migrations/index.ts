import type { MigrationSet } from '@cti/db';

import * as m20261121100000 from './20261121100000_users_groups_roles';
import * as m20261122100000 from './20261122100000_tokens_mail_requests';
import * as m20261122200000 from './20261122200000_purchase_grants';
import * as m20261201100000 from './20261201100000_refresh_successors';
import * as m20261206200000 from './20261206200000_device_credentials';
import * as m20261206210000 from './20261206210000_sign_in_addresses';
import * as m20261215100000 from './20261215100000_mail_idempotency_key';
import * as m20261224100000 from './20261224100000_api_keys';

/** Identity's migrations, in order. Add new files here with their timestamp name. */
export const migrations: MigrationSet = {
  '20261121100000_users_groups_roles': m20261121100000,
  '20261122100000_tokens_mail_requests': m20261122100000,
  '20261122200000_purchase_grants': m20261122200000,
  '20261201100000_refresh_successors': m20261201100000,
  '20261206200000_device_credentials': m20261206200000,
  '20261206210000_sign_in_addresses': m20261206210000,
  '20261215100000_mail_idempotency_key': m20261215100000,
  '20261224100000_api_keys': m20261224100000,
};
