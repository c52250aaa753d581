import { generateKeyPairSync } from 'node:crypto';

import { createSigner } from 'fast-jwt';

import type { AccessClaims } from '@cti/contracts';

let pair: { publicKey: string; privateKey: string } | null = null;

/** One Ed25519 key pair per test process, like identity's in production. */
export function testKeyPair() {
  pair ??= generateKeyPairSync('ed25519', {
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return pair;
}

export const TEST_ISSUER = 'cti-identity';
export const TEST_AUDIENCE = 'cti';

/** Signs an access token as identity would, for calling other services in tests. */
export function signTestToken(claims: Partial<AccessClaims> & { sub: string }, expiresInMs = 15 * 60_000): string {
  const sign = createSigner({
    key: testKeyPair().privateKey,
    algorithm: 'EdDSA',
    iss: TEST_ISSUER,
    aud: TEST_AUDIENCE,
    expiresIn: expiresInMs,
  });
  return sign(testClaims(claims));
}

/** Whole access claims from the few a test cares about: no roles, groups or flags unless given. */
export function testClaims(claims: Partial<AccessClaims> & { sub: string }): AccessClaims {
  return {
    email: `${claims.sub}@example.com`,
    name: claims.sub,
    roles: [],
    groups: [],
    groupNames: [],
    isAdmin: false,
    isGroupManager: false,
    isAcid: false,
    free: false,
    organization: '',
    ...claims,
  };
}

/** A token that expired `secondsAgo` seconds ago, as identity would have signed it (logout and unlock accept only recent ones). */
export function signExpiredTestToken(claims: Partial<AccessClaims> & { sub: string }, secondsAgo: number): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.parse(Buffer.from(signTestToken(claims).split('.')[1], 'base64url').toString()) as AccessClaims;
  const sign = createSigner({ key: testKeyPair().privateKey, algorithm: 'EdDSA' });
  return sign({ ...payload, iat: now - secondsAgo - 900, exp: now - secondsAgo });
}
