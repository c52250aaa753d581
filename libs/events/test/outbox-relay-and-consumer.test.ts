import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { DomainEvent } from '@cti/contracts';
import { sql, type Transaction } from '@cti/db';
import {
  appendToOutbox,
  connectEventBus,
  DurableConsumer,
  eventsMigrations,
  OutboxRelay,
  SubjectSpace,
  type DurableConsumerOptions,
  type EventBus,
  type EventTables,
} from '@cti/events';
import { freePort, startNats, type RunningNats } from '@cti/local-infra';
import { eventually, infrastructureFromEnv, natsCredentialsOf, testSchema } from '@cti/testing';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
const loginEvent = (userId: string) =>
  ({ type: 'evt.identity.user.loggedIn', actor: null, data: { userId, email: `${userId}@example.com`, free: false } }) as const;

/** The kit's event tables plus the table this file's consumers write to. */
interface EventsTestDB extends EventTables {
  received: { eventId: string | null; userId: string | null };
}

const schema = testSchema<EventsTestDB>('events_test', {
  ...eventsMigrations,
  '20260101000200_received': {
    async up(d) {
      await d.schema.createTable('received').addColumn('event_id', 'uuid').addColumn('user_id', 'text').execute();
    },
  },
});

beforeEach(async () => {
  await sql`truncate outbox, processed_events, received`.execute(schema.db);
});

const space = () => new SubjectSpace(`ev${randomBytes(4).toString('hex')}`, `EV_${randomBytes(4).toString('hex')}`);

async function consumeInto(bus: EventBus, durable: string, extra: Partial<DurableConsumerOptions<EventsTestDB>> = {}) {
  const consumer = new DurableConsumer({
    bus,
    db: schema.db,
    durable,
    filter: ['evt.identity.user.loggedIn'],
    logger: silent,
    handle: async (event, trx) => {
      await trx
        .insertInto('received')
        .values({ eventId: event.id, userId: (event.data as { userId: string }).userId })
        .execute();
    },
    ...extra,
  });
  await consumer.start();
  return consumer;
}

