import { randomBytes } from 'node:crypto';

import { createDatabase, sql, type Kysely } from '@cti/db';
import {
  appendToOutbox,
  connectEventBus,
  DurableConsumer,
  eventsMigrations,
  OutboxRelay,
  SubjectSpace,
  type EventBus,
  type EventTables,
} from '@cti/events';
import { eventually, infrastructureFromEnv, natsCredentialsOf, testSchema } from '@cti/testing';

/**
 * Two replicas of one service: each has its own Postgres pool and NATS connection, and runs the
 * kit's outbox relay and its durable consumers on the same outbox and the same durable.
 */
const silent = { info() {}, warn() {}, error() {}, debug() {} };
const loginEvent = (userId: string) =>
  ({ type: 'evt.identity.user.loggedIn', actor: null, data: { userId, email: `${userId}@example.com`, free: false } }) as const;

interface ReplicasTestDB extends EventTables {
  received: { eventId: string; userId: string; replica: string };
}

const schema = testSchema<ReplicasTestDB>('events_replicas', {
  ...eventsMigrations,
  '20260101000200_received': {
    async up(d) {
      await d.schema
        .createTable('received')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('replica', 'text', (c) => c.notNull())
        .execute();
    },
  },
});

/** The second replica's own pool on the same schema. */
let second: Kysely<ReplicasTestDB>;
const buses: EventBus[] = [];
beforeAll(() => {
  second = createDatabase<ReplicasTestDB>({ connectionString: schema.ctx.databaseUrl, schema: 'events_replicas', poolSize: 3 });
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await second.destroy();
});
beforeEach(async () => {
  await sql`truncate outbox, processed_events, received`.execute(schema.db);
});

const space = () => new SubjectSpace(`rp${randomBytes(4).toString('hex')}`, `RP_${randomBytes(4).toString('hex')}`);
const connect = async (name: string, subjects: SubjectSpace) => {
  const bus = await connectEventBus({ servers: infrastructureFromEnv().natsUrl, credentials: natsCredentialsOf(), name, subjects });
  buses.push(bus);
  return bus;
};
const unsent = async () =>
  (
    await schema.db
      .selectFrom('outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('sentAt', 'is', null)
      .executeTakeFirstOrThrow()
  ).n;

it('publishes one outbox in its own order when two replicas relay it', async () => {
  const subjects = space();
  const [a, b] = [await connect('relay-a', subjects), await connect('relay-b', subjects)];
  const count = 300;
  await schema.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await appendToOutbox(trx, loginEvent(`ordered-${i}`));
  });
  // replica a's server answers slowly: its batch is still on its way when b looks for work
  const publish = a.js.publish.bind(a.js);
  a.js.publish = (async (...args: Parameters<typeof publish>) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return publish(...args);
  }) as typeof publish;
  const relays = [
    new OutboxRelay({ db: schema.db, bus: a, logger: silent, batchSize: 20, intervalMs: 50 }),
    new OutboxRelay({ db: second, bus: b, logger: silent, batchSize: 20, intervalMs: 50 }),
  ];
  for (const relay of relays) relay.start();
  try {
    await eventually(async () => (await unsent()) === 0, 60_000);
  } finally {
    await Promise.all(relays.map((relay) => relay.stop()));
  }
  const inStream: string[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const message = await b.jsm.streams.getMessage(subjects.stream, { seq });
    inStream.push((message.json() as { data: { userId: string } }).data.userId);
  }
  expect((await b.jsm.streams.info(subjects.stream)).state.messages).toBe(count);
  expect(inStream).toEqual(Array.from({ length: count }, (_, i) => `ordered-${i}`));
}, 90_000);

it('hands each event of one durable to one of two replicas, and each is stored once', async () => {
  const subjects = space();
  const [a, b] = [await connect('consumer-a', subjects), await connect('consumer-b', subjects)];
  const count = 400;
  await schema.db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) await appendToOutbox(trx, loginEvent(`shared-${i}`));
  });
  const relay = new OutboxRelay({ db: schema.db, bus: a, logger: silent });
  while ((await relay.publishBatch()) > 0);

  const consumerOn = (bus: EventBus, db: Kysely<ReplicasTestDB>, replica: string) =>
    new DurableConsumer<ReplicasTestDB>({
      bus,
      db,
      durable: 'shared',
      filter: ['evt.identity.user.loggedIn'],
      logger: silent,
      // short: events a replica holds too long are handed to the other one as well
      ackWaitMs: 2000,
      handle: async (event, trx) => {
        // a little work per event, so both replicas are busy at once
        await sql`select pg_sleep(0.002)`.execute(trx);
        await trx
          .insertInto('received')
          .values({ eventId: event.id, userId: (event.data as { userId: string }).userId, replica })
          .execute();
      },
    });
  const consumers = [consumerOn(a, schema.db, 'a'), consumerOn(b, second, 'b')];
  await Promise.all(consumers.map((c) => c.start()));
  try {
    await eventually(async () => {
      const info = await a.jsm.consumers.info(subjects.stream, 'shared');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    }, 90_000);
  } finally {
    await Promise.all(consumers.map((c) => c.stop()));
  }
  const rows = await schema.db.selectFrom('received').select(['userId', 'replica']).execute();
  expect(rows).toHaveLength(count);
  expect(new Set(rows.map((r) => r.userId)).size).toBe(count);
  // both took part (one durable, two pulling replicas)
  expect(new Set(rows.map((r) => r.replica))).toEqual(new Set(['a', 'b']));
}, 120_000);
