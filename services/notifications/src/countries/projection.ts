import type { DomainEvent } from '@cti/contracts';
import { projectCountryGroup } from '@cti/events';

import type { NotificationsExecutor } from '../db';

/** Keeps the projection of identity's country groups (name, ISO code, flag). */
export async function projectCountry(trx: NotificationsExecutor, event: DomainEvent): Promise<void> {
  await projectCountryGroup(trx, event, {
    table: 'countries',
    row: (g) => ({ name: g.name, countryId: g.countryId ? g.countryId.toUpperCase() : null, logoPath: g.logoPath }),
  });
}
