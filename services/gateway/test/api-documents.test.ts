import fs from 'node:fs';
import path from 'node:path';

import { RoleIds } from '@cti/access';
import { ASYNCAPI_FILE, EventSchemas, INTEGRATION_EVENT_TYPES } from '@cti/contracts';
import { notificationsService } from '@cti/notifications';
import type { ServiceApp } from '@cti/service-kit';
import { signTestToken, testContextForTests, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';

const context = testContextForTests();
let gateway: ServiceApp;
let notifications: ServiceApp;
const admin = signTestToken({ sub: 'a', roles: [RoleIds.Admin], isAdmin: true });
const standard = signTestToken({ sub: 's', roles: [RoleIds.Standard] });
const enhanced = signTestToken({ sub: 'e', roles: [RoleIds.Enhanced] });
const viewer = signTestToken({ sub: 'v', roles: [RoleIds.CountryViewer] });
const committed = () =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../libs/contracts', ASYNCAPI_FILE), 'utf8')) as Record<string, unknown>;
type AsyncApi = { servers: Record<string, { host: string; protocol: string }>; channels: Record<string, { address: string }> };
const get = (url: string, token?: string) =>
  gateway.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  notifications = await context.ctx.start(notificationsService);
  await notifications.listen({ port: 0, host: '127.0.0.1' });
  gateway = await context.ctx.start(gatewayService, {
    NOTIFICATIONS_URL: urlOf(notifications),
    // nothing answers here
    AUDIT_URL: 'http://127.0.0.1:9',
    EVENTS_PUBLIC_URL: 'tls://events.cti.example:4222',
  });
});

it('serves admins the AsyncAPI document of every event subject, as committed, with this environment’s server', async () => {
  const res = await get('/api/documentation/asyncapi', admin);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  const doc = res.json<AsyncApi>();
  expect(doc).toMatchObject({ ...committed(), servers: expect.any(Object), components: expect.any(Object) });
  expect(doc.servers).toEqual({ test: expect.objectContaining({ host: 'events.cti.example:4222', protocol: 'nats+tls' }) });
  expect(
    Object.values(doc.channels)
      .map((c) => c.address)
      .sort(),
  ).toEqual(Object.keys(EventSchemas).sort());
});

it('serves everyone who may hold API keys the contract of the subjects the integrations account reads', async () => {
  for (const token of [standard, enhanced]) {
    const res = await get('/api/documentation/asyncapi', token);
    expect(res.statusCode).toBe(200);
    const doc = res.json<AsyncApi>();
    expect(
      Object.values(doc.channels)
        .map((c) => c.address)
        .sort(),
    ).toEqual([...INTEGRATION_EVENT_TYPES].sort());
    expect(doc.servers).toEqual({ test: expect.objectContaining({ host: 'events.cti.example:4222' }) });
    expect(res.body).not.toContain('evt.identity.user.loggedIn');
  }
  // who may hold no key is told so
  expect((await get('/api/documentation/asyncapi', viewer)).statusCode).toBe(403);
});

it('serves admins each service’s OpenAPI document next to it, and lists them', async () => {
  expect((await get('/api/documentation', admin)).json()).toEqual({
    OpenApi: expect.arrayContaining([{ Service: 'notifications', Url: '/api/documentation/openapi/notifications' }]),
    AsyncApi: '/api/documentation/asyncapi',
  });
  const openapi = await get('/api/documentation/openapi/notifications', admin);
  expect(openapi.statusCode).toBe(200);
  expect(Object.keys(openapi.json().paths)).toEqual(
    expect.arrayContaining(['/api/follow', '/api/follow/{groupId}', '/api/notifications/list']),
  );
  expect((await get('/api/documentation/openapi/audit', admin)).json()).toMatchObject({
    statusCode: 502,
    message: 'The audit service did not answer.',
  });
  expect((await get('/api/documentation/openapi/nothing', admin)).statusCode).toBe(404);
});

it('serves the list and the OpenAPI documents to admins only', async () => {
  for (const url of ['/api/documentation', '/api/documentation/openapi/notifications']) {
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, standard)).statusCode).toBe(403);
  }
  expect((await get('/api/documentation/asyncapi')).statusCode).toBe(401);
});

it('routes the notifications paths to the notifications service', async () => {
  // the answer names no service (no x-served-by): it is the one notifications gives, and only notifications answers here
  for (const url of ['/api/notifications/unread-count', '/api/follow']) {
    const direct = await notifications.inject({ method: 'GET', url });
    const res = await get(url);
    expect([res.statusCode, res.json()]).toEqual([401, direct.json()]);
  }
});
