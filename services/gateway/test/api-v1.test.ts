import { RoleIds, type RoleName } from '@cti/access';
import { auditService } from '@cti/audit';
import { ApiKeyMessages, type ApiKeyView, type CreatedApiKey } from '@cti/contracts';
import { identityService } from '@cti/identity';
import { scoringService } from '@cti/scoring';
import type { ServiceApp } from '@cti/service-kit';
import {
  announceWorld,
  createUserThroughIdentity,
  eventually,
  saveScores,
  scoreInputs as inputs,
  scoringAnswersForOpen,
  serviceCaller,
  testContextForTests,
  urlOf,
  type World,
} from '@cti/testing';

import { gatewayService } from '../src/app';

const RATE_LIMIT = 40;

const context = testContextForTests();
/** Test accounts choose their password like anyone (the demo password is for the seeded demo accounts only). */
const PASSWORD = 'gateway-test-password';
let gateway: ServiceApp;
let identity: ServiceApp;
let world: World;

async function givenUser(email: string, roles: RoleName[]): Promise<string> {
  const user = await createUserThroughIdentity(identity, {
    email,
    password: PASSWORD,
    roleIds: roles.map((r) => RoleIds[r]),
  });
  return user.id;
}

async function tokenOf(email: string): Promise<string> {
  const res = await gateway.inject({ method: 'POST', url: '/api/user/login', payload: { Email: email, Password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json<{ Token: string }>().Token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const withKey = (key: string) => ({ authorization: `ApiKey ${key}` });

async function createKey(token: string, Name = 'model', ExpiresOn?: string): Promise<CreatedApiKey> {
  const res = await gateway.inject({ method: 'POST', url: '/api/user/apiKeys', headers: bearer(token), payload: { Name, ExpiresOn } });
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  return res.json();
}

const v1 = (path: string, headers: Record<string, string>, method: 'GET' | 'POST' | 'DELETE' | 'PUT' = 'GET') =>
  gateway.inject({ method, url: `/api/v1${path}`, headers });

beforeAll(async () => {
  identity = await context.ctx.start(identityService, { API_KEY_REQUESTS_PER_MINUTE: String(RATE_LIMIT), LOGIN_FAILURES_PER_IP: '1000' });
  const audit = await context.ctx.start(auditService);
  const scoring = await context.ctx.start(scoringService);
  for (const app of [identity, audit, scoring]) await app.listen({ port: 0, host: '127.0.0.1' });
  world = await announceWorld(
    scoring,
    [
      ['Ireland', 'IE'],
      ['United Kingdom', 'GB'],
    ],
    ['2024 1st Q'],
    {
      settled: scoringAnswersForOpen(scoring),
      duringPeriod: async (period, w) => {
        await saveScores(scoring, w.questionnaires[`IE:${period}`]!, { ...inputs(4), QualifyingDeclarations: true });
        await saveScores(scoring, w.questionnaires[`GB:${period}`]!, { ...inputs(5), QualifyingDeclarations: true });
      },
    },
  );
  gateway = await context.ctx.start(gatewayService, {
    IDENTITY_URL: urlOf(identity),
    AUDIT_URL: urlOf(audit),
    SCORING_URL: urlOf(scoring),
  });
  await givenUser('admin@example.com', ['Admin']);
  // the index is served once scoring has built it
  const admin = await tokenOf('admin@example.com');
  await eventually(
    async () => (await gateway.inject({ method: 'GET', url: '/api/group/index/list', headers: bearer(admin) })).statusCode === 200,
    30_000,
  );
});

describe('keys on My account', () => {
  it('a Standard subscriber creates a named key shown once; the list shows its prefix, never the key', async () => {
    await givenUser('standard@example.com', ['Standard']);
    const token = await tokenOf('standard@example.com');
    const created = await createKey(token, '  Pricing model  ', '2099-12-31');
    expect(created).toMatchObject({ Name: 'Pricing model', ExpiresOn: '2099-12-31', RevokedAt: null, LastUsedOn: null });
    expect(created.Key).toMatch(/^cti_[A-Za-z0-9_-]{40,}$/);
    expect(created.Key.startsWith(created.Prefix)).toBe(true);
    const list = await gateway.inject({ method: 'GET', url: '/api/user/apiKeys', headers: bearer(token) });
    expect(list.json()).toEqual([{ ...created, Key: undefined }].map(({ Key: _key, ...view }) => view));
    expect(list.body).not.toContain(created.Key);
    const stored = await context.ctx.query<{ key_hash: string }>('select key_hash from identity.api_keys where id = $1', [created.Id]);
    expect(stored[0]!.key_hash).not.toContain(created.Key.slice(4));
  });

  it('refuses users who are not entitled (a country viewer) with a clear text', async () => {
    await givenUser('viewer@example.com', ['CountryViewer']);
    const token = await tokenOf('viewer@example.com');
    for (const res of [
      await gateway.inject({ method: 'POST', url: '/api/user/apiKeys', headers: bearer(token), payload: { Name: 'x' } }),
      await gateway.inject({ method: 'GET', url: '/api/user/apiKeys', headers: bearer(token) }),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([403, ApiKeyMessages.notEntitled]);
    }
  });

  it('refuses an empty name and an expiry in the past', async () => {
    const token = await tokenOf('standard@example.com');
    const blank = await gateway.inject({ method: 'POST', url: '/api/user/apiKeys', headers: bearer(token), payload: { Name: '  \t ' } });
    expect([blank.statusCode, blank.json().message]).toEqual([400, ApiKeyMessages.nameRequired]);
    const nul = await gateway.inject({ method: 'POST', url: '/api/user/apiKeys', headers: bearer(token), payload: { Name: 'a\u0000b' } });
    expect([nul.statusCode, nul.json().message]).toEqual([400, expect.stringContaining('NUL')]);
    const past = await gateway.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: bearer(token),
      payload: { Name: 'old', ExpiresOn: '2020-01-01' },
    });
    expect([past.statusCode, past.json().message]).toEqual([400, ApiKeyMessages.expiryInPast]);
  });
});

describe('/api/v1 with a key', () => {
  it('reads the index list, a scorecard and the map exactly as its owner reads them, with either header', async () => {
    await givenUser('reader@example.com', ['Standard']);
    const token = await tokenOf('reader@example.com');
    const { Key } = await createKey(token);
    const ie = world.countries.IE!.groupId;
    for (const path of ['/group/index/list', `/group/index/${ie}`, '/group/index/map', '/group/index/history']) {
      const asOwner = await gateway.inject({ method: 'GET', url: `/api${path}`, headers: bearer(token) });
      const byKey = await v1(path, withKey(Key));
      const byHeader = await v1(path, { 'x-api-key': Key });
      expect([path, byKey.statusCode, byHeader.statusCode]).toEqual([path, asOwner.statusCode, asOwner.statusCode]);
      expect(byKey.json()).toEqual(asOwner.json());
    }
  });

  it('answers 304 to If-None-Match with the ETag it gave', async () => {
    const token = await tokenOf('reader@example.com');
    const { Key } = await createKey(token, 'etags');
    const first = await v1('/group/index/list', withKey(Key));
    expect(first.headers.etag).toBeTruthy();
    const again = await v1('/group/index/list', { ...withKey(Key), 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a missing, forged, revoked or expired key with 401 and a clear text', async () => {
    expect((await v1('/group/index/list', {})).json()).toMatchObject({ statusCode: 401, message: ApiKeyMessages.missing });
    for (const forged of ['cti_not-a-real-key-at-all-0000000000000000000000', 'Bearer-ish', "cti_' or 1=1 --", `cti_${'x'.repeat(5000)}`]) {
      const res = await v1('/group/index/list', withKey(forged));
      expect([res.statusCode, res.json().message]).toEqual([401, ApiKeyMessages.invalid]);
    }
    const token = await tokenOf('reader@example.com');
    const revoked = await createKey(token, 'to revoke');
    expect((await v1('/group/index/list', withKey(revoked.Key))).statusCode).toBe(200);
    const del = await gateway.inject({ method: 'DELETE', url: `/api/user/apiKeys/${revoked.Id}`, headers: bearer(token) });
    expect(del.json<ApiKeyView>().RevokedAt).toBeTruthy();
    // the very next request: nothing is cached
    expect((await v1('/group/index/list', withKey(revoked.Key))).json()).toMatchObject({
      statusCode: 401,
      message: ApiKeyMessages.invalid,
    });

    const expiring = await createKey(token, 'expiring');
    await context.ctx.query(`update identity.api_keys set expires_on = current_date - 1 where id = $1`, [expiring.Id]);
    expect((await v1('/group/index/list', withKey(expiring.Key))).json()).toMatchObject({
      statusCode: 401,
      message: ApiKeyMessages.invalid,
    });
  });

  it('never writes: other methods answer 405, and key tokens are refused on writes by the services themselves', async () => {
    const token = await tokenOf('reader@example.com');
    const { Key } = await createKey(token, 'writes');
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await v1('/group/index/list', withKey(Key), method);
      expect([method, res.statusCode, res.headers.allow, res.json().message]).toEqual([method, 405, 'GET, HEAD', ApiKeyMessages.readOnly]);
    }
    // a token minted for the key, presented straight to a service's write route
    const resolved = await identity.inject({
      method: 'POST',
      url: '/internal/api-keys/resolve',
      headers: serviceCaller,
      payload: { key: Key },
    });
    const write = await identity.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: bearer(resolved.json().token),
      payload: { Name: 'sneaky' },
    });
    expect([write.statusCode, write.json().message]).toEqual([403, ApiKeyMessages.readOnly]);
  });

  it('reaches only the allow-listed read routes: not accounts, admin routes or other services', async () => {
    const adminKey = (await createKey(await tokenOf('admin@example.com'), 'admin key')).Key;
    for (const path of ['/user/apiKeys', '/group/index/scoring/x', '/report/audit', '/user/paymentDetails/admin', '/roles']) {
      const res = await v1(path, withKey(adminKey));
      expect([path, res.statusCode]).toEqual([path, 404]);
    }
    // a dot-segment leaves /api/v1 altogether: the key is no bearer token there
    expect((await v1('/../user/apiKeys', withKey(adminKey))).statusCode).toBe(401);
    // a reserved word where a country id goes is refused before any service sees it
    const countries = await v1('/group/index/countries', withKey(adminKey));
    expect(countries.statusCode).toBe(400);
  });

  it('narrows at once when a role expires, and stops when no entitled role is left', async () => {
    const userId = await givenUser('enhanced@example.com', ['Enhanced', 'Standard']);
    const { Key } = await createKey(await tokenOf('enhanced@example.com'), 'history');
    const scores = `/group/index/${world.countries.IE!.groupId}/scores`;
    expect((await v1(scores, withKey(Key))).statusCode).toBe(200);
    await context.ctx.query(`update identity.user_roles set expires_on = now() - interval '1 second' where user_id = $1 and role_id = $2`, [
      userId,
      RoleIds.Enhanced,
    ]);
    // Standard subscribers see no score history: the next request already reads as Standard
    expect((await v1(scores, withKey(Key))).statusCode).toBe(403);
    expect((await v1('/group/index/list', withKey(Key))).statusCode).toBe(200);
    await context.ctx.query(`update identity.user_roles set expires_on = now() - interval '1 second' where user_id = $1`, [userId]);
    expect((await v1('/group/index/list', withKey(Key))).json()).toMatchObject({ statusCode: 403, message: ApiKeyMessages.notEntitled });
  });

  it('limits each key per minute: 429 with Retry-After, other keys unaffected', async () => {
    await givenUser('busy@example.com', ['Standard']);
    const token = await tokenOf('busy@example.com');
    const busy = (await createKey(token, 'busy')).Key;
    const calm = (await createKey(token, 'calm')).Key;
    for (let i = 0; i < RATE_LIMIT; i++) expect((await v1('/group/index/map', withKey(busy))).statusCode).toBe(200);
    const limited = await v1('/group/index/map', withKey(busy));
    expect([limited.statusCode, limited.json().message]).toEqual([429, ApiKeyMessages.rateLimited]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await v1('/group/index/map', withKey(calm))).statusCode).toBe(200);
  });

  it('is described in the API document', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/group/index/list', '/api/v1/group/index/{groupId}']));
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'X-Api-Key' });
  });
});

