import { accessNarrowed, type AccessSnapshot } from '@cti/access';
import type { EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityExecutor } from '../db';
import { activeRoleIds, groupIdsOfUser } from '../users/repository';

/**
 * Locks a user's row for a change of their access. Sessions are issued under a share
 * lock of the same row (sessions/session.ts), so every token is issued either before
 * the change (and is caught by its revocation) or after it (with the new access).
 */
export async function lockUserForChange(trx: IdentityExecutor, userId: string): Promise<boolean> {
  return !!(await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst());
}

/** What the user's tokens carry that decides what they may do, as stored now. */
export async function accessSnapshotOf(trx: IdentityExecutor, userId: string): Promise<AccessSnapshot | null> {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'isGroupManager', 'isAcid', 'disabled', 'expiresOn'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [roleIds, groupIds] = await Promise.all([activeRoleIds(trx, userId), groupIdsOfUser(trx, userId)]);
  return { ...user, expiresOn: user.expiresOn === null ? null : new Date(user.expiresOn).toISOString(), roleIds, groupIds };
}

/**
 * Voids every access token of the user issued until now (or, given `sessionId`, those of
 * that one session), on every service within seconds (`evt.identity.user.tokensRevoked`,
 * kept in memory by each process's auth check). Call after `lockUserForChange` in the
 * transaction of the change (a single session needs no lock: its refresh family ends first).
 */
export async function revokeAccessTokens(
  trx: IdentityExecutor,
  userId: string,
  reason: string,
  actor: EventActor | null,
  sessionId?: string,
): Promise<void> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  await appendToOutbox(trx, {
    type: 'evt.identity.user.tokensRevoked',
    actor,
    data: { userId, email: user.email, revokedBefore: new Date().toISOString(), reason, ...(sessionId ? { sessionId } : {}) },
  });
}

/** Revokes the user's access tokens when the change took something away (see `accessNarrowed`). */
export async function revokeIfNarrowed(
  trx: IdentityExecutor,
  userId: string,
  before: AccessSnapshot | null,
  reason: string,
  actor: EventActor | null,
): Promise<boolean> {
  const after = await accessSnapshotOf(trx, userId);
  if (!before || !after || !accessNarrowed(before, after)) return false;
  await revokeAccessTokens(trx, userId, reason, actor);
  return true;
}

/** Ends refresh-token families: all of the user's, all but one (the caller's own session), or one. */
export async function endSessions(trx: IdentityExecutor, userId: string, scope: { only?: string; except?: string } = {}): Promise<void> {
  let query = trx
    .updateTable('refreshTokens')
    .set({ revokedAt: sql<string>`now()` })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (scope.only) query = query.where('familyId', '=', scope.only);
  if (scope.except) query = query.where('familyId', '<>', scope.except);
  await query.execute();
}
