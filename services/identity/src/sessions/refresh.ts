import type { SessionUser } from '@cti/contracts';
import { sql } from '@cti/db';
import { Unauthorized, Forbidden } from '@cti/service-kit';

import type { IdentityExecutor, IdentityApp } from '../db';
import { findUserById } from '../users/repository';

import { issueSession, type SessionIssuer } from './session';
import { hashToken, openSuccessor, sealSuccessor } from './tokens';

export const INVALID_REFRESH = 'Invalid refresh token';

/** How many rotations a late tab may be behind and still be led to the current token. */
const MAX_SUCCESSOR_STEPS = 5;

type Outcome = { kind: 'rotated'; session: SessionUser } | { kind: 'reused' } | { kind: 'invalid' } | { kind: 'blocked' };

/** Refresh tokens of credentialed users and of free users are only good at their own endpoint. */
const ofKind = (free: boolean) => sql<boolean>`user_id in (select id from users where is_free = ${free})`;

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same
 * family is issued (its successor is kept sealed with the spent token).
 *
 * Within the grace window after a rotation, the spent token leads to its successor
 * instead: two tabs refreshing together both end up with the same new token. After
 * the window, presenting a spent token means it was stolen or replayed: the whole
 * family is revoked, logging out every holder. A token presented to the other kind's
 * endpoint (a free user's at the credentialed one, or the reverse) is refused unspent.
 */
export async function refreshSession(
  app: IdentityApp,
  issuer: SessionIssuer,
  token: string,
  opts: { free: boolean; graceSeconds: number },
): Promise<SessionUser> {
  const tokenHash = hashToken(token);
  const outcome = await app.inTransaction(async (trx): Promise<Outcome> => {
    const spent = await trx
      .updateTable('refreshTokens')
      .set({ usedAt: sql`now()` })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', sql<string>`now()`)
      .where(ofKind(opts.free))
      .returning(['id', 'userId', 'familyId'])
      .executeTakeFirst();
    if (!spent) return presentedAgain(trx, issuer, token, opts);
    const blocked = await accountBlocked(trx, spent.userId);
    if (blocked) return { kind: blocked };
    const issued = await issueSession(trx, issuer, spent.userId, { familyId: spent.familyId });
    await trx
      .updateTable('refreshTokens')
      .set({ successorSealed: sealSuccessor(token, issued.session.RefreshToken) })
      .where('id', '=', spent.id)
      .execute();
    return { kind: 'rotated', session: issued.session };
  });
  if (outcome.kind === 'rotated') return outcome.session;
  if (outcome.kind === 'blocked') throw new Forbidden('Your account can no longer sign in.');
  if (outcome.kind === 'reused') app.log.warn('refresh token reused after its grace window: its family was revoked');
  throw new Unauthorized(INVALID_REFRESH);
}

async function accountBlocked(trx: IdentityExecutor, userId: string): Promise<'blocked' | 'invalid' | null> {
  const user = await findUserById(trx, userId);
  if (!user) return 'invalid';
  if (user.disabled || (user.expiresOn && Date.parse(user.expiresOn) < Date.now())) return 'blocked';
  return null;
}

/** A token that could not be spent: unknown, the wrong kind, revoked, within its grace window, or replayed. */
async function presentedAgain(
  trx: IdentityExecutor,
  issuer: SessionIssuer,
  token: string,
  opts: { free: boolean; graceSeconds: number },
): Promise<Outcome> {
  const row = await trx
    .selectFrom('refreshTokens')
    .select(['familyId', 'userId', 'revokedAt', 'successorSealed'])
    .select(sql<boolean>`used_at is not null`.as('used'))
    .select(sql<boolean>`used_at > now() - make_interval(secs => ${opts.graceSeconds})`.as('withinGrace'))
    .where('tokenHash', '=', hashToken(token))
    .where(ofKind(opts.free))
    .executeTakeFirst();
  if (!row || row.revokedAt || !row.used) return { kind: 'invalid' };
  if (row.withinGrace) {
    const head = await currentSuccessor(trx, token, row.successorSealed);
    if (head) {
      const blocked = await accountBlocked(trx, row.userId);
      if (blocked) return { kind: blocked };
      const issued = await issueSession(trx, issuer, row.userId, { familyId: row.familyId, existingRefreshToken: head });
      return { kind: 'rotated', session: issued.session };
    }
  }
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: sql`now()` })
    .where('familyId', '=', row.familyId)
    .where('revokedAt', 'is', null)
    .execute();
  return { kind: 'reused' };
}

/** Follows the sealed successors from a spent token to the family's live token (null when there is none). */
async function currentSuccessor(trx: IdentityExecutor, token: string, sealed: string | null): Promise<string | null> {
  let holder = token;
  let next = sealed;
  for (let step = 0; step < MAX_SUCCESSOR_STEPS && next; step++) {
    const successor = openSuccessor(holder, next);
    if (!successor) return null;
    const row = await trx
      .selectFrom('refreshTokens')
      .select(['usedAt', 'revokedAt', 'successorSealed'])
      .select(sql<boolean>`expires_at > now()`.as('live'))
      .where('tokenHash', '=', hashToken(successor))
      .executeTakeFirst();
    if (!row || row.revokedAt || !row.live) return null;
    if (!row.usedAt) return successor;
    holder = successor;
    next = row.successorSealed;
  }
  return null;
}
