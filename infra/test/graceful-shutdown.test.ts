import path from 'node:path';

import { createTestContext, eventually, type TestContext } from '@cti/testing';

import { repo, startProcess, type RunningProcess } from './support/processes';

/**
 * SIGTERM under load, with real processes built on the kit: a producer writing events
 * through its outbox and two replicas of a consumer sharing one durable consumer. Each
 * is stopped with SIGTERM while events flow and started again; in the end every event
 * written was handled exactly once.
 */
const probeScript = path.join(repo, 'infra/test/fixtures/probe-service.cjs');

let ctx: TestContext;
const running: RunningProcess[] = [];

const producerEnv = () => ({ ...ctx.env, LOG_LEVEL: 'info', PROBE_NAME: 'probe_producer' });
const consumerEnv = () => ({
  ...ctx.env,
  LOG_LEVEL: 'info',
  PROBE_NAME: 'probe_consumer',
  PROBE_CONSUME: 'true',
  PROBE_HANDLE_DELAY_MS: '15',
});
const start = async (name: string, env: Record<string, string>, port?: number) => {
  const p = await startProcess(name, probeScript, env, port);
  running.push(p);
  return p;
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  await ctx.close();
});

it('loses no event and handles none twice when the producer and the consumers are stopped with SIGTERM mid-stream', async () => {
  let producer = await start('producer', producerEnv());
  const consumers = [await start('consumer-a', consumerEnv()), await start('consumer-b', consumerEnv())];

  // steady writes: 5 events per request, one request every 10 ms, until told to stop
  let writing = true;
  let accepted = 0;
  const writer = (async () => {
    while (writing) {
      try {
        const res = await fetch(`${producer.url}/api/user/probe/emit?count=5`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (res.ok) accepted += ((await res.json()) as { ids: string[] }).ids.length;
      } catch {
        // the producer is restarting: nothing was written
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const handled = async () => (await ctx.query<{ n: number }>('select count(*)::int as n from probe_consumer.probe_received'))[0].n;

  await eventually(async () => (await handled()) > 50, 120_000);
  // a consumer replica stops while it holds events (each takes 15 ms to handle)
  const [a, b] = consumers;
  expect(await a.stop('SIGTERM')).toBe(0);
  const a2 = await start('consumer-a', consumerEnv(), a.port);

  // progress is counted in accepted events, not waited for in milliseconds (a loaded machine is slower)
  const moreAccepted = (n: number) => {
    const from = accepted;
    return eventually(() => accepted - from >= n, 120_000);
  };

  // the producer stops while requests and outbox rows are in flight, and comes back
  await moreAccepted(50);
  expect(await producer.stop('SIGTERM')).toBe(0);
  producer = await start('producer', producerEnv(), producer.port);

  // the other consumer replica too
  await moreAccepted(50);
  expect(await b.stop('SIGTERM')).toBe(0);
  await start('consumer-b', consumerEnv(), b.port);

  await moreAccepted(100);
  writing = false;
  await writer;

  const written = await ctx.query<{ id: string }>('select id from probe_producer.outbox');
  expect(written.length).toBeGreaterThanOrEqual(accepted);
  expect(accepted).toBeGreaterThan(200);
  await eventually(async () => (await handled()) >= written.length, 120_000, 250);

  const received = await ctx.query<{ eventId: string; times: number }>(
    'select event_id as "eventId", count(*)::int as times from probe_consumer.probe_received group by event_id',
  );
  // nothing processed twice
  expect(received.filter((r) => r.times > 1)).toEqual([]);
  // nothing lost: every event the producer committed was handled, and published
  const receivedIds = new Set(received.map((r) => r.eventId));
  expect(written.filter((w) => !receivedIds.has(w.id))).toEqual([]);
  // read again: rows still in the relay's hands at the first read have been sent since
  const unsent = await ctx.query<{ id: string }>('select id from probe_producer.outbox where sent_at is null');
  expect(unsent).toEqual([]);
  expect(received.length).toBe(written.length);

  // each stop was the graceful one: drained, then exited by itself
  for (const p of [a, b]) expect(p.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  void a2;
}, 600_000);
