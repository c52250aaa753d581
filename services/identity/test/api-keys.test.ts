import { RoleIds, READ_ONLY_SCOPE } from '@cti/access';
import { ApiKeyMessages, MAX_API_KEYS_PER_USER, type AccessClaims, type CreatedApiKey } from '@cti/contracts';
import { signTestToken, serviceCaller, serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { bearer, givenGroup, givenUser, outboxEvents, sessionOf } from './helpers';

const LIMIT = 5;

const identity = serviceUnderTest(identityService, { env: { API_KEY_REQUESTS_PER_MINUTE: String(LIMIT), LOGIN_FAILURES_PER_IP: '1000' } });

async function createKey(email: string, Name = 'key'): Promise<CreatedApiKey> {
  const res = await identity.app.inject({
    method: 'POST',
    url: '/api/user/apiKeys',
    headers: bearer(await sessionOf(identity.app, email)),
    payload: { Name },
  });
  if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

const resolve = (key: string) =>
  identity.app.inject({ method: 'POST', url: '/internal/api-keys/resolve', headers: serviceCaller, payload: { key } });
/** The claims of a token (its signature is the services' business; here only what it carries). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims;

describe('resolving a key (the gateway’s call)', () => {
  it('answers a read-only token with exactly the owner’s current access, living a minute at most', async () => {
    const ie = await givenGroup(identity.app, 'Ireland');
    await givenUser(identity.app, 'owner@example.com', { roles: ['Standard', 'CountryViewer'], groupIds: [ie] });
    const session = claimsOf((await sessionOf(identity.app, 'owner@example.com')).Token);
    const { Key, Id } = await createKey('owner@example.com');
    const res = await resolve(Key);
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    const { sid: _s, iat: _i, iatMs: _m, exp: _e, ...owner } = session;
    expect(claims).toMatchObject({ ...owner, scope: READ_ONLY_SCOPE, sid: `api-key:${Id}` });
    // whole seconds: iat rounds down, exp up
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(61);
  });

  it('narrows with the owner at once: an expired role is gone from the next token, and no entitled role left is 403', async () => {
    const userId = await givenUser(identity.app, 'narrowing@example.com', { roles: ['Enhanced', 'Standard'] });
    const { Key } = await createKey('narrowing@example.com');
    expect(claimsOf((await resolve(Key)).json().token).roles).toEqual([RoleIds.Enhanced, RoleIds.Standard]);
    await identity.ctx.query(
      `update identity.user_roles set expires_on = now() - interval '1 second' where user_id = $1 and role_id = $2`,
      [userId, RoleIds.Enhanced],
    );
    expect(claimsOf((await resolve(Key)).json().token).roles).toEqual([RoleIds.Standard]);
    await identity.ctx.query(`update identity.user_roles set expires_on = now() - interval '1 second' where user_id = $1`, [userId]);
    const refused = await resolve(Key);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ApiKeyMessages.notEntitled]);
  });

  it('refuses a revoked key, a disabled owner and an unknown key with 401', async () => {
    const userId = await givenUser(identity.app, 'revoker@example.com', { roles: ['Standard'] });
    const kept = await createKey('revoker@example.com', 'kept');
    const revoked = await createKey('revoker@example.com', 'revoked');
    const del = await identity.app.inject({
      method: 'DELETE',
      url: `/api/user/apiKeys/${revoked.Id}`,
      headers: bearer(await sessionOf(identity.app, 'revoker@example.com')),
    });
    expect(del.statusCode).toBe(200);
    expect((await resolve(revoked.Key)).json()).toMatchObject({ statusCode: 401, message: ApiKeyMessages.invalid });
    expect((await resolve(kept.Key)).statusCode).toBe(200);
    await identity.ctx.query(`update identity.users set disabled = true where id = $1`, [userId]);
    expect((await resolve(kept.Key)).statusCode).toBe(401);
    expect((await resolve(`${kept.Key}x`)).statusCode).toBe(401);
  });

  it('counts each key’s requests and says where its window stands; past the limit it makes no token', async () => {
    await givenUser(identity.app, 'busy@example.com', { roles: ['AWGMember'] });
    const { Key, Id } = await createKey('busy@example.com');
    for (let i = 1; i <= LIMIT; i++) {
      const res = await resolve(Key);
      expect(res.statusCode).toBe(200);
      expect(res.json().rateLimit).toEqual({ limit: LIMIT, remaining: LIMIT - i, resetSeconds: expect.any(Number), windowSeconds: 60 });
      expect(typeof res.json().token).toBe('string');
    }
    const limited = (await resolve(Key)).json();
    expect(limited).toMatchObject({ token: null, keyId: Id, rateLimit: { limit: LIMIT, remaining: 0 } });
    expect(limited.rateLimit.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(limited.rateLimit.resetSeconds).toBeLessThanOrEqual(60);
  });

  it('takes back a request that cost nothing (a 304), in the same window only', async () => {
    await givenUser(identity.app, 'poller@example.com', { roles: ['Enhanced'] });
    const { Key, Id } = await createKey('poller@example.com');
    const refund = (keyId: string) =>
      identity.app.inject({ method: 'POST', url: '/internal/api-keys/refund', headers: serviceCaller, payload: { keyId } });
    expect((await resolve(Key)).json().rateLimit.remaining).toBe(LIMIT - 1);
    expect((await refund(Id)).statusCode).toBe(204);
    expect((await resolve(Key)).json().rateLimit.remaining).toBe(LIMIT - 1);
    // a window that has passed is not taken from
    await identity.ctx.query(`update identity.rate_limit_counters set window_start = now() - interval '2 minutes' where key = $1`, [
      `api-key:${Id}`,
    ]);
    expect((await refund(Id)).statusCode).toBe(204);
    expect((await identity.ctx.query(`select count from identity.rate_limit_counters where key = $1`, [`api-key:${Id}`]))[0]).toEqual({
      count: 1,
    });
    expect((await identity.app.inject({ method: 'POST', url: '/internal/api-keys/refund', payload: { keyId: Id } })).statusCode).toBe(403);
  });

  it('is refused without the service token', async () => {
    expect((await identity.app.inject({ method: 'POST', url: '/internal/api-keys/resolve', payload: { key: 'cti_x' } })).statusCode).toBe(
      403,
    );
  });
});

describe('keys and their events', () => {
  it('stores only the hash, caps active keys, and records created, the first use of the day once, and revoked', async () => {
    await givenUser(identity.app, 'events@example.com', { roles: ['Standard'] });
    const key = await createKey('events@example.com', 'evented');
    const [row] = await identity.ctx.query<{ key_hash: string; prefix: string }>(
      'select key_hash, prefix from identity.api_keys where id = $1',
      [key.Id],
    );
    expect(row!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await identity.ctx.query('select * from identity.api_keys where id = $1', [key.Id]))).not.toContain(key.Key);
    await resolve(key.Key);
    await resolve(key.Key);
    const token = await sessionOf(identity.app, 'events@example.com');
    await identity.app.inject({ method: 'DELETE', url: `/api/user/apiKeys/${key.Id}`, headers: bearer(token) });
    const mine = async (type: string) =>
      (await outboxEvents<{ keyId: string; byAdmin?: boolean }>(identity.app, type)).filter((e) => e.data.keyId === key.Id);
    expect(await mine('evt.identity.apiKey.created')).toHaveLength(1);
    expect(await mine('evt.identity.apiKey.used')).toHaveLength(1);
    expect((await mine('evt.identity.apiKey.revoked')).map((e) => e.data.byAdmin)).toEqual([false]);
    expect(JSON.stringify(await outboxEvents(identity.app, 'evt.identity.apiKey.created'))).not.toContain(key.Key);

    for (let i = 0; i < MAX_API_KEYS_PER_USER; i++) await createKey('events@example.com', `k${i}`);
    const tooMany = await identity.app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: bearer(token),
      payload: { Name: 'one more' },
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, ApiKeyMessages.tooMany]);
  });

  it('refuses an expiry that is no calendar day, and a token of an account that is gone', async () => {
    await givenUser(identity.app, 'dates@example.com', { roles: ['Standard'] });
    const token = await sessionOf(identity.app, 'dates@example.com');
    for (const ExpiresOn of ['2030-02-30', '2030-13-01', '0000-01-01']) {
      const res = await identity.app.inject({
        method: 'POST',
        url: '/api/user/apiKeys',
        headers: bearer(token),
        payload: { Name: 'x', ExpiresOn },
      });
      expect([ExpiresOn, res.statusCode]).toEqual([ExpiresOn, 400]);
    }
    const ghost = signTestToken({ sub: '00000000-0000-4000-8000-000000000000', roles: [RoleIds.Standard] });
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: { authorization: `Bearer ${ghost}` },
      payload: { Name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses free users', async () => {
    await givenUser(identity.app, 'free@example.com', { roles: ['FreeAccess'] });
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/apiKeys',
      headers: bearer(await sessionOf(identity.app, 'free@example.com')),
      payload: { Name: 'x' },
    });
    expect([res.statusCode, res.json().message]).toEqual([403, ApiKeyMessages.notEntitled]);
  });
});
