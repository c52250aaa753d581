import { auditService } from '@cti/audit';
import { identityService } from '@cti/identity';
import type { ServiceApp } from '@cti/service-kit';
import { createAdminThroughIdentity, eventually, testContextForTests, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';

/** Test accounts choose their password like anyone (the demo password is for the seeded demo accounts only). */
const PASSWORD = 'gateway-test-password';
const context = testContextForTests();
let gateway: ServiceApp;

beforeAll(async () => {
  // no grace window: a spent refresh token presented again is a replay at once
  const identity = await context.ctx.start(identityService, { REFRESH_REUSE_GRACE_SECONDS: '0' });
  const audit = await context.ctx.start(auditService);
  await identity.listen({ port: 0, host: '127.0.0.1' });
  await audit.listen({ port: 0, host: '127.0.0.1' });
  await createAdminThroughIdentity(identity, { email: 'admin@example.com', password: PASSWORD });
  gateway = await context.ctx.start(gatewayService, { IDENTITY_URL: urlOf(identity), AUDIT_URL: urlOf(audit) });
});

it('logs in through the gateway and finds the login in the audit report', async () => {
  const login = await gateway.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { Email: 'admin@example.com', Password: PASSWORD },
  });
  expect([login.statusCode, login.body.slice(0, 80)]).toEqual([200, expect.stringContaining('Username')]);
  // answers name no internals: which service served them stays inside
  expect(login.headers['x-served-by']).toBeUndefined();
  const { Token } = login.json();
  const today = new Date().toISOString().slice(0, 10);
  const rows = await eventually(async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/report/audit',
      headers: { authorization: `Bearer ${Token}` },
      payload: { start: today, end: today },
    });
    const rows: Array<{ Action: string; Name: string }> = res.json().Rows ?? [];
    return rows.some((r) => r.Action === 'Login') ? rows.filter((r) => r.Action === 'Login') : null;
  });
  expect(rows[0].Name).toBe('Ada Admin');
});

it('serves the dev mailbox through the gateway to a browser on this machine only, whatever a client claims', async () => {
  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    gateway.inject({ method: 'GET', url: '/api/mail/dev/messages', remoteAddress, headers });
  expect((await mailbox('127.0.0.1')).statusCode).toBe(200);
  expect((await mailbox('192.168.1.20')).statusCode).toBe(404);
  expect((await mailbox('192.168.1.20', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
});

it('a replayed refresh token ends its session: its access tokens answer 401 through the gateway, on every service, within seconds', async () => {
  const signIn = await gateway.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { Email: 'admin@example.com', Password: PASSWORD },
  });
  const stolen = signIn.json<{ Token: string; RefreshToken: string }>();
  const refresh = (token: string) => gateway.inject({ method: 'POST', url: '/api/user/refresh', payload: { token } });
  const thief = (await refresh(stolen.RefreshToken)).json<{ Token: string }>();
  const today = new Date().toISOString().slice(0, 10);
  // one route of identity and one of another service (audit)
  const reads = (token: string) => [
    gateway.inject({ method: 'GET', url: '/api/group/countries', headers: { authorization: `Bearer ${token}` } }),
    gateway.inject({
      method: 'POST',
      url: '/api/report/audit',
      headers: { authorization: `Bearer ${token}` },
      payload: { start: today, end: today },
    }),
  ];
  expect((await Promise.all(reads(thief.Token))).map((r) => r.statusCode)).toEqual([200, 200]);
  expect((await refresh(stolen.RefreshToken)).statusCode).toBe(401);
  await eventually(async () => {
    const answers = await Promise.all([...reads(thief.Token), ...reads(stolen.Token)]);
    return answers.every((r) => r.statusCode === 401);
  });
});
