import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens (refresh tokens, one-time links, device credentials, API keys): 256 random bits;
 * only their SHA-256 is stored.
 */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
