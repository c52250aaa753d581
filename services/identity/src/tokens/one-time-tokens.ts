import type { IdentityExecutor, TokenPurpose } from '../db';

import { hashToken, newOpaqueToken } from './opaque-tokens';
import { hasUnusedToken, insertToken, spendLiveToken, spendOpenTokens } from './repository';

// `now` is the caller's clock (`data.clock.now()`); a caller that passes none runs on the database's clock.

/**
 * One-time tokens of the e-mail flows (reset, welcome, free-access confirmation):
 * 256 random bits, only their SHA-256 stored, single use, expiring `ttlMs` after `now`.
 */
export async function issueOneTimeToken(
  trx: IdentityExecutor,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  options: { replacePrevious?: boolean; now: Date },
): Promise<string> {
  if (options.replacePrevious) await spendOpenTokens(trx, userId, purpose, options.now);
  const token = newOpaqueToken();
  await insertToken(trx, { userId, purpose, tokenHash: hashToken(token), ttlMs }, options.now);
  return token;
}

/**
 * Spends a token if it is genuine, unused, unexpired, of this purpose and (when given)
 * of this user; answers its user id, or null. Spending and checking are one statement,
 * so two concurrent uses cannot both succeed.
 */
export async function consumeOneTimeToken(
  trx: IdentityExecutor,
  purpose: TokenPurpose,
  token: string,
  owner: { userId?: string; email?: string } = {},
  now: Date,
): Promise<string | null> {
  return spendLiveToken(trx, purpose, hashToken(token), owner, now);
}

/** Whether a token is currently valid for the user, without spending it. */
export async function isTokenValid(
  db: IdentityExecutor,
  purpose: TokenPurpose,
  token: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  return hasUnusedToken(db, purpose, hashToken(token), userId, { now });
}

/**
 * Whether a token is the user's current unspent token of this purpose, expired or not:
 * the holder of an expired welcome link may ask for a new one (sent to the account's
 * own address); a replaced or used link asks for nothing.
 */
export async function isUnspentToken(db: IdentityExecutor, purpose: TokenPurpose, token: string, userId: string): Promise<boolean> {
  return hasUnusedToken(db, purpose, hashToken(token), userId, null);
}

/** Spends every open token of a purpose (a password reset ends the other reset links). */
export async function spendAllTokens(trx: IdentityExecutor, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await spendOpenTokens(trx, userId, purpose, now);
}