const receivedCount = async () =>
  (
    await schema.db
      .selectFrom('received')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('outbox relay', () => {
  let nats: RunningNats;
  let storeDir: string;

  beforeAll(async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-nats-outage-'));
    nats = await startNats({ port: await freePort(), storeDir });
  });
  afterAll(async () => {
    await nats.stop();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  it('delivers an event committed while NATS was down once NATS is back', async () => {
    const subjects = space();
    const bus = await connectEventBus({ servers: nats.url, name: 'relay-test', subjects });
    const relay = new OutboxRelay({ db: schema.db, bus, logger: silent, intervalMs: 100, publishTimeoutMs: 500 });
    relay.start();
    await nats.stop();

    const event = await schema.db.transaction().execute((trx) => appendToOutbox(trx, loginEvent('during-outage')));
    relay.kick();
    // each failed publish is recorded on the row, though the pass that made it failed
    const pending = await eventually(async () => {
      const row = await schema.db
        .selectFrom('outbox')
        .select(['sentAt', 'attempts', 'lastError'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      return row.attempts >= 2 ? row : null;
    }, 30_000);
    expect(pending.sentAt).toBeNull();
    expect(pending.lastError).toEqual(expect.any(String));
    expect(pending.lastError).not.toBe('');

    await nats.start();
    await eventually(
      async () => (await schema.db.selectFrom('outbox').select('sentAt').where('id', '=', event.id).executeTakeFirstOrThrow()).sentAt,
      20_000,
    );

    const consumer = await consumeInto(bus, 'outage');
    await eventually(async () => (await receivedCount()) === 1, 30_000);
    const [row] = await schema.db.selectFrom('received').selectAll().execute();
    expect(row.eventId).toBe(event.id);
    await consumer.stop();
    await relay.stop();
    await bus.close();
  }, 60_000);

  it('publishes a commit made during a pass right after that pass, without waiting for the next poll', async () => {
    const subjects = space();
    const bus = await connectEventBus({ servers: nats.url, name: 'kick-test', subjects });
    // a poll that never comes within the test: only kicks publish
    const relay = new OutboxRelay({ db: schema.db, bus, logger: silent, intervalMs: 600_000, publishTimeoutMs: 60_000 });
    const write = async (userId: string) => (await schema.db.transaction().execute((trx) => appendToOutbox(trx, loginEvent(userId)))).id;
    const sent = async (id: string) =>
      (await schema.db.selectFrom('outbox').select('sentAt').where('id', '=', id).executeTakeFirstOrThrow()).sentAt;
    const first = await write('first');
    // The pass holds the first row (claimed, locked) once it hands it to the server. Seeing that by
    // asking for the row's lock would race the pass's own claim, which skips a row locked even
    // for a moment: the pass would find nothing and wait for the poll that never comes.
    let handedOn!: () => void;
    const firstHandedOn = new Promise<void>((resolve) => (handedOn = resolve));
    const publish = bus.js.publish.bind(bus.js);
    bus.js.publish = ((...args: Parameters<typeof publish>) => (handedOn(), publish(...args))) as typeof publish;
    // the server stops answering: the relay's first pass publishes the first row and waits for its ack
    process.kill(nats.pid!, 'SIGSTOP');
    try {
      relay.start();
      await firstHandedOn;
      const second = await write('second');
      relay.kick();
      process.kill(nats.pid!, 'SIGCONT');
      await eventually(() => sent(first), 30_000);
      await eventually(() => sent(second), 30_000);
    } finally {
      process.kill(nats.pid!, 'SIGCONT');
      await relay.stop();
      await bus.close();
    }
  }, 90_000);

  it('keeps relaying and consuming through a NATS crash (kill -9) and restart, each event once', async () => {
    const subjects = space();
    const bus = await connectEventBus({ servers: nats.url, name: 'crash-test', subjects });
    const relay = new OutboxRelay({ db: schema.db, bus, logger: silent, intervalMs: 100, publishTimeoutMs: 500 });
    relay.start();
    const consumer = await consumeInto(bus, 'through-crash');
    const write = async (userId: string) => {
      await schema.db.transaction().execute((trx) => appendToOutbox(trx, loginEvent(userId)));
      relay.kick();
    };

    await write('before-crash');
    await eventually(async () => (await receivedCount()) === 1, 30_000);

    await nats.kill('SIGKILL');
    await eventually(() => !bus.isConnected(), 30_000);
    await write('while-away');
    await nats.start();
    await eventually(() => bus.isConnected(), 30_000);
    await write('after-restart');

    await eventually(async () => (await receivedCount()) === 3, 60_000, 100);
    const rows = await schema.db.selectFrom('received').select(['userId']).execute();
    expect(rows.map((r) => r.userId).sort()).toEqual(['after-restart', 'before-crash', 'while-away']);
    expect(await schema.db.selectFrom('outbox').select('id').where('sentAt', 'is', null).execute()).toEqual([]);
    await consumer.stop();
    await relay.stop();
    await bus.close();
  }, 120_000);
});

describe('JetStream de-duplication and consumer idempotency', () => {
  const infra = () => infrastructureFromEnv();

  it('drops a second publish with the same msgID', async () => {
    const subjects = space();
    const bus = await connectEventBus({ servers: infra().natsUrl, credentials: natsCredentialsOf(), name: 'dup-test', subjects });
    const event = await schema.db.transaction().execute((trx) => appendToOutbox(trx, loginEvent('dup')));
    const relay = new OutboxRelay({ db: schema.db, bus, logger: silent });
    expect(await relay.publishBatch()).toBe(1);
    // a relay that crashed after publishing but before marking sent publishes again
    await schema.db.updateTable('outbox').set({ sentAt: null }).where('id', '=', event.id).execute();
    expect(await relay.publishBatch()).toBe(1);
    const info = await bus.jsm.streams.info(subjects.stream);
    expect(info.state.messages).toBe(1);

    const consumer = await consumeInto(bus, 'dup');
    await eventually(async () => (await receivedCount()) === 1);
    // everything the stream holds was delivered and acked: there is nothing more to come
    await eventually(async () => {
      const info = await bus.jsm.consumers.info(subjects.stream, 'dup');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    expect(await receivedCount()).toBe(1);
    await consumer.stop();
    await bus.close();
  });

  it('redelivers an event whose consumer crashed before acking, and stores it once', async () => {
    const subjects = space();
    const bus = await connectEventBus({ servers: infra().natsUrl, credentials: natsCredentialsOf(), name: 'crash-test', subjects });
    await schema.db.transaction().execute((trx) => appendToOutbox(trx, loginEvent('crash')));
    await new OutboxRelay({ db: schema.db, bus, logger: silent }).publishBatch();

    let crashed = false;
    const crashing = await consumeInto(bus, 'crashy', {
      ackWaitMs: 1000,
      beforeAck: async () => {
        crashed = true;
        throw new Error('process died before ack');
      },
    });
    await eventually(() => crashed);
    await crashing.stop();
    expect(await receivedCount()).toBe(1);

    let duplicatesSeen = 0;
    const next = await consumeInto(bus, 'crashy', { ackWaitMs: 1000 });
    await eventually(() => {
      duplicatesSeen = next.stats.duplicates;
      return duplicatesSeen >= 1;
    }, 30_000);
    expect(await receivedCount()).toBe(1);
    const pending = await bus.jsm.consumers.info(subjects.stream, 'crashy');
    await eventually(async () => (await bus.jsm.consumers.info(subjects.stream, 'crashy')).num_ack_pending === 0);
    expect(pending.num_redelivered).toBeGreaterThanOrEqual(0);
    await next.stop();
    await bus.close();
  }, 40_000);
});

describe('batched consumption (one transaction for the events waiting at once)', () => {
  const infra = () => infrastructureFromEnv();
  const insertAll = async (events: DomainEvent[], trx: Transaction<EventsTestDB>) => {
    await trx
      .insertInto('received')
      .values(events.map((event) => ({ eventId: event.id, userId: (event.data as { userId: string }).userId })))
      .execute();
  };
  /** Commits `count` login events to the outbox and publishes them all, before any consumer runs. */
  const publishBurst = async (bus: EventBus, count: number, userIdOf = (i: number) => `burst-${i}`) => {
    await schema.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i++) await appendToOutbox(trx, loginEvent(userIdOf(i)));
    });
    const relay = new OutboxRelay({ db: schema.db, bus, logger: silent });
    while ((await relay.publishBatch()) > 0);
  };
  const settled = (bus: EventBus, durable: string) =>
    eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.subjects.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 60_000);

  it('stores a burst of events once each, in delivery order, in fewer transactions than events', async () => {
    const bus = await connectEventBus({
      servers: infra().natsUrl,
      credentials: natsCredentialsOf(),
      name: 'batch-burst',
      subjects: space(),
    });
    await publishBurst(bus, 600);
    const batchSizes: number[] = [];
    const order: string[] = [];
    const consumer = await consumeInto(bus, 'burst', {
      batch: {
        maxEvents: 100,
        handle: async (events, trx) => {
          batchSizes.push(events.length);
          order.push(...events.map((e) => (e.data as { userId: string }).userId));
          await insertAll(events, trx);
        },
      },
    });
    await eventually(async () => (await receivedCount()) === 600, 60_000);
    await settled(bus, 'burst');
    expect(await receivedCount()).toBe(600);
    expect(order).toEqual(Array.from({ length: 600 }, (_, i) => `burst-${i}`));
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(100);
    expect(consumer.stats.handled).toBe(600);
    await consumer.stop();
    await bus.close();
  }, 90_000);

  it('retries a batch that failed one event at a time: a poison event fails alone, the others are stored', async () => {
    const bus = await connectEventBus({
      servers: infra().natsUrl,
      credentials: natsCredentialsOf(),
      name: 'batch-poison',
      subjects: space(),
    });
    await publishBurst(bus, 50, (i) => (i === 20 ? 'poison' : `ok-${i}`));
    let poisonous = true;
    const refuse = (events: DomainEvent[]) => {
      if (poisonous && events.some((e) => (e.data as { userId: string }).userId === 'poison')) throw new Error('cannot handle this one');
    };
    const consumer = await consumeInto(bus, 'poison', {
      handle: async (event, trx) => {
        refuse([event]);
        await insertAll([event], trx);
      },
      batch: {
        handle: async (events, trx) => {
          refuse(events);
          await insertAll(events, trx);
        },
      },
    });
    await eventually(async () => (await receivedCount()) === 49, 60_000);
    expect(await schema.db.selectFrom('received').select('userId').where('userId', '=', 'poison').execute()).toEqual([]);
    expect(consumer.stats.failed).toBeGreaterThanOrEqual(1);

    // the fault is mended: the redelivered event is stored, and nothing twice
    poisonous = false;
    await eventually(async () => (await receivedCount()) === 50, 60_000);
    await settled(bus, 'poison');
    const rows = await schema.db.selectFrom('received').select('userId').execute();
    expect(new Set(rows.map((r) => r.userId)).size).toBe(50);
    await consumer.stop();
    await bus.close();
  }, 90_000);

  it('stores a batch committed but never acked once: the redelivery is only acked', async () => {
    const bus = await connectEventBus({
      servers: infra().natsUrl,
      credentials: natsCredentialsOf(),
      name: 'batch-crash',
      subjects: space(),
    });
    await publishBurst(bus, 30);
    let crashed = false;
    const crashing = await consumeInto(bus, 'batch-crashy', {
      ackWaitMs: 1000,
      batch: { handle: insertAll },
      beforeAck: async () => {
        crashed = true;
        throw new Error('process died before ack');
      },
    });
    await eventually(() => crashed);
    await crashing.stop();
    const stored = await receivedCount();
    expect(stored).toBeGreaterThanOrEqual(1);

    const next = await consumeInto(bus, 'batch-crashy', { ackWaitMs: 1000, batch: { handle: insertAll } });
    await eventually(async () => (await receivedCount()) === 30, 60_000);
    await settled(bus, 'batch-crashy');
    expect(await receivedCount()).toBe(30);
    // every stored event came back and was found processed (by whichever consumer got it back)
    expect(crashing.stats.duplicates + next.stats.duplicates).toBeGreaterThanOrEqual(stored);
    await next.stop();
    await bus.close();
  }, 90_000);
});

describe('events a consumer does not handle', () => {
  const infra = () => infrastructureFromEnv();
  /** Publishes events of the given types straight to the stream (as a relay would); answers their ids. */
  const publishTypes = async (bus: EventBus, types: string[]) => {
    const ids: string[] = [];
    for (const [i, type] of types.entries()) {
      const id = randomUUID();
      const event = { id, type, occurredAt: new Date().toISOString(), actor: null, data: { userId: `${type}-${i}` } };
      await bus.js.publish(bus.subjects.toSubject(type), JSON.stringify(event), { msgID: id });
      ids.push(id);
    }
    return ids;
  };
  const settled = (bus: EventBus, durable: string) =>
    eventually(async () => {
      const info = await bus.jsm.consumers.info(bus.subjects.stream, durable);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 60_000);
  const processedIds = async (durable: string) =>
    (await schema.db.selectFrom('processedEvents').select('eventId').where('consumer', '=', durable).execute())
      .map((r) => r.eventId)
      .sort();

  it('asks the server for the one subject covering its filters, and acks the others it delivers without a transaction', async () => {
    const bus = await connectEventBus({ servers: infra().natsUrl, credentials: natsCredentialsOf(), name: 'narrow', subjects: space() });
    let commits = 0;
    const consumer = await consumeInto(bus, 'narrow', {
      filter: ['evt.identity.user.loggedIn', 'evt.identity.user.created'],
      committed: () => commits++,
    });
    const info = await bus.jsm.consumers.info(bus.subjects.stream, 'narrow');
    expect(info.config.filter_subject).toBe(bus.subjects.toSubject('evt.identity.user.*'));

    const ids = await publishTypes(bus, [
      'evt.identity.user.loggedIn',
      'evt.identity.user.updated',
      'evt.identity.user.created',
      'evt.identity.group.created',
    ]);
    await eventually(async () => (await receivedCount()) === 2, 60_000);
    await settled(bus, 'narrow');
    // user.updated was delivered (the subject covers it) and acked with no processed mark; group.created never came
    expect(await processedIds('narrow')).toEqual([ids[0], ids[2]].sort());
    expect(consumer.stats).toMatchObject({ handled: 2, skipped: 1, duplicates: 0 });
    // told after each transaction that handled an event (the kit then kicks the relay), not for a skipped one
    expect(commits).toBe(2);
    await consumer.stop();
    await bus.close();
  }, 90_000);

  it('acks the types in `except` on delivery, without a transaction, in batched consumption too', async () => {
    const bus = await connectEventBus({ servers: infra().natsUrl, credentials: natsCredentialsOf(), name: 'except', subjects: space() });
    const insertAll = async (events: DomainEvent[], trx: Transaction<EventsTestDB>) => {
      await trx
        .insertInto('received')
        .values(events.map((event) => ({ eventId: event.id, userId: (event.data as { userId: string }).userId })))
        .execute();
    };
    const consumer = await consumeInto(bus, 'except', {
      filter: ['evt.>'],
      except: ['evt.audit.entry.recorded'],
      batch: { handle: insertAll },
    });
    const info = await bus.jsm.consumers.info(bus.subjects.stream, 'except');
    expect(info.config.filter_subject).toBe(bus.subjects.all);

    const types = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'evt.audit.entry.recorded' : 'evt.identity.user.loggedIn'));
    const ids = await publishTypes(bus, types);
    await eventually(async () => (await receivedCount()) === 20, 60_000);
    await settled(bus, 'except');
    expect(await processedIds('except')).toEqual(ids.filter((_, i) => i % 2 === 0).sort());
    expect(consumer.stats).toMatchObject({ handled: 20, skipped: 20 });
    await consumer.stop();
    await bus.close();
  }, 90_000);

  it('moves an existing durable to a narrower filter subject and goes on from where it was', async () => {
    const bus = await connectEventBus({ servers: infra().natsUrl, credentials: natsCredentialsOf(), name: 'narrowing', subjects: space() });
    const wide = await consumeInto(bus, 'narrowing', { filter: ['evt.identity.user.loggedIn', 'evt.questionnaire.period.opened'] });
    expect((await bus.jsm.consumers.info(bus.subjects.stream, 'narrowing')).config.filter_subject).toBe(bus.subjects.all);
    await publishTypes(bus, ['evt.identity.user.loggedIn']);
    await eventually(async () => (await receivedCount()) === 1, 60_000);
    await settled(bus, 'narrowing');
    await wide.stop();

    const narrow = await consumeInto(bus, 'narrowing');
    expect((await bus.jsm.consumers.info(bus.subjects.stream, 'narrowing')).config.filter_subject).toBe(
      bus.subjects.toSubject('evt.identity.user.loggedIn'),
    );
    await publishTypes(bus, ['evt.questionnaire.period.opened', 'evt.identity.user.loggedIn']);
    await eventually(async () => (await receivedCount()) === 2, 60_000);
    await settled(bus, 'narrowing');
    // the first login was not delivered again, and the period event never reached it
    expect(narrow.stats).toMatchObject({ handled: 1, skipped: 0, duplicates: 0 });
    await narrow.stop();
    await bus.close();
  }, 90_000);
});

describe('the relay publishes a batch at once', () => {
  const infra = () => infrastructureFromEnv();

  it('marks only the rows before the first that failed; the later ones, stored already, are stored once', async () => {
    const bus = await connectEventBus({
      servers: infra().natsUrl,
      credentials: natsCredentialsOf(),
      name: 'relay-prefix',
      subjects: space(),
    });
    const events = await schema.db.transaction().execute(async (trx) => {
      const written: DomainEvent[] = [];
      for (let i = 0; i < 5; i++) written.push(await appendToOutbox(trx, loginEvent(`row-${i}`)));
      return written;
    });
    // the third row cannot be encoded (a header name with a space): it fails alone, the others go
    await schema.db
      .updateTable('outbox')
      .set({ headers: JSON.stringify({ 'bad name': 'x' }) })
      .where('id', '=', events[2].id)
      .execute();
    const warnings: object[] = [];
    const relay = new OutboxRelay({ db: schema.db, bus, logger: { ...silent, warn: (obj: object) => warnings.push(obj) } });

    expect(await relay.publishBatch()).toBe(2);
    const rows = await schema.db.selectFrom('outbox').select(['id', 'sentAt', 'attempts', 'lastError']).orderBy('seq').execute();
    expect(rows.map((r) => r.sentAt !== null)).toEqual([true, true, false, false, false]);
    expect(rows[2]).toMatchObject({ attempts: 1, lastError: expect.stringContaining('header') });
    expect((await bus.jsm.streams.info(bus.subjects.stream)).state.messages).toBe(4);
    expect(warnings).toEqual([expect.objectContaining({ rowId: events[2].id, laterStored: 2 })]);

    // mended, the failed row goes first, then the two after it again: dropped as duplicates
    await schema.db.updateTable('outbox').set({ headers: null }).where('id', '=', events[2].id).execute();
    expect(await relay.publishBatch()).toBe(3);
    expect(await schema.db.selectFrom('outbox').select('id').where('sentAt', 'is', null).execute()).toEqual([]);
    expect((await bus.jsm.streams.info(bus.subjects.stream)).state.messages).toBe(5);
    await bus.close();
  });
});
