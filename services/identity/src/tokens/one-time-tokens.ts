import { sql } from '@cti/db';

import type { IdentityExecutor, TokenPurpose } from '../db';
import { hashToken, newOpaqueToken } from '../sessions/tokens';

/**
 * One-time tokens of the e-mail flows (reset, welcome, free-access confirmation):
 * 256 random bits, only their SHA-256 stored, single use, expiring.
 */
export async function issueOneTimeToken(
  trx: IdentityExecutor,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  options: { replacePrevious?: boolean } = {},
): Promise<string> {
  if (options.replacePrevious) {
    await trx
      .updateTable('userTokens')
      .set({ usedAt: sql<string>`now()` })
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .execute();
  }
  const token = newOpaqueToken();
  await trx
    .insertInto('userTokens')
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs).toISOString(), usedAt: null })
    .execute();
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
): Promise<string | null> {
  let query = trx
    .updateTable('userTokens')
    .set({ usedAt: sql<string>`now()` })
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`);
  if (owner.userId) query = query.where('userId', '=', owner.userId);
  if (owner.email) {
    const email = owner.email.trim().toLowerCase();
    query = query.where('userId', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', email),
    );
  }
  const row = await query.returning('userId').executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether a token is currently valid for the user, without spending it. */
export async function isTokenValid(db: IdentityExecutor, purpose: TokenPurpose, token: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('userTokens')
    .select('id')
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();
  return !!row;
}

/**
 * Whether a token is the user's current unspent token of this purpose, expired or not:
 * the holder of an expired welcome link may ask for a new one (sent to the account's
 * own address); a replaced or used link asks for nothing.
 */
export async function isUnspentToken(db: IdentityExecutor, purpose: TokenPurpose, token: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('userTokens')
    .select('id')
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return !!row;
}

/** Spends every open token of a purpose (a password reset ends the other reset links). */
export async function spendAllTokens(trx: IdentityExecutor, userId: string, purpose: TokenPurpose): Promise<void> {
  await trx
    .updateTable('userTokens')
    .set({ usedAt: sql<string>`now()` })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}
