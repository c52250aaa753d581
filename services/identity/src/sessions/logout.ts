import { isUuid, type AccessClaims } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, type DataAccess, Forbidden, NotFound } from '@cti/service-kit';

import { findUserById } from '../accounts/repository';
import type { IdentityDB } from '../db';
import { forgetDevice as forgetDeviceCredential } from '../devices/device-credentials';

import { endSessions, lockUserForChange, revokeAccessTokens } from './revocation';

/**
 * Server logout. The user's own logout ends this session (the refresh
 * family of the token's `sid`, and its access tokens on every service), not their other
 * devices. An admin logging another user out ends every session of that user and voids
 * their access tokens on every service.
 */
export async function logout(
  data: DataAccess<IdentityDB>,
  claims: AccessClaims,
  userId: string,
  free: boolean,
  /** A free user's own Logout forgets this browser: its device credential (the cookie's value) is revoked. */
  forgetDevice: string | null = null,
): Promise<void> {
  const self = claims.sub === userId;
  if (!self && !claims.isAdmin) throw new Forbidden();
  if (!isUuid(userId)) throw new NotFound('User not found');
  const actor = actorFromClaims(claims);
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new NotFound('User not found');
    const oneSession = self && !!claims.sid && isUuid(claims.sid);
    if (oneSession) {
      // the session's refresh family ends, then its access tokens (not the user's other devices')
      await endSessions(trx, userId, { only: claims.sid }, now);
      if (forgetDevice) await forgetDeviceCredential(trx, forgetDevice, userId, now);
      await revokeAccessTokens(trx, userId, 'signed out', actor, claims.sid);
    } else {
      await lockUserForChange(trx, userId);
      await endSessions(trx, userId, {}, now);
      await revokeAccessTokens(trx, userId, self ? 'signed out everywhere' : 'signed out by an administrator', actor);
    }
    await appendToOutbox(trx, {
      type: 'evt.identity.user.loggedOut',
      actor,
      data: { userId, free, allSessions: !oneSession },
    });
  });
}
