import { randomBytes, randomUUID } from 'node:crypto';

import { AckPolicy, connect, DeliverPolicy, Events, type NatsConnection } from 'nats';

import { connectEventBus, inboxPrefixOf, natsAuthorization, SubjectSpace, type EventBus } from '@cti/events';
import { infrastructureFromEnv, natsCredentialsOf } from '@cti/testing';

/**
 * The run's NATS server has the users and rights of a deployment (libs/events bus-access.ts,
 * on every test file's own subjects and stream). These tests speak to it as each user would.
 */
const suffix = randomBytes(4).toString('hex');
const subjects = new SubjectSpace(`acc${suffix}`, `ACC_${suffix}`);
const url = () => infrastructureFromEnv().natsUrl;
const buses: EventBus[] = [];
const connections: NatsConnection[] = [];

/** A connection as `user` (the harness when none is given), on this file's subjects. */
async function busOf(user?: string): Promise<EventBus> {
  const bus = await connectEventBus({
    servers: url(),
    name: `access-${user ?? 'harness'}`,
    credentials: natsCredentialsOf(user),
    subjects,
  });
  buses.push(bus);
  return bus;
}

const event = (type: string) => JSON.stringify({ id: randomUUID(), type, occurredAt: new Date().toISOString(), actor: null, data: {} });

beforeAll(async () => {
  // the stream, as the first service to start makes it
  await busOf('identity');
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  for (const nc of connections) await nc.close();
});

