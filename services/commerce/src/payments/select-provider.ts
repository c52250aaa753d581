import type { CommerceConfig } from '../config';
import type { CommerceApp } from '../db';

import { LocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { StripeProvider } from './stripe-provider';

const providers = new WeakMap<object, PaymentProvider>();

/**
 * The installation's payment provider, one per service instance (the routes, the
 * billing sweep and the demo seed share it): Stripe when configured with its keys,
 * the local provider otherwise.
 */
export function paymentProviderOf(app: CommerceApp): PaymentProvider {
  let provider = providers.get(app.db);
  if (!provider) providers.set(app.db, (provider = selectProvider(app, app.config as unknown as CommerceConfig)));
  return provider;
}

function selectProvider(app: CommerceApp, config: CommerceConfig): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new LocalProvider(app.db);
}
