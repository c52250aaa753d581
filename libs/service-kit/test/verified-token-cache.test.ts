import { defineService, oncePerToken, VerifiedTokenCache } from '@cti/service-kit';
import { eventually, serviceUnderTest, signTestToken, testClaims } from '@cti/testing';

// The auth plugin keeps tokens it verified, by signature, until their expiry; what it may
// never do is accept a token on the strength of another one, or past its expiry.

describe('the verified-token cache', () => {
  it('answers only for the very token it was given, until its expiry', () => {
    const cache = new VerifiedTokenCache<string>(10);
    cache.set('header.payload.signature', 'claims', 2_000);
    expect(cache.get('header.payload.signature', 1_000)).toBe('claims');
    // same signature bytes on another header and payload: not the token that was verified
    expect(cache.get('header.forged-payload.signature', 1_000)).toBeUndefined();
    expect(cache.get('header.payload.signature', 2_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its bound, dropping an entry not used since it was stored before one that was', () => {
    const cache = new VerifiedTokenCache<number>(2);
    cache.set('a.a.1', 1, 10_000);
    cache.set('b.b.2', 2, 10_000);
    expect(cache.get('a.a.1', 0)).toBe(1);
    cache.set('c.c.3', 3, 10_000);
    expect([cache.get('a.a.1', 0), cache.get('b.b.2', 0), cache.get('c.c.3', 0)]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('gives a used entry a second chance when full, then drops it like any other once every entry was used', () => {
    const cache = new VerifiedTokenCache<string>(3);
    const kept = (names: string[]) => names.filter((x) => cache.get(`${x}.${x}.${x}`, 0) !== undefined);
    for (const x of ['a', 'b', 'c']) cache.set(`${x}.${x}.${x}`, x, 10_000);
    expect(cache.get('b.b.b', 0)).toBe('b');
    cache.set('d.d.d', 'd', 10_000); // a, the oldest unused, goes
    cache.set('e.e.e', 'e', 10_000); // b is passed over (used) and unmarked; c goes
    cache.set('f.f.f', 'f', 10_000); // d, the oldest unused, goes: b keeps its second chance
    expect(kept(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['b', 'e', 'f']); // (each one kept is now used)
    cache.set('g.g.g', 'g', 10_000); // all used: each passed over once, then the first in line, b, goes
    expect(kept(['b', 'e', 'f', 'g'])).toEqual(['e', 'f', 'g']);
    expect(cache.size).toBe(3);
  });
});

describe('work kept per verified token (oncePerToken)', () => {
  const claimsOf = (roles: number[]) => testClaims({ sub: 'u', roles });

  it('works a value out once for the claims the cache hands out again, and anew for other claims', () => {
    const seen: (readonly number[])[] = [];
    const rolesText = oncePerToken((p) => (seen.push(p.roles), p.roles.join(',')));
    const reader = claimsOf([1, 2]);
    expect([rolesText(reader), rolesText(reader)]).toEqual(['1,2', '1,2']);
    // other claims are worked out for themselves, even when equal in content (another token)
    expect([rolesText(claimsOf([3])), rolesText(claimsOf([1, 2]))]).toEqual(['3', '1,2']);
    expect(seen).toEqual([[1, 2], [3], [1, 2]]);
  });
});

const whoami = defineService({
  name: 'whoami',
  defaultPort: 0,
  async plugin(app) {
    app.get('/whoami', { preHandler: app.requireUser }, async (request) => ({ sub: request.principal?.sub }));
  },
});

describe('a service verifying tokens', () => {
  const service = serviceUnderTest(whoami);
  const call = (token: string) => service.app.inject({ method: 'GET', url: '/whoami', headers: { authorization: `Bearer ${token}` } });

  it('refuses a token it verified once as soon as it expires (Token-Expired), not when the cache forgets it', async () => {
    const token = signTestToken({ sub: 'brief' }, 2500);
    expect((await call(token)).json()).toEqual({ sub: 'brief' });
    // within seconds of its expiry (a cache ignoring it would answer 200 for as long as it holds the token)
    const res = await eventually(async () => {
      const r = await call(token);
      return r.statusCode === 401 ? r : null;
    }, 30_000);
    expect(res.headers['token-expired']).toBe('true');
  });

  it("refuses a token carrying a verified token's signature over other claims", async () => {
    const genuine = signTestToken({ sub: 'reader' });
    expect((await call(genuine)).statusCode).toBe(200);
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'admin', isAdmin: true })).toString('base64url')}.${signature}`;
    expect((await call(forged)).statusCode).toBe(401);
  });
});
