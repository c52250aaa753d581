import { RoleIds } from '@cti/access';
import { auditService } from '@cti/audit';
import { gatewayService, UPSTREAMS } from '@cti/gateway';
import {
  createAdminThroughIdentity,
  createTestContext,
  eventually,
  natsCredentialsOf,
  signTestToken,
  urlOf,
  type TestContext,
} from '@cti/testing';

import { startPlatform, type Platform } from './support/platform';

/**
 * The whole platform on a NATS server with the deployment's users (libs/events bus-access.ts),
 * each service connecting as its own user: its relay publishes its own events, its durables are
 * the ones its user may create, and events cross from one service to another as in production.
 */
let ctx: TestContext;
let platform: Platform;
beforeAll(async () => {
  ctx = await createTestContext();
  platform = await startPlatform(ctx);
}, 240_000);
afterAll(() => ctx?.close());

const adminToken = () => signTestToken({ sub: 'admin-1', roles: [RoleIds.Admin], isAdmin: true, name: 'Ada Admin' });
const today = () => new Date().toISOString().slice(0, 10);

it('readies every service, and the gateway, each on its own NATS user', async () => {
  for (const name of UPSTREAMS) {
    const res = await platform[name].inject({ method: 'GET', url: '/health/ready' });
    expect([name, res.statusCode]).toEqual([name, 200]);
  }
  const urls = Object.fromEntries(UPSTREAMS.map((name) => [`${name.toUpperCase()}_URL`, urlOf(platform[name])]));
  const gateway = await ctx.start(gatewayService, urls, { ownNatsUser: true });
  await eventually(async () => (await gateway.inject({ method: 'GET', url: '/health/ready' })).statusCode === 200, 30_000);
});

it('carries a login published by identity into the audit log, each service on its own user', async () => {
  await createAdminThroughIdentity(platform.identity, { email: 'ada@example.com', password: 'a long password' });
  const login = await platform.identity.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { Email: 'ada@example.com', Password: 'a long password' },
  });
  expect(login.statusCode).toBe(200);
  const rows = await eventually(async () => {
    const res = await platform.audit.inject({
      method: 'POST',
      url: '/api/report/audit',
      headers: { authorization: `Bearer ${adminToken()}` },
      payload: { start: today(), end: today(), actions: ['Login'] },
    });
    const body = res.json<{ Rows?: unknown[] }>();
    return body.Rows?.length ? body.Rows : null;
  }, 60_000);
  expect(rows[0]).toMatchObject({ Action: 'Login', Value: 'ada@example.com logged in' });
});

it('refuses to start a service on another service’s user: its durable is not that user’s to make', async () => {
  const identity = natsCredentialsOf('identity');
  // a second audit process in the same context, connecting with identity's credentials
  await expect(ctx.start(auditService, { NATS_USER: identity.user, NATS_PASSWORD: identity.password })).rejects.toThrow();
});
