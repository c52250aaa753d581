import type { SessionUser } from '@cti/contracts';
import { Unauthorized, Forbidden, type DataAccess } from '@cti/service-kit';

import { findUserById } from '../accounts/repository';
import type { SessionIssuer } from '../context';
import type { IdentityDB, IdentityExecutor } from '../db';
import { hashToken } from '../tokens/opaque-tokens';

import { findRefreshToken, findSuccessorToken, recordSuccessor, revokeFamily, spendLiveRefreshToken } from './repository';
import { revokeAccessTokens } from './revocation';
import { accountEnded, issueSession } from './session';
import { openSuccessor, sealSuccessor } from './tokens';

export const INVALID_REFRESH = 'Invalid refresh token';

/** How many rotations a late tab may be behind and still be led to the current token. */
const MAX_SUCCESSOR_STEPS = 5;

type Outcome = { kind: 'rotated'; session: SessionUser } | { kind: 'reused' } | { kind: 'invalid' } | { kind: 'blocked' };

export interface RefreshOptions {
  /** The endpoint's kind: free users' tokens are only good at theirs, credentialed users' at theirs. */
  free: boolean;
  graceSeconds: number;
  /** Told when a spent token comes back after its grace window (its family is revoked). */
  onReuse: () => void;
}

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same
 * family is issued (its successor is kept sealed with the spent token).
 *
 * Within the grace window after a rotation, the spent token leads to its successor
 * instead: two tabs refreshing together both end up with the same new token. After
 * the window, presenting a spent token means it was stolen or replayed: the whole
 * family is revoked, logging out every holder, and so are the session's access tokens on
 * every service (the revocation event logout publishes), not only at their next refresh. A token presented to the other kind's
 * endpoint (a free user's at the credentialed one, or the reverse) is refused unspent.
 * Expiry and the grace window are read on `data.clock`.
 */
export async function refreshSession(
  data: DataAccess<IdentityDB>,
  issuer: SessionIssuer,
  token: string,
  opts: RefreshOptions,
): Promise<SessionUser> {
  const tokenHash = hashToken(token);
  const now = data.clock.now();
  const outcome = await data.inTransaction(async (trx): Promise<Outcome> => {
    const spent = await spendLiveRefreshToken(trx, tokenHash, opts.free, now);
    if (!spent) return presentedAgain(trx, issuer, token, now, opts);
    const blocked = await accountBlocked(trx, spent.userId, now);
    if (blocked) return { kind: blocked };
    const issued = await issueSession(trx, issuer, spent.userId, { familyId: spent.familyId });
    await recordSuccessor(trx, spent.id, sealSuccessor(token, issued.session.RefreshToken));
    return { kind: 'rotated', session: issued.session };
  });
  if (outcome.kind === 'rotated') return outcome.session;
  if (outcome.kind === 'blocked') throw new Forbidden('Your account can no longer sign in.');
  if (outcome.kind === 'reused') opts.onReuse();
  throw new Unauthorized(INVALID_REFRESH);
}

async function accountBlocked(trx: IdentityExecutor, userId: string, now: Date): Promise<'blocked' | 'invalid' | null> {
  const user = await findUserById(trx, userId);
  if (!user) return 'invalid';
  return accountEnded(user, now) ? 'blocked' : null;
}

/** A token that could not be spent: unknown, the wrong kind, revoked, within its grace window, or replayed. */
async function presentedAgain(
  trx: IdentityExecutor,
  issuer: SessionIssuer,
  token: string,
  now: Date,
  opts: { free: boolean; graceSeconds: number },
): Promise<Outcome> {
  const row = await findRefreshToken(trx, hashToken(token), opts.free, now, opts.graceSeconds);
  if (!row || row.revokedAt || !row.used) return { kind: 'invalid' };
  if (row.withinGrace) {
    const head = await currentSuccessor(trx, token, row.successorSealed, now);
    if (head) {
      const blocked = await accountBlocked(trx, row.userId, now);
      if (blocked) return { kind: blocked };
      const issued = await issueSession(trx, issuer, row.userId, { familyId: row.familyId, existingRefreshToken: head });
      return { kind: 'rotated', session: issued.session };
    }
  }
  await revokeFamily(trx, row.familyId, now);
  // whoever holds the session's access tokens (the thief or the owner) loses them within seconds
  await revokeAccessTokens(trx, row.userId, 'refresh token reused', null, row.familyId);
  return { kind: 'reused' };
}

/** Follows the sealed successors from a spent token to the family's live token (null when there is none). */
async function currentSuccessor(trx: IdentityExecutor, token: string, sealed: string | null, now: Date): Promise<string | null> {
  let holder = token;
  let next = sealed;
  for (let step = 0; step < MAX_SUCCESSOR_STEPS && next; step++) {
    const successor = openSuccessor(holder, next);
    if (!successor) return null;
    const row = await findSuccessorToken(trx, hashToken(successor), now);
    if (!row || row.revokedAt || !row.live) return null;
    if (!row.usedAt) return successor;
    holder = successor;
    next = row.successorSealed;
  }
  return null;
}
