import type { FastifyRequest } from 'fastify';

import { PasswordAnswers, UserAnswers, type AccountUpdateBody } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Forbidden, actorOf } from '@cti/service-kit';

import type { IdentityContext } from '../context';
import type { IdentityApp } from '../db';
import { passwordTooShort } from '../passwords/password-flows';
import { assertNotLockedOut, recordLoginFailure } from '../sessions/login';
import { endSessions, lockUserForChange, revokeAccessTokens } from '../sessions/revocation';

import { hashPassword, verifyPassword } from './passwords';
import { findUserById } from './repository';
import { recordUserUpdated } from './user-events';
import { isUuid } from './user-views';

/**
 * `POST api/user/account`: the signed-in user changes their first and
 * last name and, optionally, their password. A new password needs the current one
 * (wrong guesses count as failed sign-ins) and ends every other session of the user:
 * their refresh tokens are revoked and every access token issued before now is void
 * on every service (this session refreshes into a new one). Free users have no account page.
 */
export async function updateOwnAccount(
  app: IdentityApp,
  ctx: IdentityContext,
  request: FastifyRequest,
  body: AccountUpdateBody,
): Promise<{ message: string }> {
  const caller = request.principal!;
  if (body.user.Id !== caller.sub) throw new Forbidden();
  const firstName = body.user.FirstName.trim();
  const lastName = body.user.LastName.trim();
  if (!firstName || !lastName) throw new BadRequest(UserAnswers.accountMissingName);
  const newPassword = body.newPassword ?? '';
  if (newPassword && passwordTooShort(newPassword)) throw new BadRequest(PasswordAnswers.tooShort);
  const user = await findUserById(app.db, caller.sub);
  if (!user || user.isFree) throw new Forbidden('Free access users have no account to update.');
  if (newPassword) {
    const current = body.currentPassword ?? '';
    if (!current) throw new BadRequest(UserAnswers.currentPasswordMissing);
    const limits = { failuresPerIp: ctx.config.LOGIN_FAILURES_PER_IP, failuresPerAccountPerHour: ctx.config.LOGIN_FAILURES_PER_ACCOUNT };
    await assertNotLockedOut(app, limits, user.email.toLowerCase(), request.ip);
    if (!(await verifyPassword(user.passwordHash, current))) {
      await recordLoginFailure(app, user.email.toLowerCase(), request.ip);
      throw new BadRequest(UserAnswers.currentPasswordWrong);
    }
  }
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  const actor = actorOf(request);
  await app.inTransaction(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        ...(passwordHash ? { passwordHash } : {}),
        updatedAt: sql<string>`now()`,
      })
      .where('id', '=', caller.sub)
      .execute();
    if (passwordHash) {
      await lockUserForChange(trx, caller.sub);
      await endSessions(trx, caller.sub, caller.sid && isUuid(caller.sid) ? { except: caller.sid } : {});
      await revokeAccessTokens(trx, caller.sub, 'password changed', actor);
    }
    await appendToOutbox(trx, {
      type: 'evt.identity.account.updated',
      actor,
      data: { userId: caller.sub, email: user.email, name: `${firstName} ${lastName}`, passwordChanged: !!passwordHash },
    });
    await recordUserUpdated(trx, caller.sub, actor);
  });
  return { message: UserAnswers.accountUpdated };
}
