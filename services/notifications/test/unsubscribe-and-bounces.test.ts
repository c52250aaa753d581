import { NotificationMessages, type MailboxMessage } from '@cti/contracts';
import { eventually, publishedEvents } from '@cti/testing';

import { DEV_TOKEN_KEY } from '../src/config';
import { readUnsubscribeToken, unsubscribeToken } from '../src/unsubscribe/tokens';

import {
  alertsOf,
  auth,
  consumed,
  emailsSettled,
  facts,
  follow,
  givenCountry,
  givenUser,
  mailsTo,
  publishEvent,
  scoresSaved,
  startBed,
  waitForMails,
  type Bed,
} from './support/notifications-kit';

// several waits on a real stack per test: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;
let chile: string;
let events = 0;

beforeAll(async () => {
  bed = await startBed();
  ireland = await givenCountry(bed, 'Ireland', 'IE');
  chile = await givenCountry(bed, 'Chile', 'CL');
  events = 2;
});
afterAll(() => bed.close());

const change = async (groupId: string, name: string, to: number) => {
  await publishEvent(bed, 'evt.scoring.scores.saved', scoresSaved(groupId, name, facts({ score: to - 5 }), facts({ A: 5, score: to })));
  await consumed(bed, ++events);
};
const tokenIn = (mail: MailboxMessage, text: string) =>
  mail.Links.find((l) => l.Text === text)!
    .Href.split('/')
    .at(-1)!;
const post = (url: string, token: string) => bed.notifications.inject({ method: 'POST', url, payload: { token } });

it('stops one country’s alerts from the e-mail’s link, without signing in; clicking again changes nothing; undo follows again', async () => {
  const reader = await givenUser(bed, 'one-click@example.com', ['Standard']);
  await follow(bed, reader, ireland);
  await follow(bed, reader, chile);
  await change(ireland, 'Ireland', 70);
  const [mail] = await waitForMails(bed, reader.email, 1);
  const token = tokenIn(mail!, 'Stop alerts about Ireland');

  const first = await post('/api/notifications/unsubscribe', token);
  expect(first.json()).toEqual({ message: NotificationMessages.unsubscribedCountry('Ireland'), Scope: 'country', Group: 'Ireland' });
  expect((await post('/api/notifications/unsubscribe', token)).statusCode).toBe(200);
  const following = await bed.notifications.inject({ method: 'GET', url: '/api/follow', headers: auth(reader.token) });
  expect(following.json().map((f: { Group: string }) => f.Group)).toEqual(['Chile']);
  const unsubscribed = await publishedEvents(bed.notifications, 'evt.notifications.alert.unsubscribed', 1);
  expect(unsubscribed.map((e) => e.data)).toEqual([
    { userId: reader.id, scope: 'country', groupId: ireland, groupName: 'Ireland', via: 'email-link' },
  ]);
  expect(unsubscribed[0]!.actor).toMatchObject({ userId: reader.id, email: reader.email });

  await change(ireland, 'Ireland', 75);
  await change(chile, 'Chile', 75);
  await emailsSettled(bed);
  expect((await mailsTo(bed, reader.email)).map((m) => m.Subject)).toEqual([
    'Chile: score 70 → 75 (A 4→5, +5.0)',
    'Ireland: score 65 → 70 (A 4→5, +5.0)',
  ]);

  expect((await post('/api/notifications/resubscribe', token)).json()).toMatchObject({
    message: NotificationMessages.resubscribedCountry('Ireland'),
  });
  const again = await bed.notifications.inject({ method: 'GET', url: '/api/follow', headers: auth(reader.token) });
  expect(again.json().map((f: { Group: string }) => f.Group)).toEqual(['Chile', 'Ireland']);
});

it('turns alert e-mails off from the link (alerts stay in the app), and undo turns back on what was chosen before', async () => {
  const reader = await givenUser(bed, 'no-mail@example.com', ['Standard']);
  await follow(bed, reader, chile);
  await bed.notifications.inject({
    method: 'PUT',
    url: '/api/notifications/settings',
    headers: auth(reader.token),
    payload: { Email: 'weekly' },
  });
  const token = unsubscribeToken(DEV_TOKEN_KEY, { scope: 'email', userId: reader.id });
  expect((await post('/api/notifications/unsubscribe', token)).json()).toMatchObject({
    message: NotificationMessages.unsubscribedEmail,
    Scope: 'email',
  });
  const settings = () => bed.notifications.inject({ method: 'GET', url: '/api/notifications/settings', headers: auth(reader.token) });
  expect((await settings()).json()).toEqual({ Email: 'off' });
  await change(chile, 'Chile', 80);
  await emailsSettled(bed);
  expect(await mailsTo(bed, reader.email)).toEqual([]);
  expect((await alertsOf(bed, reader)).Items.map((i) => i.Line)).toEqual(['Chile: score 75 → 80 (A 4→5, +5.0)']);
  await post('/api/notifications/resubscribe', token);
  expect((await settings()).json()).toEqual({ Email: 'weekly' });
});

