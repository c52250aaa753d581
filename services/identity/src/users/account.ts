import { isUuid, UserAnswers, type AccessClaims, type AccountUpdateBody } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, Forbidden, type DataAccess } from '@cti/service-kit';

import { hashPassword, normalizeEmail, verifyPassword } from '../accounts/passwords';
import { findUserById, updateOwnNames } from '../accounts/repository';
import { recordUserUpdated } from '../accounts/user-events';
import type { IdentityContext, RateLimited } from '../context';
import type { IdentityDB } from '../db';
import { assertPasswordAllowed } from '../passwords/password-policy';
import { endSessions, lockUserForChange, revokeAccessTokens } from '../sessions/revocation';
import { assertSignInAllowed, recordSignInFailure, signInLimitsOf } from '../sessions/sign-in-locks';

/**
 * `POST api/user/account`: the signed-in user changes their first and
 * last name and, optionally, their password. A new password needs the current one
 * (wrong guesses count as failed sign-ins, from the caller's address `ip`) and ends every
 * other session of the user: their refresh tokens are revoked and every access token
 * issued before now is void on every service (this session refreshes into a new one).
 * Free users have no account page.
 */
export async function updateOwnAccount(
  data: DataAccess<IdentityDB> & RateLimited,
  ctx: IdentityContext,
  caller: AccessClaims,
  ip: string,
  body: AccountUpdateBody,
): Promise<{ message: string }> {
  if (body.user.Id !== caller.sub) throw new Forbidden();
  const firstName = body.user.FirstName.trim();
  const lastName = body.user.LastName.trim();
  if (!firstName || !lastName) throw new BadRequest(UserAnswers.accountMissingName);
  const newPassword = body.newPassword ?? '';
  if (newPassword) await assertPasswordAllowed(newPassword);
  const user = await findUserById(data.db, caller.sub);
  if (!user || user.isFree) throw new Forbidden('Free access users have no account to update.');
  if (newPassword) {
    const current = body.currentPassword ?? '';
    if (!current) throw new BadRequest(UserAnswers.currentPasswordMissing);
    const limits = signInLimitsOf(ctx.config);
    const attempt = { email: normalizeEmail(user.email), ip };
    await assertSignInAllowed(data, limits, { ...attempt, userId: user.id });
    if (!(await verifyPassword(user.passwordHash, current))) {
      await recordSignInFailure(data, ctx, limits, attempt);
      throw new BadRequest(UserAnswers.currentPasswordWrong);
    }
  }
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  const actor = actorFromClaims(caller);
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await updateOwnNames(trx, caller.sub, { firstName, lastName, passwordHash }, now);
    if (passwordHash) {
      await lockUserForChange(trx, caller.sub);
      await endSessions(trx, caller.sub, caller.sid && isUuid(caller.sid) ? { except: caller.sid } : {}, now);
      await revokeAccessTokens(trx, caller.sub, 'password changed', actor);
    }
    await appendToOutbox(trx, {
      type: 'evt.identity.account.updated',
      actor,
      data: { userId: caller.sub, email: user.email, name: `${firstName} ${lastName}`, passwordChanged: !!passwordHash },
    });
    await recordUserUpdated(trx, caller.sub, actor, now);
  });
  return { message: UserAnswers.accountUpdated };
}
