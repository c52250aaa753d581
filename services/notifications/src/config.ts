import { DEFAULT_INDEX_ACCESS, indexAccessSettings, type IndexAccessSettings } from '@cti/access';
import { Type } from '@cti/service-kit';

/** The development key of unsubscribe links; production must set its own. */
export const DEV_TOKEN_KEY = 'development-only-notifications-token-key-0123456789';

export const NotificationsConfig = Type.Object({
  /**
   * Secret signing the one-click unsubscribe links of alert e-mails (HMAC-SHA256). A link
   * does one thing (stop one country's alerts, or alert e-mails) and signs no one in.
   * Also read from NOTIFICATIONS_TOKEN_KEY_FILE.
   */
  NOTIFICATIONS_TOKEN_KEY: Type.String({ minLength: 32, default: DEV_TOKEN_KEY, devOnlyDefault: true }),
  /** Alert e-mails handed to the mail port per second at most (its sending rate). */
  NOTIFICATIONS_MAIL_PER_SECOND: Type.Number({ minimum: 0.1, default: 10 }),
  /** Alert e-mails prepared at once by each replica (the rate above still caps them). */
  NOTIFICATIONS_SEND_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 4 }),
  /** Hour of the day (UTC) daily digests go out; weekly ones on Mondays at this hour. */
  NOTIFICATIONS_DIGEST_HOUR_UTC: Type.Integer({ minimum: 0, maximum: 23, default: 7 }),
  /** How often each replica looks for alert e-mails to send (milliseconds). */
  NOTIFICATIONS_DISPATCH_MS: Type.Integer({ minimum: 50, default: 2000 }),
  /** How long an alert e-mail claimed by one process is left to it before another sends it again (same idempotency key). */
  NOTIFICATIONS_SEND_LEASE_MS: Type.Integer({ minimum: 100, default: 120_000 }),
  /** ISO code of the one country whose scorecard is open to everyone (as scoring's). */
  PUBLIC_COUNTRY_ID: Type.String({ pattern: '^[A-Za-z]{2}$', default: DEFAULT_INDEX_ACCESS.publicCountryId }),
  /** ISO codes of the countries whose annotations are open to all (as scoring's). */
  OPEN_ANNOTATION_COUNTRY_IDS: Type.String({
    pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$',
    default: DEFAULT_INDEX_ACCESS.openAnnotationCountryIds.join(','),
  }),
});
export type NotificationsConfig = Type.Static<typeof NotificationsConfig>;

export const accessSettingsOf = (config: NotificationsConfig): IndexAccessSettings =>
  indexAccessSettings(config.PUBLIC_COUNTRY_ID.toUpperCase(), config.OPEN_ANNOTATION_COUNTRY_IDS.toUpperCase());
