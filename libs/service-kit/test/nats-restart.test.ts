import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sql } from '@cti/db';
import { freePort, startNats, type RunningNats } from '@cti/local-infra';
import { appendToOutbox, buildService, defineService, type KitTables, type ServiceApp } from '@cti/service-kit';
import { createTestContext, eventually, type TestContext } from '@cti/testing';

/**
 * A service of the kit's making on a NATS server of its own, which crashes (kill -9) and
 * comes back: readiness says "not ready" while it is away, requests that write events still
 * succeed (the events wait in the outbox), and the relay and the consumer resume by
 * themselves, handling every event once.
 */
interface EchoDB extends KitTables {
  heard: { eventId: string; userId: string | null };
}

const echoService = defineService<EchoDB>('natsrestart')({
  defaultPort: 0,
  migrations: {
    '20260101000000_heard': {
      async up(db) {
        await db.schema
          .createTable('heard')
          .addColumn('event_id', 'uuid', (c) => c.notNull())
          .addColumn('user_id', 'text')
          .execute();
      },
    },
  },
  async plugin(app) {
    app.post<{ Body: { userId: string } }>('/api/user/echo', async (request) => {
      const event = await app.inTransaction((trx) =>
        appendToOutbox(trx, {
          type: 'evt.identity.user.agreed',
          actor: null,
          data: { userId: request.body.userId, email: 'e@example.com' },
        }),
      );
      return { id: event.id };
    });
  },
  consumers: () => [
    {
      filter: ['evt.identity.user.agreed'],
      async handle(event, trx) {
        await trx
          .insertInto('heard')
          .values({ eventId: event.id, userId: (event.data as { userId: string }).userId })
          .execute();
      },
    },
  ],
});

let ctx: TestContext;
let nats: RunningNats;
let storeDir: string;
let app: ServiceApp;

beforeAll(async () => {
  ctx = await createTestContext();
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-nats-restart-'));
  nats = await startNats({ port: await freePort(), storeDir });
  app = await buildService(echoService, { env: { ...ctx.env, NATS_URL: nats.url } });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await nats?.stop();
  await ctx?.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const ready = () => app.inject({ method: 'GET', url: '/health/ready' });
const echo = (userId: string) => app.inject({ method: 'POST', url: '/api/user/echo', payload: { userId } });
const heard = async () => (await sql<{ userId: string }>`select user_id as "userId" from heard order by user_id`.execute(app.db)).rows;

it('is not ready while NATS is away, keeps accepting writes, and resumes relaying and consuming when it is back', async () => {
  expect((await echo('before')).statusCode).toBe(200);
  await eventually(async () => (await heard()).length === 1, 30_000);

  await nats.kill('SIGKILL');
  const away = await eventually(async () => {
    const res = await ready();
    return res.statusCode === 503 ? res : null;
  }, 30_000);
  expect(away.json()).toMatchObject({ status: 'not ready', checks: { nats: false, database: true } });

  // the change commits; its event waits in the outbox
  const during = await echo('during');
  expect(during.statusCode).toBe(200);

  await nats.start();
  await eventually(async () => (await ready()).statusCode === 200, 30_000, 100);
  expect((await echo('after')).statusCode).toBe(200);

  await eventually(async () => (await heard()).length === 3, 60_000, 100);
  expect((await heard()).map((r) => r.userId)).toEqual(['after', 'before', 'during']);
  const unsent = await sql`select id from outbox where sent_at is null`.execute(app.db);
  expect(unsent.rows).toEqual([]);
}, 120_000);
