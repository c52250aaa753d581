import { eventually, publishedEvents } from '@cti/testing';

import { accessSettingsOf, NotificationsConfig } from '../src/config';
import { AlertDispatcher } from '../src/delivery/dispatcher';
import { identityMailPort } from '../src/delivery/mail-port';
import { identityAccessLookup } from '../src/delivery/user-access';
import { nextDigestAt } from '../src/settings/digest-schedule';

import {
  consumed,
  facts,
  follow,
  givenCountry,
  givenUser,
  mailsTo,
  PUBLIC_URL,
  publishEvent,
  scoresSaved,
  setEmailMode,
  startBed,
  type Bed,
  type TestUser,
} from './support/notifications-kit';

const USERS = 20;
// several waits on a real stack per test: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;
let users: TestUser[];

beforeAll(async () => {
  // this process sends nothing by itself in these tests until it is restarted (an hour between passes)
  bed = await startBed({ NOTIFICATIONS_DISPATCH_MS: '3600000', NOTIFICATIONS_SEND_LEASE_MS: '1000' });
  ireland = await givenCountry(bed, 'Ireland', 'IE');
  users = [];
  for (let i = 0; i < USERS; i++) {
    const user = await givenUser(bed, `digest${String(i).padStart(2, '0')}@example.com`, ['Standard']);
    await follow(bed, user, ireland);
    await setEmailMode(bed, user, 'daily');
    users.push(user);
  }
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(ireland, 'Ireland', facts({ score: 60 }), facts({ A: 5, score: 65 })));
  await publishEvent(
    bed,
    'evt.scoring.scores.saved',
    scoresSaved(ireland, 'Ireland', facts({ A: 5, score: 65 }), facts({ A: 5, score: 65, watchlist: true, notice: 'Review' })),
  );
  await consumed(bed, 3);
});
afterAll(() => bed.close());

const db = () => bed.notifications.db;

/** A dispatcher as a notifications process runs it, passing only when told (`runOnce`). */
const dispatcher = (options: Partial<ConstructorParameters<typeof AlertDispatcher>[0]> = {}) => {
  const config = bed.notifications.config as unknown as NotificationsConfig & { PUBLIC_URL: string };
  return new AlertDispatcher({
    db: db(),
    inTransaction: (work) => bed.notifications.inTransaction(work),
    access: identityAccessLookup(bed.notifications),
    mail: identityMailPort(bed.notifications),
    settings: accessSettingsOf(config),
    publicUrl: PUBLIC_URL,
    tokenKey: config.NOTIFICATIONS_TOKEN_KEY,
    digestHourUtc: 7,
    mailPerSecond: 1000,
    pollMs: 3_600_000,
    leaseMs: 1000,
    logger: { info() {}, warn() {}, error() {} },
    ...options,
  });
};

/** The digest hour came: what the clock reaching next_digest_at does. */
const digestHourCame = () => bed.ctx.query(`update notifications.user_settings set next_digest_at = now() - interval '1 second'`);

it('keeps digest users’ alerts for their digest, scheduled at the digest hour', async () => {
  const settings = await db().selectFrom('userSettings').select(['emailMode', 'nextDigestAt']).execute();
  expect(settings).toHaveLength(USERS);
  for (const s of settings) {
    expect(s.emailMode).toBe('daily');
    expect(new Date(s.nextDigestAt!).getUTCHours()).toBe(7);
    expect(Date.parse(s.nextDigestAt!)).toBeGreaterThan(Date.now());
  }
  const states = await db().selectFrom('alerts').select('emailState').execute();
  expect(states).toHaveLength(USERS * 2);
  expect(new Set(states.map((s) => s.emailState))).toEqual(new Set(['pending']));
  expect(await mailsTo(bed, users[0]!.email)).toEqual([]);
  // and /metrics counts them as waiting for their e-mail
  const waiting = bed.notifications.metrics.registry.getSingleMetric('cti_notifications_alerts_pending_email');
  expect((await waiting!.get()).values[0]!.value).toBe(USERS * 2);
});

