import { RoleIds } from '@cti/access';
import { identityService } from '@cti/identity';
import { appendToOutbox, type ServiceApp } from '@cti/service-kit';
import { createAdminThroughIdentity, eventually, signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';

const identity = serviceUnderTest(identityService);
let audit: ServiceApp;
const adminToken = signTestToken({ sub: 'admin-1', roles: [RoleIds.Admin], isAdmin: true, name: 'Ada Admin' });

beforeAll(async () => {
  audit = await identity.ctx.start(auditService);
  await createAdminThroughIdentity(identity.app, { email: 'ada@example.com', password: 'a long password' });
});

const today = () => new Date().toISOString().slice(0, 10);
const report = (body: object, token = adminToken) =>
  audit.inject({ method: 'POST', url: '/api/report/audit', headers: { authorization: `Bearer ${token}` }, payload: body });

it('stores a login published by identity as a Login row of the audit report', async () => {
  const res = await identity.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { Email: 'ada@example.com', Password: 'a long password' },
  });
  expect(res.statusCode).toBe(200);
  const rows = await eventually(async () => {
    const r = (await report({ start: today(), end: today(), actions: ['Login'] })).json();
    return r.Rows?.length ? r.Rows : null;
  });
  expect(rows[0]).toMatchObject({ Action: 'Login', Name: 'Ada Admin', Value: 'ada@example.com logged in' });
});

it('is for admins only', async () => {
  const viewer = signTestToken({ sub: 'viewer-1', roles: [RoleIds.CountryViewer] });
  expect((await report({ start: today(), end: today() }, viewer)).statusCode).toBe(403);
  expect((await audit.inject({ method: 'POST', url: '/api/report/audit', payload: { start: today(), end: today() } })).statusCode).toBe(
    401,
  );
});

it('escapes user text in descriptions', async () => {
  await identity.app.inTransaction((trx) =>
    appendToOutbox(trx, {
      type: 'evt.identity.group.created',
      actor: null,
      data: { groupId: 'g-1', name: '<img src=x onerror=alert(1)>', type: 'Country', countryId: null, logoPath: null },
    }),
  );
  const rows = await eventually(async () => {
    const r = (await report({ start: today(), end: today(), actions: ['Group Created'], values: ['img'] })).json();
    return r.Rows?.length ? r.Rows : null;
  });
  expect(rows[0].Value).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(rows[0].Value).not.toContain('<img');
});

it('filters by date range: yesterday holds nothing of today', async () => {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const answer = (await report({ start: yesterday, end: yesterday })).json();
  expect(answer).toEqual({ Rows: [], Total: 0, TotalCapped: false, Page: 1, PageSize: 20 });
});
