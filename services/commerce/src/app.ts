import { defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { returnOrigins } from './checkout/return-origin';
import { checkoutRoutes } from './checkout/routes';
import { CommerceConfig } from './config';
import { countriesConsumer } from './countries/countries';
import type { CommerceDB } from './db';
import { paymentProviderOf } from './payments/select-provider';
import { periodsConsumer } from './periods/periods';
import { productRoutes } from './products/routes';
import { receiptMailConsumer } from './purchases/receipt-mail';
import { purchaseRoutes } from './purchases/routes';
import { seedProducts } from './seed/seed-products';
import { scheduleBillingSweep } from './subscriptions/billing-sweep';
import { subscriptionRoutes } from './subscriptions/routes';
import { webhookRoutes } from './webhooks/routes';

/** Commerce: products, plans, checkout, subscriptions, purchases, refunds, reports. */
export const commerceService = defineService<CommerceDB>('commerce')({
  config: CommerceConfig,
  migrations,
  async plugin(app, config) {
    const provider = paymentProviderOf(app);
    const origins = returnOrigins(config.PUBLIC_URL, config.PUBLIC_ORIGINS);
    await app.register(productRoutes, { provider, vendorEmailDomain: config.VENDOR_EMAIL_DOMAIN });
    await app.register(checkoutRoutes, { provider, origins });
    await app.register(purchaseRoutes, { provider });
    await app.register(subscriptionRoutes, { provider, origins });
    await app.register(webhookRoutes, { provider });
    scheduleBillingSweep(app, provider, config.BILLING_SWEEP_INTERVAL_MS);
  },
  consumers: (app) => [countriesConsumer, periodsConsumer, receiptMailConsumer(app)],
  seed: async (app) => seedProducts(app, paymentProviderOf(app)),
});