it('survives a restart in the middle of sending digests: every digest arrives once, none twice', async () => {
  await digestHourCame();
  // the process that dies after the mail port accepted the 6th digest, before marking it sent
  let accepted = 0;
  const dying = dispatcher({
    // one at a time, so exactly the 6th is the one in the air when it dies
    concurrency: 1,
    afterMailAccepted: async () => {
      if (++accepted === 6) throw new Error('the process died here');
    },
  });
  await expect(dying.runOnce()).rejects.toThrow('the process died here');
  const midway = await db().selectFrom('deliveries').select('status').execute();
  expect(midway.map((d) => d.status).sort()).toEqual(['sending', ...Array(5).fill('sent')]);

  // a new process takes over: it resends the claimed digest under the same key once the claim ran out, and sends the rest
  await bed.restart({ NOTIFICATIONS_DISPATCH_MS: '100', NOTIFICATIONS_SEND_LEASE_MS: '1000' });
  await eventually(async () => {
    const rows = await db().selectFrom('deliveries').select('status').where('status', '=', 'sent').execute();
    return rows.length === USERS;
  }, 90_000);

  for (const user of users) {
    const mails = await mailsTo(bed, user.email);
    expect(mails.map((m) => m.Subject)).toEqual(['Your daily Compliance Index digest: 2 alerts']);
    expect(mails[0]!.Kind).toBe('alert-digest');
    expect(mails[0]!.Text).toContain('- Ireland: score 60 → 65 (A 4→5, +5.0)');
    expect(mails[0]!.Text).toContain('- Ireland: placed on the watchlist: Review');
  }
  const states = await db().selectFrom('alerts').select('emailState').execute();
  expect(new Set(states.map((s) => s.emailState))).toEqual(new Set(['sent']));
  const sent = await publishedEvents(bed.notifications, 'evt.notifications.alert.sent', USERS);
  expect(sent).toHaveLength(USERS);
  expect(new Set(sent.map((e) => e.data.userId)).size).toBe(USERS);
  // and the next digest is tomorrow's
  const next = await db().selectFrom('userSettings').select('nextDigestAt').execute();
  for (const s of next) expect(Date.parse(s.nextDigestAt!)).toBeGreaterThan(Date.now());
});

it('sends each user’s digest once, by one replica, when two replicas pass at the digest hour together', async () => {
  await publishEvent(
    bed,
    'evt.scoring.scores.saved',
    scoresSaved(ireland, 'Ireland', facts({ A: 5, score: 65 }), facts({ A: 6, score: 70 })),
  );
  await eventually(
    async () => (await db().selectFrom('alerts').select('id').where('emailState', '=', 'pending').execute()).length === USERS,
  );
  await digestHourCame();
  const sentBy = new Map<string, string[]>();
  const replica = (name: string) =>
    dispatcher({
      concurrency: 4,
      afterMailAccepted: async (deliveryId) => void sentBy.set(deliveryId, [...(sentBy.get(deliveryId) ?? []), name]),
    });
  await Promise.all([replica('a').runOnce(), replica('b').runOnce()]);

  for (const user of users) {
    const digests = (await mailsTo(bed, user.email)).filter((m) => m.Subject === 'Your daily Compliance Index digest: 1 alert');
    expect({ user: user.email, digests: digests.length }).toEqual({ user: user.email, digests: 1 });
  }
  // no digest e-mail was handed to the mail port twice (the service's own dispatcher, kicked by the
  // event's alerts, may have sent a few of them: a third replica)
  expect(sentBy.size).toBeGreaterThan(0);
  expect([...sentBy.values()].filter((by) => by.length !== 1)).toEqual([]);
  const digests = await db().selectFrom('deliveries').select(['userId']).where('mode', '=', 'daily').where('status', '=', 'sent').execute();
  expect(digests).toHaveLength(USERS * 2);
  expect(new Set(digests.map((d) => d.userId)).size).toBe(USERS);
  const states = await db().selectFrom('alerts').select('emailState').execute();
  expect(new Set(states.map((s) => s.emailState))).toEqual(new Set(['sent']));
});

it('schedules daily digests at the digest hour and weekly ones on Mondays', () => {
  const wednesdayMorning = new Date('2026-03-04T06:00:00.000Z');
  expect(nextDigestAt('daily', wednesdayMorning, 7)!.toISOString()).toBe('2026-03-04T07:00:00.000Z');
  expect(nextDigestAt('daily', new Date('2026-03-04T07:00:00.000Z'), 7)!.toISOString()).toBe('2026-03-05T07:00:00.000Z');
  expect(nextDigestAt('weekly', wednesdayMorning, 7)!.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  expect(nextDigestAt('weekly', new Date('2026-03-09T06:59:00.000Z'), 7)!.toISOString()).toBe('2026-03-09T07:00:00.000Z');
  expect(nextDigestAt('immediate', wednesdayMorning, 7)).toBeNull();
  expect(nextDigestAt('off', wednesdayMorning, 7)).toBeNull();
});
