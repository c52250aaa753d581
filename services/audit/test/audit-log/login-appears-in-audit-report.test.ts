import { RoleIds } from '@cti/access';
import { sql } from '@cti/db';
import { identityService } from '@cti/identity';
import { appendToOutbox, type ServiceApp } from '@cti/service-kit';
import { createAdminThroughIdentity, eventually, signTestToken, serviceUnderTest } from '@cti/testing';

import * as userEmailsMigration from '../../migrations/20261211090000_user_emails';
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

describe('the account a login, logout or agreement names', () => {
  /** Publishes identity's event through its outbox, as identity does. */
  const publish = (event: Parameters<typeof appendToOutbox>[1]) => identity.app.inTransaction((trx) => appendToOutbox(trx, event));
  const valuesOf = async (values: string[], count: number) =>
    eventually(async () => {
      const r = (await report({ start: today(), end: today(), values })).json();
      return r.Rows?.length >= count
        ? (r.Rows as Array<{ Action: string; Value: string }>).map((row) => row.Value.replace(/\s+/g, ' ')).reverse()
        : null;
    });
  const user = (userId: string, email: string) => ({ userId, email, name: 'Lee Lessor', roles: [], groupIds: [] });
  const actor = (userId: string) => ({ userId, name: 'Lee Lessor', groupNames: [] });

  it('is named by the address identity last gave for the user, though the events carry none', async () => {
    await publish({ type: 'evt.identity.user.created', actor: null, data: user('u-lee', 'lee@lessor.example') });
    await publish({ type: 'evt.identity.user.loggedIn', actor: actor('u-lee'), data: { userId: 'u-lee', free: false } });
    await publish({ type: 'evt.identity.user.agreed', actor: actor('u-lee'), data: { userId: 'u-lee' } });
    await publish({
      type: 'evt.identity.user.updated',
      actor: null,
      data: { ...user('u-lee', 'lee@bank.example'), organizationName: 'Bank', disabled: false },
    });
    await publish({
      type: 'evt.identity.user.loggedOut',
      actor: actor('u-lee'),
      data: { userId: 'u-lee', free: false, allSessions: false },
    });
    expect(await valuesOf(['lee@'], 5)).toEqual([
      'Created user <b>Lee Lessor</b> (lee@lessor.example) with roles none',
      'lee@lessor.example logged in',
      'lee@lessor.example agreed to the Terms and Conditions',
      'Updated user <b>Lee Lessor</b> (lee@bank.example), Bank: roles none',
      'lee@bank.example logged out',
    ]);
  });

  it('reads the address older events still carry', async () => {
    await publish({
      type: 'evt.identity.user.loggedIn',
      actor: actor('u-old'),
      data: { userId: 'u-old', email: 'old@lessor.example', free: true },
    });
    await publish({ type: 'evt.identity.user.loggedOut', actor: actor('u-old'), data: { userId: 'u-old', free: true } });
    expect(await valuesOf(['old@lessor.example'], 2)).toEqual([
      'old@lessor.example logged in with free access',
      'old@lessor.example logged out',
    ]);
  });

  it('is named by its id when audit never heard of its address', async () => {
    await publish({ type: 'evt.identity.user.loggedIn', actor: actor('u-unheard'), data: { userId: 'u-unheard', free: false } });
    expect(await valuesOf(['u-unheard'], 1)).toEqual(['user u-unheard logged in']);
  });

  it('is named after an upgrade by the address of its earlier logins and agreements (the migration)', async () => {
    await publish({
      type: 'evt.identity.user.loggedIn',
      actor: actor('u-before'),
      data: { userId: 'u-before', email: 'before@lessor.example', free: false },
    });
    await valuesOf(['before@lessor.example'], 1);
    // as the migration found it: rows recorded, no address kept
    await sql`drop table user_emails`.execute(audit.db);
    await userEmailsMigration.up(audit.db);
    const kept = await sql<{ email: string }>`select email from user_emails where user_id = 'u-before'`.execute(audit.db);
    expect(kept.rows).toEqual([{ email: 'before@lessor.example' }]);
    await publish({ type: 'evt.identity.user.loggedIn', actor: actor('u-before'), data: { userId: 'u-before', free: false } });
    expect(await valuesOf(['before@lessor.example'], 2)).toEqual(['before@lessor.example logged in', 'before@lessor.example logged in']);
  });
});
