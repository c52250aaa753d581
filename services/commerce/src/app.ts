import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';

/** Commerce: products, plans, checkout, subscriptions, purchases, refunds, reports. */
export const commerceService = defineService({
  name: 'commerce',
  defaultPort: 8085,
  migrations,
  async plugin() {
    // features register here
  },
});
