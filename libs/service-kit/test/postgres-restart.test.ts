import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { poolOf, sql, type Generated } from '@cti/db';
import { freePort, startPostgres, type RunningPostgres, type ShutdownMode } from '@cti/local-infra';
import { appendToOutbox, buildService, defineService, UNAVAILABLE_MESSAGE, type KitTables, type ServiceApp } from '@cti/service-kit';
import { createTestContext, eventually, type TestContext } from '@cti/testing';

/**
 * A service of the kit's making on a Postgres of its own, restarted under it the ways an
 * operator does (`pg_ctl stop/restart -m fast` and `-m immediate`): the process survives a
 * connection that breaks in the middle of a transaction, answers 503 with a clear text while
 * Postgres is away, reports it in readiness, and is ready again without a restart of its own.
 */
let entered: () => void = () => undefined;
let releaseHeld: () => void = () => undefined;

interface NotesDB extends KitTables {
  notes: { id: Generated<number>; body: string };
}

const notesService = defineService<NotesDB>('pgrestart')({
  defaultPort: 0,
  migrations: {
    '20260101000000_notes': {
      async up(db) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('body', 'text', (c) => c.notNull())
          .execute();
      },
    },
  },
  async plugin(app) {
    app.post<{ Body: { body: string; hold?: boolean } }>('/api/user/notes', async (request) => {
      await app.inTransaction(async (trx) => {
        await trx.insertInto('notes').values({ body: request.body.body }).execute();
        if (request.body.hold) {
          // the transaction's connection sits checked out, between two queries
          const held = new Promise<void>((resolve) => (releaseHeld = resolve));
          entered();
          await held;
        }
        await appendToOutbox(trx, {
          type: 'evt.identity.user.agreed',
          actor: null,
          data: { userId: request.body.body, email: 'n@example.com' },
        });
      });
      return { ok: true };
    });
    app.get('/api/user/notes/count', async () => {
      const row = await sql<{ n: number }>`select count(*)::int as n from notes`.execute(app.db);
      return { count: row.rows[0]!.n };
    });
    app.get('/api/user/slow', async () => {
      // far longer than any test waits: the load holds until the test cancels it, so a busy
      // machine cannot see a sleep end (and a waiting query start) before it looks
      await sql`select pg_sleep(600)`.execute(app.db);
      return { ok: true };
    });
    app.post('/api/user/limited', async () => ({ hits: await app.rateLimits.hit('limited', { max: 1000, windowMs: 60_000 }) }));
  },
});

let ctx: TestContext;
let postgres: RunningPostgres;
let dataDir: string;
let app: ServiceApp;

beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-pg-restart-'));
  fs.chmodSync(dataDir, 0o755);
  // durable (not ephemeral): an immediate stop must not lose committed work
  postgres = await startPostgres({ dataDir: path.join(dataDir, 'pg'), port: await freePort(), password: 'test' });
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('create database notes');
  await admin.end();
  app = await buildService(notesService, { env: { ...ctx.env, DATABASE_URL: postgres.urlFor('notes'), DB_POOL_SIZE: '4' } });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await postgres?.stop();
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const ready = () => app.inject({ method: 'GET', url: '/health/ready' });
const addNote = (body: string, hold = false) => app.inject({ method: 'POST', url: '/api/user/notes', payload: { body, hold } });

describe.each<ShutdownMode>(['fast', 'immediate'])('Postgres stopped with -m %s and started again', (mode) => {
  it('survives the break inside a transaction, answers 503 meanwhile, and is ready again by itself', async () => {
    expect((await addNote(`before-${mode}`)).statusCode).toBe(200);

    // a request holds a transaction open when Postgres goes down
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const interrupted = addNote(`interrupted-${mode}`, true);
    await inside;
    await postgres.stop(mode);
    releaseHeld();
    const broken = await interrupted;
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: UNAVAILABLE_MESSAGE });
    expect(broken.headers['retry-after']).toBeDefined();

    // while it is away: every kind of use answers 503 with the same clear text, never 500
    for (const res of [
      await addNote(`during-${mode}`),
      await app.inject({ method: 'GET', url: '/api/user/notes/count' }),
      await app.inject({ method: 'POST', url: '/api/user/limited' }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(UNAVAILABLE_MESSAGE);
    }
    const notReady = await eventually(async () => {
      const res = await ready();
      return res.statusCode === 503 ? res : null;
    }, 30_000);
    expect(notReady.json().checks.database).toBe(false);

    await postgres.start();
    const back = Date.now();
    await eventually(async () => (await ready()).statusCode === 200, 60_000, 100);
    // ready again within 30 s of Postgres being back (the bound the fault-injection suite holds
    // every service to): the pool needs no restart, only the next probe
    expect(Date.now() - back).toBeLessThan(30_000);
    expect((await addNote(`after-${mode}`)).statusCode).toBe(200);

    // the interrupted and refused writes left nothing half-written
    const bodies = (await sql<{ body: string }>`select body from notes order by id`.execute(app.db)).rows.map((r) => r.body);
    expect(bodies).toEqual(expect.arrayContaining([`before-${mode}`, `after-${mode}`]));
    expect(bodies).not.toContain(`interrupted-${mode}`);
    expect(bodies).not.toContain(`during-${mode}`);
  }, 120_000);
});

describe('an idle connection that breaks while the others are busy', () => {
  it('keeps the instance ready: the probe asks on a connection of its own, not behind the load', async () => {
    const admin = new pg.Client({ connectionString: postgres.urlFor('notes') });
    await admin.connect();
    const pool = poolOf(app.db)!;
    const ofService = `datname = 'notes' and application_name = 'pgrestart'`;
    const sleeping = `select pid from pg_stat_activity where ${ofService} and query like '%pg_sleep(600)%' and state = 'active'`;
    const slowRequest = () => app.inject({ method: 'GET', url: '/api/user/slow' });
    // the pool's four connections open, then three of them busy and one idle
    await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.2)`.execute(app.db)));
    const slow = Array.from({ length: 3 }, slowRequest);
    try {
      await eventually(async () => (await admin.query(sleeping)).rows.length === 3, 30_000, 100);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${ofService} and state = 'idle'`);
      await eventually(() => pool.totalCount === 3, 30_000, 50);
      // then more load than the pool holds: four more slow queries, three of them waiting (and,
      // within half a second, the outbox relay's next poll behind them: at least three)
      slow.push(...Array.from({ length: 4 }, slowRequest));
      await eventually(async () => pool.waitingCount >= 3, 30_000, 50);
      // the broken connection made the probe ask again; Postgres is up, so it says so at once
      const res = await eventually(
        async () => {
          const r = await ready();
          return r.statusCode === 200 ? r : null;
        },
        10_000,
        100,
      );
      expect(res.json().checks.database).toBe(true);
    } finally {
      // the waiting queries start sleeping as the running ones end: cancel until all answered
      let settled = false;
      const all = Promise.allSettled(slow).then(() => (settled = true));
      while (!settled) {
        await admin.query(`select pg_cancel_backend(pid) from (${sleeping}) s`);
        await Promise.race([all, new Promise((r) => setTimeout(r, 200))]);
      }
      await admin.end();
    }
  }, 120_000);
});
