import type { Kysely } from '@cti/db';
import type { Clock } from '@cti/service-kit';

import type { CommerceConfig } from '../config';
import type { CommerceDB } from '../db';

import { LocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { StripeProvider } from './stripe-provider';

/** The installation's payment provider: Stripe when configured with its keys, the local provider otherwise. */
export function selectProvider(config: CommerceConfig, db: Kysely<CommerceDB>, clock: Clock): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return new StripeProvider(
      {
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        webhookToleranceSeconds: config.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
      },
      clock,
    );
  }
  return new LocalProvider(db, clock);
}
