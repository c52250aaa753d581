import { Type } from '@cti/service-kit';

export const IdentityConfig = Type.Object({
  JWT_PRIVATE_KEY: Type.String({ pattern: 'BEGIN PRIVATE KEY' }),
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 30, default: 900 }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ minimum: 1, default: 30 }),
  /** Login attempts per IP per minute. */
  LOGIN_RATE_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  /** Failed logins per account per hour before login (not reset) is refused. */
  LOGIN_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 100 }),
});
export type IdentityConfig = Type.Static<typeof IdentityConfig>;
