import type { AlertEmailMode, AlertKind } from '@cti/contracts';
import type { ColumnType, Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

/**
 * Who may be told a part of an alert: whoever may open the country's scorecard, only those
 * who see its watchlist, only those who see its details (variables and adjustments), or
 * those who may read the document the alert is about.
 */
export type PartAudience = 'scorecard' | 'watchlist' | 'details' | 'document';

/** One thing that changed, in words. */
export interface AlertPart {
  kind: AlertKind;
  audience: PartAudience;
  /** What changed, for everyone in the audience. */
  text: string;
  /** The same with why (the explained-history wording), for those who see the scorecard's details. */
  detail?: string;
}

/** Who may read the document an alert is about (libs/access document rules). */
export interface DocumentVisibility {
  kind: 'supporting' | 'acid';
  /** Global / Member / Admin (supporting), Public / Private (ACID). */
  access: string;
  /** The country of a Member document. */
  groupId: string | null;
}

export type NotificationsExecutor = Executor<NotificationsDB>;
/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over NotificationsDB. */
export type NotificationsApp = ServiceApp<NotificationsDB>;

/** jsonb written as JSON text, read as the value. */
type Json<T> = ColumnType<T, string, string>;

/** identity's country groups (from its group events): names, ISO codes and flags. */
export interface CountriesTable {
  groupId: string;
  name: string;
  countryId: string | null;
  logoPath: string | null;
}

export interface UserSettingsTable {
  userId: string;
  emailMode: ColumnType<AlertEmailMode, AlertEmailMode | undefined, AlertEmailMode>;
  modeBeforeOff: AlertEmailMode | null;
  /** When the next daily or weekly digest is due (null for immediate and off). */
  nextDigestAt: string | null;
  email: Generated<string>;
  name: Generated<string>;
  updatedAt: Generated<string>;
}

export interface FollowsTable {
  userId: string;
  groupId: string;
  createdAt: Generated<string>;
}

/** A change worth an alert, from one event: what it says, to whom it may be said. */
export interface ChangesTable {
  id: Generated<string>;
  eventId: string;
  eventType: string;
  /** The country (null for library documents, which concern no country). */
  groupId: string | null;
  parts: Json<AlertPart[]>;
  document: Json<DocumentVisibility | null>;
  /** Path in the web app. */
  link: string;
  occurredAt: string;
  createdAt: Generated<string>;
}

export type EmailState = 'pending' | 'sending' | 'sent' | 'withheld' | 'skipped' | 'bounced';

/** One alert per follower and change: the in-app list, and where its e-mail stands. */
export interface AlertsTable {
  id: Generated<number>;
  userId: string;
  changeId: string;
  createdAt: Generated<string>;
  readAt: string | null;
  emailState: ColumnType<EmailState, EmailState | undefined, EmailState>;
  deliveryId: string | null;
}

export type DeliveryMode = 'immediate' | 'daily' | 'weekly';

/** One alert e-mail (a single alert or a digest): the record of every alert sent. */
export interface DeliveriesTable {
  /** Also the idempotency key given to the mail port: a resend after a crash is the same mail. */
  id: string;
  userId: string;
  mode: DeliveryMode;
  status: 'sending' | 'sent' | 'bounced';
  email: string;
  subject: string;
  /** The mail as rendered when it was claimed: a resend after a crash sends exactly this. */
  html: string;
  text: string;
  alertCount: number;
  mailId: string | null;
  attempts: Generated<number>;
  lockedUntil: string | null;
  error: string | null;
  createdAt: Generated<string>;
  sentAt: string | null;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface NotificationsDB extends KitTables {
  countries: CountriesTable;
  userSettings: UserSettingsTable;
  follows: FollowsTable;
  changes: ChangesTable;
  alerts: AlertsTable;
  deliveries: DeliveriesTable;
}
