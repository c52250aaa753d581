import { randomUUID } from 'node:crypto';

import { createTestContext, eventually, signTestToken, type TestContext } from '@cti/testing';

import { serviceScript, startProcess, type RunningProcess } from './support/processes';

/**
 * Two replicas of identity behind the gateway, real processes from their built dist on
 * loopback. Under steady load through the gateway, each replica in turn is stopped with
 * SIGTERM and started again (a rolling restart): no request fails.
 */
let ctx: TestContext;
const running: RunningProcess[] = [];
const start = async (name: string, script: string, env: Record<string, string>, port?: number) => {
  const p = await startProcess(name, script, env, port);
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

it('restarts each of two replicas under steady load with 0 failed requests', async () => {
  const identityEnv = { ...ctx.envFor('identity'), LOG_LEVEL: 'warn', DB_POOL_SIZE: '4' };
  const a = await start('identity-a', serviceScript('identity'), identityEnv);
  const b = await start('identity-b', serviceScript('identity'), identityEnv);
  const gateway = await start('gateway', serviceScript('gateway'), {
    LOG_LEVEL: 'warn',
    IDENTITY_URL: `${a.url},${b.url}`,
    RATE_LIMIT_PER_MINUTE: '1000000',
    METRICS_TOKEN: 'rolling-restart-metrics-token',
  });

  const token = signTestToken({ sub: randomUUID() });
  const outcomes: Array<{ status: number | string; at: number }> = [];
  let loading = true;
  const client = async () => {
    while (loading) {
      try {
        const res = await fetch(`${gateway.url}/api/user/agree`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        outcomes.push({ status: res.status, at: Date.now() });
      } catch (err) {
        outcomes.push({
          status: err instanceof Error ? `${err.message} ${String((err.cause as Error | undefined)?.message ?? '')}` : String(err),
          at: Date.now(),
        });
      }
    }
  };
  const clients = Array.from({ length: 6 }, client);

  // counts of answered requests, not durations: a loaded machine answers fewer per second
  await eventually(() => outcomes.length > 100, 120_000);
  for (const replica of [a, b]) {
    const before = outcomes.length;
    expect(await replica.stop('SIGTERM')).toBe(0);
    await start(replica.name, serviceScript('identity'), identityEnv, replica.port);
    // the load goes on while the replica comes back, and after
    await eventually(() => outcomes.length - before > 100, 120_000);
  }
  loading = false;
  await Promise.all(clients);

  const failed = outcomes.filter((o) => o.status !== 200);
  expect(failed).toEqual([]);
  expect(outcomes.length).toBeGreaterThan(300);
  // the gateway did meet the restarting replicas, and sent those requests again
  const metrics = await (
    await fetch(`${gateway.url}/metrics`, { headers: { authorization: 'Bearer rolling-restart-metrics-token' } })
  ).text();
  const retried = metrics
    .split('\n')
    .filter((l) => l.startsWith('cti_gateway_upstream_retries_total{'))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  expect(retried).toBeGreaterThan(0);
}, 600_000);
