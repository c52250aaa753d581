import { projectCountryGroup } from '@cti/events';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB } from '../db';

/**
 * Commerce's projection of identity's country groups: what the per-country
 * subscription can be bought for, and the names purchases are shown with.
 */
export const countriesConsumer: ConsumerDefinition<CommerceDB> = {
  name: 'countries',
  // one subject filter (the durable consumer keeps the filter it was created with); other group events pass through
  filter: ['evt.identity.group.*'],
  async handle(event, trx) {
    await projectCountryGroup(trx, event, { table: 'countries', row: ({ name }) => ({ name }) });
  },
};
