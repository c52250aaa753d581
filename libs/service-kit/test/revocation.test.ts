import { RevocationList } from '@cti/service-kit';

describe('RevocationList (tokens of a user issued before T are void)', () => {
  let now = Date.parse('2027-03-01T12:00:00.000Z');
  const list = new RevocationList(2 * 3_600_000, () => now);
  const T = now - 1000;
  list.add('u1', T);

  it('refuses tokens issued before T, to the millisecond, and accepts those issued at or after it', () => {
    expect(list.isRevoked({ sub: 'u1', iatMs: T - 1 })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', iatMs: T })).toBe(false);
    expect(list.isRevoked({ sub: 'u1', iatMs: T + 500 })).toBe(false);
  });

  it('counts a token without iatMs as issued at the start of its second (a revocation in that second catches it)', () => {
    expect(list.isRevoked({ sub: 'u1', iat: Math.floor(T / 1000) })).toBe(T % 1000 !== 0);
    expect(list.isRevoked({ sub: 'u1', iat: Math.floor(T / 1000) - 1 })).toBe(true);
    expect(list.isRevoked({ sub: 'u1', iat: Math.ceil((T + 1) / 1000) })).toBe(false);
  });

  it('leaves other users alone, and keeps the latest moment per user', () => {
    expect(list.isRevoked({ sub: 'u2', iatMs: 0 })).toBe(false);
    list.add('u1', T - 60_000);
    expect(list.isRevoked({ sub: 'u1', iatMs: T - 1 })).toBe(true);
  });

  it('revokes one session: that session’s tokens issued before T, not the user’s other sessions', () => {
    list.add('u4', T, 'laptop');
    expect(list.isRevoked({ sub: 'u4', sid: 'laptop', iatMs: T - 1 })).toBe(true);
    expect(list.isRevoked({ sub: 'u4', sid: 'laptop', iatMs: T })).toBe(false);
    expect(list.isRevoked({ sub: 'u4', sid: 'phone', iatMs: T - 1 })).toBe(false);
    expect(list.isRevoked({ sub: 'u4', iatMs: T - 1 })).toBe(false);
    // a session id names a session of its own user only
    expect(list.isRevoked({ sub: 'u5', sid: 'laptop', iatMs: T - 1 })).toBe(false);
  });

  it('forgets revocations older than its memory (no token issued before them is still accepted)', () => {
    list.add('old', now - 3 * 3_600_000);
    expect(list.isRevoked({ sub: 'old', iatMs: 0 })).toBe(false);
    now += 3 * 3_600_000;
    list.add('u3', now);
    expect(list.size).toBe(1);
  });
});