it('refuses forged, altered and malformed links with a clear answer', async () => {
  const real = unsubscribeToken(DEV_TOKEN_KEY, { scope: 'email', userId: 'u-1' });
  const forged = unsubscribeToken('another-key-another-key-another-key-0000', { scope: 'email', userId: 'u-1' });
  const [payload, signature] = real.split('.');
  const altered = `${Buffer.from(JSON.stringify({ s: 'e', u: 'u-2' })).toString('base64url')}.${signature}`;
  for (const token of [forged, altered, `${payload}`, `${payload}.${signature}.x`, 'not a token at all']) {
    const res = await post('/api/notifications/unsubscribe', token);
    expect([res.statusCode, res.json().message]).toEqual([400, NotificationMessages.badToken]);
  }
  // a NUL byte is refused by the kit's input guard before the token is read, as on every route
  const nul = await post('/api/notifications/unsubscribe', `${payload}.\u0000${signature}`);
  expect([nul.statusCode, nul.json().message]).toEqual([400, 'Invalid body.token: text must not contain a NUL character.']);
  expect(readUnsubscribeToken(DEV_TOKEN_KEY, real)).toEqual({ scope: 'email', userId: 'u-1' });
  // a token of one purpose is not one of another
  const country = unsubscribeToken(DEV_TOKEN_KEY, { scope: 'country', userId: 'u-1', groupId: 'g-1' });
  expect(readUnsubscribeToken(DEV_TOKEN_KEY, country)).toEqual({ scope: 'country', userId: 'u-1', groupId: 'g-1' });
});

it('records an alert e-mail the mail port finally could not deliver as bounced; the alert stays in the app', async () => {
  const reader = await givenUser(bed, 'bouncy@example.com', ['Standard']);
  await follow(bed, reader, chile);
  await change(chile, 'Chile', 85);
  await emailsSettled(bed);
  const delivery = await bed.notifications.db
    .selectFrom('deliveries')
    .selectAll()
    .where('userId', '=', reader.id)
    .executeTakeFirstOrThrow();
  // what identity publishes when its transport gives up on the mail
  await publishEvent(bed, 'evt.identity.mail.failed', {
    mailId: delivery.mailId!,
    kind: 'alert',
    to: [reader.email],
    subject: delivery.subject,
    idempotencyKey: delivery.id,
    error: '550 mailbox unavailable',
  });
  await consumed(bed, ++events);
  const [bounced] = await publishedEvents(bed.notifications, 'evt.notifications.alert.bounced', 1);
  expect(bounced!.data).toEqual({
    deliveryId: delivery.id,
    userId: reader.id,
    email: reader.email,
    mailId: delivery.mailId,
    reason: '550 mailbox unavailable',
  });
  await eventually(async () => {
    const row = await bed.notifications.db.selectFrom('deliveries').select('status').where('id', '=', delivery.id).executeTakeFirst();
    return row?.status === 'bounced';
  });
  expect((await alertsOf(bed, reader)).Items).toHaveLength(1);
});

it('lists alerts newest first with an unread count, and marks the reader’s own alerts read', async () => {
  const reader = await givenUser(bed, 'reads@example.com', ['Standard']);
  const other = await givenUser(bed, 'other-reader@example.com', ['Standard']);
  await follow(bed, reader, chile);
  await follow(bed, other, chile);
  await change(chile, 'Chile', 90);
  await change(chile, 'Chile', 95);
  const list = await alertsOf(bed, reader);
  expect(list.UnreadCount).toBe(2);
  expect(list.Items.map((i) => i.Line)).toEqual(['Chile: score 90 → 95 (A 4→5, +5.0)', 'Chile: score 85 → 90 (A 4→5, +5.0)']);
  const theirs = (await alertsOf(bed, other)).Items[0]!.Id;
  const read = (Ids: string[]) =>
    bed.notifications.inject({ method: 'POST', url: '/api/notifications/read', headers: auth(reader.token), payload: { Ids } });
  expect((await read([list.Items[1]!.Id, theirs, 'junk'])).json()).toEqual({ Count: 1 });
  expect((await alertsOf(bed, other)).UnreadCount).toBe(2);
  const count = await bed.notifications.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: auth(reader.token) });
  expect(count.json()).toEqual({ Count: 1 });
  await bed.notifications.inject({ method: 'POST', url: '/api/notifications/read', headers: auth(reader.token), payload: { All: true } });
  expect((await alertsOf(bed, reader)).UnreadCount).toBe(0);
  // pages follow each other without gaps
  const page = await bed.notifications.inject({ method: 'GET', url: '/api/notifications/list?limit=1', headers: auth(reader.token) });
  const next = await bed.notifications.inject({
    method: 'GET',
    url: `/api/notifications/list?limit=1&before=${page.json().NextCursor}`,
    headers: auth(reader.token),
  });
  expect([...page.json().Items, ...next.json().Items].map((i: { Line: string }) => i.Line)).toEqual(list.Items.map((i) => i.Line));
});

it('unfollows on the site, recording it', async () => {
  const reader = await givenUser(bed, 'leaves@example.com', ['Standard']);
  await follow(bed, reader, ireland);
  const res = await bed.notifications.inject({ method: 'DELETE', url: `/api/follow/${ireland}`, headers: auth(reader.token) });
  expect(res.json()).toEqual({ message: NotificationMessages.unfollowed('Ireland') });
  const removed = await publishedEvents(bed.notifications, 'evt.notifications.follow.removed', 1);
  expect(removed.at(-1)!.data).toEqual({ userId: reader.id, groupId: ireland, groupName: 'Ireland' });
  expect(removed.at(-1)!.actor).toMatchObject({ userId: reader.id });
});
