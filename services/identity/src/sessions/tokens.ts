import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

import type { AccessClaims } from '@cti/contracts';

export interface TokenSettings {
  accessTtlSeconds: number;
}

/** Signs a payload as an EdDSA JWT with identity's private key, issuer and audience (`app.jwt.sign` of @fastify/jwt). */
export type JwtSign = (payload: Record<string, unknown>) => string;

/**
 * Signs short-lived EdDSA access tokens that every service verifies with the public key.
 * A token never outlives what it grants: `notAfterMs` (the first role or account expiry
 * ahead) brings its end forward, so access ends on time on every service without a
 * revocation. `iatMs` records the issue time to the millisecond for revocations.
 */
export function accessTokenSigner(sign: JwtSign, settings: TokenSettings) {
  return (claims: AccessClaims, options: { notAfterMs?: number | null; now?: number } = {}) => {
    // real time, not the domain clock: every service verifies `iat`/`exp` against its own real time
    const now = options.now ?? Date.now();
    const end = Math.min(now + settings.accessTtlSeconds * 1000, options.notAfterMs ?? Infinity);
    // rounded up: a token that ends after its access ended refreshes into one without it;
    // and at least a moment of life, as a token born expired would only send the client round again
    const exp = Math.max(Math.ceil(end / 1000), Math.floor(now / 1000) + 1);
    return sign({ ...claims, iat: Math.floor(now / 1000), iatMs: now, exp });
  };
}

// The key that seals a refresh token's successor is derived from the token itself:
// the database alone (which has only hashes) cannot open it.
const sealKey = (token: string) => createHash('sha256').update(`cti-refresh-successor:${token}`).digest();

/** Encrypts `successor` (AES-256-GCM) so that only the holder of `token` can read it back. */
export function sealSuccessor(token: string, successor: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv);
  const body = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The successor sealed for `token`, or null when it does not open. */
export function openSuccessor(token: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
