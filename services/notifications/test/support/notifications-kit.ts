import { randomUUID } from 'node:crypto';

import { RoleIds, type RoleName } from '@cti/access';
import type {
  DomainEvent,
  EventActor,
  EventData,
  EventType,
  FollowedCountry,
  MailboxMessage,
  NotificationList,
  ScorecardFacts,
} from '@cti/contracts';
import { identityService } from '@cti/identity';
import type { Clock, ServiceAppOf } from '@cti/service-kit';
import {
  createGroupThroughIdentity,
  createTestContext,
  createUserThroughIdentity,
  eventually,
  signTestToken,
  type TestContext,
  urlOf,
} from '@cti/testing';

import { notificationsService } from '../../src/app';
import type { NotificationsApp } from '../../src/db';

export const PUBLIC_URL = 'http://cti.test';

export interface Bed {
  ctx: TestContext;
  /** The real identity service (access at send time, the mail port and its dev mailbox), listening. */
  identity: ServiceAppOf<typeof identityService>;
  notifications: NotificationsApp;
  /** Starts notifications again in the same context (a restart). */
  restart(env?: Record<string, string>): Promise<NotificationsApp>;
  close(): Promise<void>;
}

/** `options.clock` fixes the time notifications runs on (identity keeps the real time). */
export async function startBed(env: Record<string, string> = {}, options: { clock?: Clock } = {}): Promise<Bed> {
  const ctx = await createTestContext({ NOTIFICATIONS_DISPATCH_MS: '100', NOTIFICATIONS_MAIL_PER_SECOND: '1000', PUBLIC_URL, ...env });
  const identity = await ctx.start(identityService, { MAIL_POLL_MS: '200' });
  await identity.listen({ port: 0, host: '127.0.0.1' });
  const identityUrl = urlOf(identity);
  const bed: Bed = {
    ctx,
    identity,
    notifications: await ctx.start(notificationsService, { IDENTITY_URL: identityUrl }, options),
    async restart(more = {}) {
      await bed.notifications.close();
      bed.notifications = await ctx.start(notificationsService, { IDENTITY_URL: identityUrl, ...more }, options);
      return bed.notifications;
    },
    close: () => ctx.close(),
  };
  return bed;
}

/** A country group made in identity; waits until notifications knows it from identity's event. */
export async function givenCountry(bed: Bed, name: string, code: string): Promise<string> {
  const groupId = await createGroupThroughIdentity(bed.identity, { name, type: 'Country', countryId: code });
  await eventually(
    () => bed.notifications.db.selectFrom('countries').select('groupId').where('groupId', '=', groupId).executeTakeFirst(),
    60_000,
  );
  return groupId;
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  roles: RoleName[];
  groups: string[];
}

/** A user made through identity's admin API, with a token as identity would sign it. */
export async function givenUser(bed: Bed, email: string, roles: RoleName[], groups: string[] = []): Promise<TestUser> {
  const roleIds = roles.map((r) => RoleIds[r]);
  const { id } = await createUserThroughIdentity(bed.identity, {
    email,
    password: 'notifications-test-password',
    roleIds,
    groupIds: groups,
    organizationName: 'Lessor Ltd',
  });
  return { id, email, roles, groups, token: tokenOf(id, email, roles, groups) };
}

