import { Type } from '@cti/service-kit';

export const IdentityConfig = Type.Object({
  JWT_PRIVATE_KEY: Type.String({ pattern: 'BEGIN PRIVATE KEY' }),
  /**
   * Access-token lifetime. Short on purpose (tests use a few seconds); at most an hour,
   * which every service's revocation memory outlasts.
   */
  ACCESS_TOKEN_TTL_SECONDS: Type.Integer({ minimum: 5, maximum: 3600, default: 900 }),
  REFRESH_TOKEN_TTL_DAYS: Type.Integer({ minimum: 1, default: 30 }),
  /**
   * After a refresh token is rotated, presenting it again within this many seconds
   * answers the same new token (two tabs refreshing together); later it revokes the family.
   */
  REFRESH_REUSE_GRACE_SECONDS: Type.Integer({ minimum: 0, maximum: 300, default: 30 }),
  /**
   * Failed logins per client IP per 15 minutes, whatever the account, before that IP is
   * refused. Only failures count, and the cap is sized for an office behind one address.
   */
  LOGIN_FAILURES_PER_IP: Type.Integer({ minimum: 1, default: 100 }),
  /** Failed logins of one account from one IP per hour before that account is locked from that IP only. */
  LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: Type.Integer({ minimum: 1, default: 10 }),
  /**
   * Failed logins of one account from any IPs per hour before the account is locked from the
   * addresses it never signed in from (its own addresses and unlocked ones stay open).
   */
  LOGIN_FAILURES_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 50 }),
  /** Unlock e-mails per account per hour, and how long an unlock link works. */
  UNLOCK_MAILS_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 3 }),
  UNLOCK_TOKEN_TTL_HOURS: Type.Integer({ minimum: 1, default: 24 }),
  /** Free-access requests per IP per 10 minutes, and per e-mail per hour. */
  FREE_ACCESS_RATE_PER_IP: Type.Integer({ minimum: 1, default: 20 }),
  FREE_ACCESS_RATE_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 10 }),
  /**
   * Forgot-password, reset, new-password, unlock and welcome-resend calls per IP per hour:
   * high enough for a whole office behind one address.
   */
  PASSWORD_RATE_PER_IP: Type.Integer({ minimum: 1, default: 300 }),
  /** The same calls per account (e-mail or user) per hour. */
  PASSWORD_RATE_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 20 }),
  /**
   * Reset e-mails per account per hour. Further requests get the same answer but no
   * mail, so an attacker cannot flood an inbox; links already sent stay valid, so the
   * owner is never locked out of the reset flow.
   */
  RESET_MAILS_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 5 }),
  /** Contact messages per IP per hour, and per sender e-mail per hour. */
  CONTACT_RATE_PER_IP: Type.Integer({ minimum: 1, default: 10 }),
  CONTACT_RATE_PER_ACCOUNT: Type.Integer({ minimum: 1, default: 5 }),
  /** Role look-ups by e-mail (login chooser) per IP per minute. */
  ROLE_LOOKUP_RATE_PER_IP: Type.Integer({ minimum: 1, default: 30 }),
  /** Requests per minute one personal API key may make (through the gateway's /api/v1). */
  API_KEY_REQUESTS_PER_MINUTE: Type.Integer({ minimum: 1, default: 120 }),
  RESET_TOKEN_TTL_MINUTES: Type.Integer({ minimum: 5, default: 60 }),
  WELCOME_TOKEN_TTL_HOURS: Type.Integer({ minimum: 1, default: 72 }),
  FREE_CONFIRM_TTL_HOURS: Type.Integer({ minimum: 1, default: 24 }),
  /** sendgrid (production default) or mailbox (development/test default: the dev mailbox). */
  MAIL_TRANSPORT: Type.Union([Type.Literal('sendgrid'), Type.Literal('mailbox'), Type.Literal('')], { default: '' }),
  SENDGRID_API_KEY: Type.String({ default: '' }),
  /** SendGrid's API base; tests point it at a local endpoint. */
  SENDGRID_API_URL: Type.String({ pattern: '^https?://', default: 'https://api.sendgrid.com' }),
  MAIL_FROM: Type.String({ minLength: 3, default: 'Compliance Index <no-reply@example.com>' }),
  /** Where contact-form messages go. */
  CONTACT_EMAIL: Type.String({ minLength: 3, default: 'contact@example.com' }),
  MAIL_MAX_ATTEMPTS: Type.Integer({ minimum: 1, default: 5 }),
  /** How often queued mail is retried (ms). */
  MAIL_POLL_MS: Type.Integer({ minimum: 100, default: 5000 }),
});
export type IdentityConfig = Type.Static<typeof IdentityConfig>;
