import type { DomainEvent } from '@cti/contracts';
import { projectCountryGroup } from '@cti/events';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB, CommerceExecutor } from '../db';

/**
 * Commerce's projection of identity's country groups: what the per-country
 * subscription can be bought for, and the names purchases are shown with.
 */
export async function projectCountry(trx: CommerceExecutor, event: DomainEvent): Promise<void> {
  await projectCountryGroup(trx, event, { table: 'countries', row: ({ name }) => ({ name }) });
}

export const countriesConsumer: ConsumerDefinition<CommerceDB> = {
  name: 'countries',
  // one subject filter (the durable consumer keeps the filter it was created with); other group events pass through
  filter: ['evt.identity.group.*'],
  handle: (event, trx) => projectCountry(trx, event),
};
