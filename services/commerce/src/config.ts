import { Type } from '@cti/service-kit';

export const CommerceConfig = Type.Object({
  /** `local` completes checkout on a local confirmation page (offline default); `stripe` uses Stripe. */
  PAYMENT_PROVIDER: Type.Union([Type.Literal('local'), Type.Literal('stripe')], { default: 'local' }),
  STRIPE_SECRET_KEY: Type.String({ default: '' }),
  /** Signing secret of the webhook endpoint (`whsec_…`), for `POST /api/payment/webhook`. */
  STRIPE_WEBHOOK_SECRET: Type.String({ default: '' }),
  /** Webhooks older than this are refused as replays. */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: Type.Integer({ minimum: 1, default: 300 }),
  /** Where the Stripe API answers; tests point the SDK at a local endpoint. */
  STRIPE_API_HOST: Type.String({ default: 'api.stripe.com' }),
  STRIPE_API_PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 443 }),
  STRIPE_API_PROTOCOL: Type.Union([Type.Literal('https'), Type.Literal('http')], { default: 'https' }),
  /** Manage Products: only admins with an e-mail in this domain change products and plans. */
  VENDOR_EMAIL_DOMAIN: Type.String({ minLength: 1, default: 'example.com' }),
  /**
   * Other origins users reach this installation at besides PUBLIC_URL (comma-separated,
   * e.g. `https://index.example.org,https://cti.example.org`): checkout and plan-approval
   * pages send the buyer back to the one in use. A loopback PUBLIC_URL accepts its other
   * loopback names (localhost, 127.0.0.1, [::1]) by itself.
   */
  PUBLIC_ORIGINS: Type.String({ default: '' }),
  /** How often due subscription period ends and expired one-time grants are processed. */
  BILLING_SWEEP_INTERVAL_MS: Type.Integer({ minimum: 1000, default: 60_000 }),
});
export type CommerceConfig = Type.Static<typeof CommerceConfig>;
