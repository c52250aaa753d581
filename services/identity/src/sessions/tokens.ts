import { createHash, randomBytes } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import type { AccessClaims } from '@cti/contracts';

export interface TokenSettings {
  privateKey: string;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
}

/** Signs short-lived EdDSA access tokens that every service verifies with the public key. */
export function accessTokenSigner(settings: TokenSettings) {
  const sign = createSigner({
    key: settings.privateKey,
    algorithm: 'EdDSA',
    iss: settings.issuer,
    aud: settings.audience,
    expiresIn: settings.accessTtlSeconds * 1000,
  });
  return (claims: AccessClaims) => sign({ ...claims });
}

/** Opaque refresh tokens: 256 random bits; only their SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
