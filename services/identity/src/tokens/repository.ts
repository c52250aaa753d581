import { sql, timestampAt } from '@cti/db';

import type { IdentityExecutor, TokenPurpose } from '../db';

// without a clock from the caller, the one-time token functions run on the database's now(), as they did before callers passed one
const instantAfter = (now: Date, ms: number) =>
  now ? new Date(now.getTime() + ms).toISOString() : sql<string>`now() + make_interval(secs => ${ms / 1000})`;

export async function insertToken(
  trx: IdentityExecutor,
  token: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlMs: number },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('userTokens')
    .values({
      userId: token.userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      expiresAt: instantAfter(now, token.ttlMs),
      usedAt: null,
    })
    .execute();
}

/** Marks every open token of the user and purpose used. */
export async function spendOpenTokens(trx: IdentityExecutor, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await trx
    .updateTable('userTokens')
    .set({ usedAt: timestampAt(now) })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/**
 * Spends the unused, unexpired token with this hash and purpose (of this user, or of the
 * account with this e-mail, when given) in one statement; answers its user id, or null.
 */
export async function spendLiveToken(
  trx: IdentityExecutor,
  purpose: TokenPurpose,
  tokenHash: string,
  owner: { userId?: string; email?: string },
  now: Date,
): Promise<string | null> {
  let query = trx
    .updateTable('userTokens')
    .set({ usedAt: timestampAt(now) })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', timestampAt(now));
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

/** Whether the user has an unused token with this hash and purpose; `liveAt` also requires it unexpired then. */
export async function hasUnusedToken(
  db: IdentityExecutor,
  purpose: TokenPurpose,
  tokenHash: string,
  userId: string,
  liveAt: { now: Date } | null,
): Promise<boolean> {
  let query = db
    .selectFrom('userTokens')
    .select('id')
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('userId', '=', userId)
    .where('usedAt', 'is', null);
  if (liveAt) query = query.where('expiresAt', '>', timestampAt(liveAt.now));
  return !!(await query.executeTakeFirst());
}
