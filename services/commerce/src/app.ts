import { dataAccessOf, defineService } from '@cti/service-kit';

import { migrations } from '../migrations';

import { certifiedScorecardsConsumer } from './certified/certified-scorecards';
import { checkoutRoutes } from './checkout/routes';
import { CommerceConfig } from './config';
import { countriesConsumer } from './countries/projection';
import type { CommerceApp, CommerceDB } from './db';
import { billingSweepSchedule } from './notices/billing-sweep';
import { localPaymentRoutes } from './notices/routes';
import type { PaymentDeps } from './payments/payment-deps';
import { selectProvider } from './payments/select-provider';
import { periodsConsumer } from './periods/periods';
import { productRoutes } from './products/routes';
import { identityReceiptMailer, receiptMailConsumer } from './purchases/receipt-mail';
import { purchaseRoutes } from './purchases/routes';
import { seedProducts } from './seed/seed-products';
import { returnOrigins } from './shared/return-origin';
import { subscriptionRoutes } from './subscriptions/routes';
import { webhookRoutes } from './webhooks/routes';

const paymentDeps = new WeakMap<object, PaymentDeps>();

/**
 * What the payment use-cases are given: the app's data access and clock, its log, and the
 * installation's payment provider, one per service instance (the routes, the billing
 * sweep and the demo seed share it).
 */
export function paymentDepsOf(app: CommerceApp): PaymentDeps {
  let deps = paymentDeps.get(app.db);
  if (!deps) {
    const provider = selectProvider(app.config as unknown as CommerceConfig, app.db, app.clock);
    paymentDeps.set(app.db, (deps = { ...dataAccessOf(app), provider, log: app.log }));
  }
  return deps;
}

/** Commerce: products, plans, checkout, subscriptions, purchases, refunds, reports. */
export const commerceService = defineService<CommerceDB>('commerce')({
  config: CommerceConfig,
  migrations,
  async plugin(app, config) {
    const payments = paymentDepsOf(app);
    const origins = returnOrigins(config.PUBLIC_URL, config.PUBLIC_ORIGINS);
    await app.register(productRoutes, { payments, vendorEmailDomain: config.VENDOR_EMAIL_DOMAIN });
    await app.register(checkoutRoutes, { payments, origins });
    await app.register(localPaymentRoutes, { payments });
    await app.register(purchaseRoutes);
    await app.register(subscriptionRoutes, { payments, origins });
    await app.register(webhookRoutes, { payments });
    const sweeps = billingSweepSchedule(payments, config.BILLING_SWEEP_INTERVAL_MS);
    app.addHook('onReady', async () => sweeps.start());
    app.addHook('preClose', async () => sweeps.stop());
  },
  consumers: (app) => [
    countriesConsumer,
    periodsConsumer,
    certifiedScorecardsConsumer,
    receiptMailConsumer({ sendMail: identityReceiptMailer(app), publicUrl: app.config.PUBLIC_URL }),
  ],
  seed: async (app) => seedProducts(paymentDepsOf(app)),
});
