import { accessNarrowed, type AccessSnapshot } from '@cti/access';
import type { EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import { activeRoleIds, groupIdsOfUser } from '../accounts/repository';
import type { IdentityExecutor } from '../db';
import { forgetEveryDevice } from '../devices/device-credentials';

import { accessFieldsOfUser, emailOfUser, lockUserRow, revokeFamiliesOfUser } from './repository';

/**
 * Locks a user's row for a change of their access. Sessions are issued under a share
 * lock of the same row (sessions/session.ts), so every token is issued either before
 * the change (and is caught by its revocation) or after it (with the new access).
 */
export async function lockUserForChange(trx: IdentityExecutor, userId: string): Promise<boolean> {
  return lockUserRow(trx, userId);
}

/** What the user's tokens carry that decides what they may do, as stored (roles held at `now`). */
export async function accessSnapshotOf(trx: IdentityExecutor, userId: string, now: Date): Promise<AccessSnapshot | null> {
  const user = await accessFieldsOfUser(trx, userId);
  if (!user) return null;
  const [roleIds, groupIds] = await Promise.all([activeRoleIds(trx, userId, now), groupIdsOfUser(trx, userId)]);
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
  const email = await emailOfUser(trx, userId);
  if (email === null) return;
  // every service compares this with its tokens' signing times (`iatMs`), which are real time, not the domain clock
  const revokedBefore = new Date().toISOString();
  await appendToOutbox(trx, {
    type: 'evt.identity.user.tokensRevoked',
    actor,
    data: { userId, email, revokedBefore, reason, ...(sessionId ? { sessionId } : {}) },
  });
}

/** Revokes the user's access tokens when the change took something away (see `accessNarrowed`). */
export async function revokeIfNarrowed(
  trx: IdentityExecutor,
  userId: string,
  before: AccessSnapshot | null,
  reason: string,
  actor: EventActor | null,
  now: Date,
): Promise<boolean> {
  const after = await accessSnapshotOf(trx, userId, now);
  if (!before || !after || !accessNarrowed(before, after)) return false;
  await revokeAccessTokens(trx, userId, reason, actor);
  return true;
}

/**
 * Ends refresh-token families: all of the user's, all but one (the caller's own session), or one,
 * revoked at `now` (the caller's clock). Ending more than one session also revokes the free
 * user's device credentials: no browser opens the account again without a new link.
 */
export async function endSessions(
  trx: IdentityExecutor,
  userId: string,
  scope: { only?: string; except?: string },
  now: Date,
): Promise<void> {
  await revokeFamiliesOfUser(trx, userId, scope, now);
  if (!scope.only) await forgetEveryDevice(trx, userId, now);
}