describe('admins and the audit log', () => {
  it('an admin lists and revokes any user’s keys; others’ keys are not found for a non-admin', async () => {
    const ownerId = await givenUser('owned@example.com', ['AWGMember']);
    const key = await createKey(await tokenOf('owned@example.com'), 'owned');
    const other = await tokenOf('reader@example.com');
    const notMine = await gateway.inject({ method: 'DELETE', url: `/api/user/apiKeys/${key.Id}`, headers: bearer(other) });
    expect([notMine.statusCode, notMine.json().message]).toEqual([404, ApiKeyMessages.notFound]);
    expect((await gateway.inject({ method: 'GET', url: `/api/user/apiKeys/of/${ownerId}`, headers: bearer(other) })).statusCode).toBe(403);

    const admin = await tokenOf('admin@example.com');
    const listed = await gateway.inject({ method: 'GET', url: `/api/user/apiKeys/of/${ownerId}`, headers: bearer(admin) });
    expect(listed.json<ApiKeyView[]>().map((k) => k.Id)).toEqual([key.Id]);
    const revoked = await gateway.inject({ method: 'DELETE', url: `/api/user/apiKeys/${key.Id}`, headers: bearer(admin) });
    expect(revoked.statusCode).toBe(200);
    expect((await v1('/group/index/list', withKey(key.Key))).statusCode).toBe(401);
  });

  it('records creation, the first use of the day (once) and revocation as audit rows', async () => {
    await givenUser('audited@example.com', ['Standard']);
    const token = await tokenOf('audited@example.com');
    const key = await createKey(token, 'audited key');
    await v1('/group/index/list', withKey(key.Key));
    await v1('/group/index/map', withKey(key.Key));
    await gateway.inject({ method: 'DELETE', url: `/api/user/apiKeys/${key.Id}`, headers: bearer(token) });
    const admin = await tokenOf('admin@example.com');
    const today = new Date().toISOString().slice(0, 10);
    const rows = await eventually(async () => {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/report/audit',
        headers: bearer(admin),
        payload: { start: today, end: today },
      });
      const all: Array<{ Action: string; Value: string }> = res.json().Rows ?? [];
      const mine = all.filter((r) => r.Value.includes(key.Prefix));
      return mine.some((r) => r.Action === 'API Key Revoked') ? mine : null;
    }, 30_000);
    expect(rows.map((r) => r.Action).sort()).toEqual(['API Key Created', 'API Key Revoked', 'API Key Used']);
  });
});
