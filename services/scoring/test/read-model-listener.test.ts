import { eventually, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

/**
 * The read-model listener is a long-lived Postgres connection of its own (LISTEN). When
 * Postgres drops it (a restart, an administrator's pg_terminate_backend), the service
 * carries on from the database and listens again by itself.
 */
const scoring = serviceUnderTest(scoringService);

const listenerPids = async () =>
  (
    await scoring.ctx.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and application_name = 'scoring-read-model-listener'",
    )
  ).map((r) => r.pid);

const readiness = async () =>
  (await scoring.app.inject({ method: 'GET', url: '/health/ready' })).json() as { checks: Record<string, unknown> };

it('listens again after its connection is terminated, again and again, and stays ready', async () => {
  let [pid] = await eventually(async () => {
    const pids = await listenerPids();
    return pids.length === 1 ? pids : null;
  }, 30_000);
  for (let round = 0; round < 3; round++) {
    await scoring.ctx.query('select pg_terminate_backend($1)', [pid]);
    const next = await eventually(async () => {
      const pids = await listenerPids();
      return pids.length === 1 && pids[0] !== pid ? pids[0] : null;
    }, 30_000);
    await eventually(async () => (await readiness()).checks['read-model-listener'] === true, 30_000);
    pid = next;
  }
}, 120_000);
