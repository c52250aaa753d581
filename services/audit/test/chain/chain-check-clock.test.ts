import { dataAccessOf, fixedClock } from '@cti/service-kit';
import { eventually, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { ChainChecks } from '../../src/chain/chain-check';
import { DEV_CHAIN_KEY } from '../../src/config';
import { actor, adminToken, envelope, publish, waitForRows } from '../support/audit-test-kit';

const clock = fixedClock('2031-03-01T09:00:00.000Z');
const audit = serviceUnderTest(auditService, { clock, contextEnv: { AUDIT_CHAIN_CHECK_EVERY_MINUTES: '0' } });

beforeAll(async () => {
  await publish(
    audit.app,
    envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: 'rory@example.com', free: false }, actor('Rory')),
  );
  await waitForRows(audit.app, 1);
});

const latest = async () =>
  (await audit.app.inject({ method: 'GET', url: '/api/report/audit/verify', headers: { authorization: `Bearer ${adminToken}` } })).json<{
    State: string;
    StartedAt: string;
    FinishedAt: string | null;
    Valid: boolean | null;
  }>();

it('dates a chain check by the service clock, from its start to its outcome', async () => {
  const started = await audit.app.inject({
    method: 'POST',
    url: '/api/report/audit/verify',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(started.statusCode).toBe(202);
  expect(Date.parse(started.json<{ StartedAt: string }>().StartedAt)).toBe(Date.parse('2031-03-01T09:00:00.000Z'));
  const done = await eventually(async () => {
    const check = await latest();
    return check.State === 'Done' ? check : null;
  }, 30_000);
  expect(done.Valid).toBe(true);
  expect(Date.parse(done.FinishedAt!)).toBe(Date.parse('2031-03-01T09:00:00.000Z'));
}, 60_000);

it('starts the scheduled check when a period has passed on the service clock since the last one began', async () => {
  const checks = new ChainChecks({ ...dataAccessOf(audit.app), log: audit.app.log }, DEV_CHAIN_KEY);
  const day = 86_400_000;
  // the check above began at 09:00 on the clock: a day later to the millisecond it is not yet due
  clock.set('2031-03-02T08:59:59.999Z');
  expect(await checks.startIfDue(day)).toBeNull();
  clock.set('2031-03-02T09:00:00.000Z');
  const next = await checks.startIfDue(day);
  expect(next).not.toBeNull();
  expect(Date.parse(next!.StartedAt)).toBe(Date.parse('2031-03-02T09:00:00.000Z'));
  await checks.stop();
}, 60_000);