export const tokenOf = (id: string, email: string, roles: RoleName[], groups: string[] = []) =>
  signTestToken({
    sub: id,
    email,
    name: `Test ${email.split('@')[0]}`,
    roles: roles.map((r) => RoleIds[r]),
    groups,
    isAdmin: roles.includes('Admin'),
  });

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function follow(bed: Bed, user: TestUser, groupId: string): Promise<FollowedCountry> {
  const res = await bed.notifications.inject({ method: 'PUT', url: `/api/follow/${groupId}`, headers: auth(user.token) });
  if (res.statusCode !== 200) throw new Error(`follow answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

export async function setEmailMode(bed: Bed, user: TestUser, Email: 'immediate' | 'daily' | 'weekly' | 'off') {
  const res = await bed.notifications.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    headers: auth(user.token),
    payload: { Email },
  });
  if (res.statusCode !== 200) throw new Error(`settings answered ${res.statusCode}: ${res.body}`);
}

/** An event as another service's relay publishes it (msgID = event id). */
export async function publishEvent<T extends EventType>(
  bed: Bed,
  type: T,
  data: EventData<T>,
  actor: EventActor | null = null,
  id: string = randomUUID(),
): Promise<DomainEvent<T>> {
  const event = { id, type, occurredAt: new Date().toISOString(), actor, data } as DomainEvent<T>;
  const { bus } = bed.notifications.events;
  await bus.js.publish(bus.subjects.toSubject(type), JSON.stringify(event), { msgID: id });
  return event;
}

/**
 * Waits until the consumer has handled (or skipped as a duplicate) this many events in total
 * and acknowledged everything: acks follow commits, so their effects are then visible.
 */
export async function consumed(bed: Bed, count: number): Promise<void> {
  const consumer = bed.notifications.events.consumers[0]!;
  await eventually(() => consumer.stats.handled + consumer.stats.duplicates >= count, 60_000);
  await eventually(async () => {
    const lag = await consumer.lag();
    return lag.pending === 0 && lag.ackPending === 0;
  }, 60_000);
}

export const facts = (over: Partial<ScorecardFacts> = {}): ScorecardFacts => ({
  periodId: 'p-2025-1',
  periodName: '2025 1st Q',
  A: 4,
  B: 4,
  C: 3,
  D: 3,
  E: 3,
  F: 3,
  isPBA: false,
  PBA: null,
  score: 70,
  category: 'Medium',
  watchlist: false,
  isSpecialNotice: false,
  notice: null,
  suspended: false,
  qualifyingDeclarations: true,
  asu: 'Eligible',
  ...over,
});

/** scoring's event for a save that moved the scorecard from `before` to `after`. */
export const scoresSaved = (groupId: string, groupName: string, before: ScorecardFacts | null, after: ScorecardFacts) =>
  ({
    questionnaireId: `q-${groupId}-${after.periodId}`,
    groupId,
    groupName,
    periodId: after.periodId,
    periodName: after.periodName,
    score: after.score,
    category: after.category,
    previousScore: before?.score ?? null,
    scorecard: { before, after },
  }) satisfies EventData<'evt.scoring.scores.saved'>;

/** The mail identity's mail port holds for an address (its dev mailbox), newest first, but the welcome mail of the account's making. */
export async function mailsTo(bed: Bed, email: string): Promise<MailboxMessage[]> {
  const res = await bed.identity.inject({ method: 'GET', url: `/api/mail/dev/messages?to=${encodeURIComponent(email)}` });
  return (res.json() as MailboxMessage[]).filter((m) => m.Kind !== 'welcome');
}

export const waitForMails = (bed: Bed, email: string, count: number, timeoutMs = 60_000) =>
  eventually(async () => {
    const mails = await mailsTo(bed, email);
    return mails.length >= count ? mails : null;
  }, timeoutMs);

export async function alertsOf(bed: Bed, user: TestUser, token = user.token): Promise<NotificationList> {
  const res = await bed.notifications.inject({ method: 'GET', url: '/api/notifications/list', headers: auth(token) });
  if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Waits until every alert's e-mail is decided (sent, withheld, skipped, bounced), but those waiting for a digest. */
export const emailsSettled = (bed: Bed) =>
  eventually(async () => {
    const open = await bed.notifications.db
      .selectFrom('alerts')
      .innerJoin('userSettings', 'userSettings.userId', 'alerts.userId')
      .select('alerts.id')
      .where((eb) =>
        eb.or([
          eb('alerts.emailState', '=', 'sending'),
          eb.and([eb('alerts.emailState', '=', 'pending'), eb('userSettings.emailMode', 'not in', ['daily', 'weekly'])]),
        ]),
      )
      .executeTakeFirst();
    return !open;
  }, 60_000);
