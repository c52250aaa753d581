import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cti/demo-data';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';
import { seedDemoData } from '../src/seed/seed-demo-data';

import { login } from './helpers';

const identity = serviceUnderTest(identityService, { env: { DEMO_DATA: 'true', LOGIN_FAILURES_PER_IP: '1000' } });

const counts = async () =>
  (
    await identity.ctx.query(
      `select (select count(*) from identity.users) u, (select count(*) from identity.groups) g, (select count(*) from identity.access_requests) r, (select count(*) from identity.outbox) e`,
    )
  )[0];

it('signs every demo account in with the demo password', async () => {
  for (const account of DEMO_ACCOUNTS) expect((await login(identity.app, account.email, DEMO_PASSWORD)).statusCode).toBe(200);
});

it('seeds calculator groups and access requests waiting in the queue', async () => {
  const groups = await identity.ctx.query(`select name from identity.groups where country_id is null order by name`);
  expect(groups.map((g) => g.name)).toEqual(['AWG Members', 'Demo Airlines ACC', 'Demo Lessors ACC']);
  const requests = await identity.ctx.query(`select email, status from identity.access_requests order by email`);
  expect(requests).toEqual([
    { email: 'carbon.buyer@example.net', status: 'In Progress' },
    { email: 'new.lessor@example.org', status: 'In Progress' },
  ]);
});

it('changes nothing when run again', async () => {
  const before = await counts();
  await seedDemoData(identity.app);
  const after = await counts();
  expect({ u: after.u, g: after.g, r: after.r }).toEqual({ u: before.u, g: before.g, r: before.r });
});
