import { FreeAccessAnswers, PasswordAnswers, type AccessClaims, type SessionUser } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, Conflict, Forbidden, type DataAccess } from '@cti/service-kit';

import { hashPassword } from '../accounts/passwords';
import { setOwnPasswordOfFreeUser } from '../accounts/repository';
import type { IdentityContext } from '../context';
import type { IdentityDB } from '../db';
import { forgetEveryDevice } from '../devices/device-credentials';
import { assertPasswordAllowed } from '../passwords/password-policy';
import { endSessions } from '../sessions/revocation';
import { issueSession } from '../sessions/session';

/**
 * `POST /api/freeUser/password`: a signed-in free user (a buyer, typically) chooses a password
 * and signs in with it from then on, as a credentialed user with the same account, roles and
 * purchases. Their device credentials are revoked (free access for the address now answers
 * User already exists), their free session ends and a credentialed one is answered. The
 * password rules are those of every other password screen.
 */
export async function chooseOwnPassword(
  data: DataAccess<IdentityDB>,
  ctx: IdentityContext,
  claims: AccessClaims,
  newPassword: string,
): Promise<SessionUser> {
  if (!claims.free) throw new Forbidden(FreeAccessAnswers.passwordAlreadySet);
  if (!newPassword) throw new BadRequest(PasswordAnswers.tooShort);
  await assertPasswordAllowed(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    if (!(await setOwnPasswordOfFreeUser(trx, claims.sub, passwordHash, now))) throw new Conflict(FreeAccessAnswers.passwordAlreadySet);
    await forgetEveryDevice(trx, claims.sub, now);
    if (claims.sid) await endSessions(trx, claims.sub, { only: claims.sid }, now);
    await appendToOutbox(trx, {
      type: 'evt.identity.password.set',
      actor: actorFromClaims(claims),
      data: { userId: claims.sub, email: claims.email },
    });
    return (await issueSession(trx, ctx.issuer, claims.sub)).session;
  });
}
