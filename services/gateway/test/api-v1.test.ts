import { RoleIds, type RoleName } from '@cti/access';
import { auditService } from '@cti/audit';
import { ApiKeyMessages, ExportMessages, type ApiKeyView, type CreatedApiKey } from '@cti/contracts';
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

  it('answers 304 to If-None-Match with the ETag it gave, and a 304 costs the key nothing', async () => {
    const token = await tokenOf('reader@example.com');
    const { Key, Id } = await createKey(token, 'etags');
    const first = await v1('/group/index/list', withKey(Key));
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers.ratelimit).toBe(`"api-key";r=${RATE_LIMIT - 1};t=${String(first.headers['x-ratelimit-reset'])}`);
    for (let i = 0; i < 3; i++) {
      const again = await v1('/group/index/list', { ...withKey(Key), 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
    }
    // identity's count of the key's window: the first request alone, each 304 given back
    const counted = async () =>
      (await context.ctx.query<{ count: number }>('select count from identity.rate_limit_counters where key = $1', [`api-key:${Id}`]))[0]
        ?.count;
    await eventually(async () => (await counted()) === 1, 20_000);
  });

  it('answers HEAD with the length the GET answer has, and no body', async () => {
    const { Key } = await createKey(await tokenOf('reader@example.com'), 'heads');
    const get = await v1('/group/index/list', withKey(Key));
    const head = await gateway.inject({ method: 'HEAD', url: '/api/v1/group/index/list', headers: withKey(Key) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body));
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('refuses a missing, forged, revoked or expired key with 401, a clear text and the key’s challenge', async () => {
    const missing = await v1('/group/index/list', {});
    expect(missing.json()).toMatchObject({ statusCode: 401, message: ApiKeyMessages.missing });
    expect(missing.headers['www-authenticate']).toBe('ApiKey realm="cti"');
    for (const forged of ['cti_not-a-real-key-at-all-0000000000000000000000', 'Bearer-ish', "cti_' or 1=1 --", `cti_${'x'.repeat(5000)}`]) {
      const res = await v1('/group/index/list', withKey(forged));
      expect([res.statusCode, res.json().message, res.headers['www-authenticate']]).toEqual([
        401,
        ApiKeyMessages.invalid,
        'ApiKey realm="cti"',
      ]);
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

  it('limits each key per minute and says so on every answer: its own limit, never the address’s; 429 with Retry-After', async () => {
    await givenUser('busy@example.com', ['Standard']);
    const token = await tokenOf('busy@example.com');
    const busy = (await createKey(token, 'busy')).Key;
    const calm = (await createKey(token, 'calm')).Key;
    for (let i = 1; i <= RATE_LIMIT; i++) {
      const res = await v1('/group/index/map', withKey(busy));
      expect(res.statusCode).toBe(200);
      expect([res.headers['ratelimit-policy'], res.headers['x-ratelimit-limit'], res.headers['x-ratelimit-remaining']]).toEqual([
        `"api-key";q=${RATE_LIMIT};w=60`,
        String(RATE_LIMIT),
        String(RATE_LIMIT - i),
      ]);
    }
    const limited = await v1('/group/index/map', withKey(busy));
    expect([limited.statusCode, limited.json().message]).toEqual([429, ApiKeyMessages.rateLimited]);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect([limited.headers['x-ratelimit-limit'], limited.headers['x-ratelimit-remaining'], limited.headers['x-ratelimit-reset']]).toEqual([
      String(RATE_LIMIT),
      '0',
      String(retry),
    ]);
    expect(limited.headers.ratelimit).toBe(`"api-key";r=0;t=${retry}`);
    expect((await v1('/group/index/map', withKey(calm))).statusCode).toBe(200);
  });

  it('downloads the exports with the same narrowing as the owner’s Download buttons', async () => {
    await givenUser('exporter@example.com', ['Enhanced']);
    const enhancedToken = await tokenOf('exporter@example.com');
    const enhancedKey = (await createKey(enhancedToken, 'exports')).Key;
    const standardKey = (await createKey(await tokenOf('reader@example.com'), 'exports')).Key;
    for (const key of [enhancedKey, standardKey]) {
      const csv = await v1('/group/index/export/list?format=csv', withKey(key));
      expect([csv.statusCode, csv.headers['content-type']]).toEqual([200, expect.stringContaining('text/csv')]);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=/);
      expect(csv.body).toContain('Ireland');
      expect(csv.headers['ratelimit-policy']).toBe(`"api-key";q=${RATE_LIMIT};w=60`);
    }
    const asOwner = await gateway.inject({ method: 'GET', url: '/api/group/index/export/list?format=csv', headers: bearer(enhancedToken) });
    expect((await v1('/group/index/export/list?format=csv', withKey(enhancedKey))).body).toBe(asOwner.body);
    const xlsx = await v1('/group/index/export/asu?format=xlsx', withKey(enhancedKey));
    expect([xlsx.statusCode, xlsx.rawPayload.subarray(0, 2).toString()]).toEqual([200, 'PK']);
    // the full download is for Enhanced subscribers and members: a Standard key is refused as its owner is
    const zip = await v1('/group/index/export/everything', withKey(enhancedKey));
    expect([zip.statusCode, zip.headers['content-type'], zip.rawPayload.subarray(0, 2).toString()]).toEqual([200, 'application/zip', 'PK']);
    const refused = await v1('/group/index/export/everything', withKey(standardKey));
    expect([refused.statusCode, refused.json().message]).toEqual([403, ExportMessages.everythingForbidden]);
    // a format is required, and checked before the key is counted
    expect((await v1('/group/index/export/list', withKey(standardKey))).statusCode).toBe(400);
    expect((await v1('/group/index/export/list?format=pdf', withKey(standardKey))).statusCode).toBe(400);
  });

  it('is described in the API document, for the server it was read from', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { host: 'index.example.org' } });
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/group/index/list', '/api/v1/group/index/{groupId}', '/api/v1/group/index/export/everything']),
    );
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', name: 'X-Api-Key' });
    expect(doc.servers).toEqual([{ url: 'http://index.example.org', description: expect.any(String) }]);
    const list = doc.paths['/api/v1/group/index/list'].get;
    expect(list).toMatchObject({ operationId: 'listComplianceIndex', summary: expect.any(String) });
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '429']));
    expect(Object.keys(list.responses['200'].headers)).toEqual(expect.arrayContaining(['ETag', 'RateLimit', 'RateLimit-Policy']));
    expect(doc.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(doc.components.schemas.GroupIndexList.items.properties.Category.enum).toEqual(expect.arrayContaining(['Very High', 'Unscored']));
  });

  it('serves its reference page and the event contract to key holders', async () => {
    const page = await gateway.inject({ method: 'GET', url: '/api/v1/docs' });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('<redoc spec-url="/api/v1/openapi.json"');
    // a page under a policy of its own (security-headers.test.ts): its own scripts only, nothing inline
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/<script>|<style|style="/);
    const bundle = await gateway.inject({ method: 'GET', url: '/api/v1/docs/redoc.standalone.js' });
    expect([bundle.statusCode, bundle.headers['content-type']]).toEqual([200, 'application/javascript; charset=utf-8']);

    const { Key } = await createKey(await tokenOf('reader@example.com'), 'events');
    const contract = await v1('/asyncapi.json', withKey(Key));
    expect(contract.statusCode).toBe(200);
    expect(Object.keys(contract.json().channels)).toEqual(expect.arrayContaining(['audit.entry.recorded', 'scoring.scores.saved']));
    expect(contract.body).not.toContain('evt.identity.');
    expect((await v1('/asyncapi.json', {})).statusCode).toBe(401);
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