it('refuses a client without credentials, and one with another user’s password', async () => {
  await expect(connect({ servers: url(), reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
  const wrong = { user: 'identity', password: natsCredentialsOf('scoring').password };
  await expect(connectEventBus({ servers: url(), name: 'intruder', credentials: wrong, subjects })).rejects.toThrow(
    /NATS refused the credentials of user "identity"/,
  );
});

it('lets a service publish its own events and no other service’s', async () => {
  const identity = await busOf('identity');
  await expect(
    identity.js.publish(subjects.toSubject('evt.identity.user.loggedIn'), event('evt.identity.user.loggedIn')),
  ).resolves.toMatchObject({
    stream: subjects.stream,
  });
  // what identity acts on by granting roles: only commerce may say a purchase completed
  await expect(
    identity.js.publish(subjects.toSubject('evt.commerce.purchase.completed'), event('evt.commerce.purchase.completed'), { timeout: 5000 }),
  ).rejects.toThrow(/Permissions Violation for Publish to "acc\w+\.commerce\.purchase\.completed"/);
  const commerce = await busOf('commerce');
  await expect(
    commerce.js.publish(subjects.toSubject('evt.commerce.purchase.completed'), event('evt.commerce.purchase.completed')),
  ).resolves.toMatchObject({ stream: subjects.stream });
});

it('lets a service read what it consumes, under its own durable names only, and not another’s durables', async () => {
  const commerce = await busOf('commerce');
  const durable = (name: string, filter: string) =>
    commerce.jsm.consumers.add(subjects.stream, {
      durable_name: name,
      filter_subject: subjects.toSubject(filter),
      ack_policy: AckPolicy.Explicit,
    });
  await expect(durable('commerce-receipts', 'evt.commerce.purchase.completed')).resolves.toMatchObject({ name: 'commerce-receipts' });
  // its receipts durable on identity's events, or a durable of a name it does not own
  await expect(durable('commerce-receipts', 'evt.identity.>')).rejects.toThrow(/Permissions Violation/);
  await expect(durable('commerce-anything', 'evt.commerce.purchase.completed')).rejects.toThrow(/Permissions Violation/);
  // the audit log's durable: neither read, moved, pulled from nor deleted by another service
  const audit = await busOf('audit');
  await audit.jsm.consumers.add(subjects.stream, { durable_name: 'audit', filter_subject: subjects.all, ack_policy: AckPolicy.Explicit });
  await expect(commerce.jsm.consumers.info(subjects.stream, 'audit')).rejects.toThrow(/Permissions Violation/);
  await expect(commerce.jsm.consumers.delete(subjects.stream, 'audit')).rejects.toThrow(/Permissions Violation/);
  await expect(
    commerce.jsm.consumers.add(subjects.stream, { name: 'audit', filter_subject: subjects.toSubject('evt.identity.user.tokensRevoked') }),
  ).rejects.toThrow(/Permissions Violation/);
  await expect(audit.jsm.consumers.info(subjects.stream, 'audit')).resolves.toMatchObject({ name: 'audit' });
});

it('lets every service follow revocations with ordered consumers of its own, and nothing else that way', async () => {
  const identity = await busOf('identity');
  await identity.js.publish(subjects.toSubject('evt.identity.user.tokensRevoked'), event('evt.identity.user.tokensRevoked'));
  const gateway = await busOf('gateway');
  const feed = await gateway.js.consumers.get(subjects.stream, { filterSubjects: subjects.toSubject('evt.identity.user.tokensRevoked') });
  const messages = await feed.fetch({ max_messages: 1, expires: 5000 });
  const read: string[] = [];
  for await (const m of messages) read.push(m.subject);
  expect(read).toEqual([subjects.toSubject('evt.identity.user.tokensRevoked')]);
  // the gateway publishes nothing, and reads no other subject
  await expect(gateway.js.publish(subjects.toSubject('evt.identity.user.tokensRevoked'), event('x'), { timeout: 5000 })).rejects.toThrow(
    /Permissions Violation/,
  );
  await expect(
    gateway.jsm.consumers.add(subjects.stream, { name: 'gw-feed', filter_subject: subjects.toSubject('evt.identity.user.loggedIn') }),
  ).rejects.toThrow(/Permissions Violation/);
});

it('keeps each user’s inbox to itself: no one reads the replies and pulled messages of another', async () => {
  // (identity: the tests' server gives integrations its subjects under any prefix, `*.audit.>` among them)
  const { user, password } = natsCredentialsOf('identity');
  const nc = await connect({ servers: url(), user, pass: password, inboxPrefix: inboxPrefixOf(user) });
  connections.push(nc);
  const violations: string[] = [];
  void (async () => {
    for await (const status of nc.status()) if (status.type === Events.Error) violations.push(String(status.data));
  })();
  nc.subscribe(`${inboxPrefixOf('audit')}.>`);
  await nc.flush();
  const deadline = Date.now() + 10_000;
  while (!violations.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(violations).toEqual(['PERMISSIONS_VIOLATION']);
});

describe('the integrations user', () => {
  it('reads the documented subjects with a durable of its own name, and publishes nothing', async () => {
    const audit = await busOf('audit');
    const recorded = subjects.toSubject('evt.audit.entry.recorded');
    await audit.js.publish(recorded, event('evt.audit.entry.recorded'));
    const integrations = await busOf('integrations');
    await integrations.jsm.consumers.add(subjects.stream, {
      durable_name: 'bank-audit-mirror',
      filter_subject: recorded,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
    });
    const consumer = await integrations.js.consumers.get(subjects.stream, 'bank-audit-mirror');
    const read: string[] = [];
    for await (const m of await consumer.fetch({ max_messages: 1, expires: 5000 })) {
      read.push(m.subject);
      m.ack();
    }
    expect(read).toEqual([recorded]);
    expect((await consumer.info()).num_ack_pending).toBe(0);

    for (const type of ['evt.audit.entry.recorded', 'evt.scoring.scores.saved', 'evt.commerce.purchase.completed']) {
      await expect(integrations.js.publish(subjects.toSubject(type), event(type), { timeout: 5000 })).rejects.toThrow(
        /Permissions Violation/,
      );
    }
  });

  it('reads no undocumented subject, and cannot touch the platform’s durables or the stream', async () => {
    const integrations = await busOf('integrations');
    for (const filter of ['evt.identity.user.loggedIn', 'evt.identity.>', 'evt.>', 'evt.commerce.purchase.completed']) {
      await expect(
        integrations.jsm.consumers.add(subjects.stream, { durable_name: 'snoop', filter_subject: subjects.toSubject(filter) }),
      ).rejects.toThrow(/Permissions Violation/);
    }
    // a consumer without a filter in its request names no subject it may read
    await expect(integrations.jsm.consumers.add(subjects.stream, { durable_name: 'snoop' })).rejects.toThrow(/Permissions Violation/);
    await expect(integrations.jsm.consumers.info(subjects.stream, 'audit')).rejects.toThrow(/Permissions Violation/);
    await expect(integrations.jsm.consumers.delete(subjects.stream, 'audit')).rejects.toThrow(/Permissions Violation/);
    await expect(integrations.jsm.streams.delete(subjects.stream)).rejects.toThrow(/Permissions Violation/);
    await expect(integrations.jsm.streams.getMessage(subjects.stream, { seq: 1 })).rejects.toThrow(/Permissions Violation/);
  });
});

it('gives the deployment the same rights on its own prefix and stream', () => {
  const deployed = natsAuthorization({ prefix: 'evt', stream: 'EVENTS' });
  expect(deployed).toContain('"evt.identity.>"');
  expect(deployed).toContain('"$JS.API.CONSUMER.CREATE.EVENTS.audit.evt.>"');
  expect(deployed).toContain('"$JS.API.CONSUMER.CREATE.EVENTS.*.evt.audit.>"');
  expect(deployed).not.toMatch(/no_auth_user|"\*\./);
});
