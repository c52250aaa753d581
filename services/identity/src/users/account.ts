import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Forbidden, actorOf, type ServiceApp } from '@cti/service-kit';
import { PasswordAnswers, UserAnswers, type AccountUpdateBody } from '@cti/contracts';
import type { FastifyRequest } from 'fastify';
import { identityDb } from '../db';
import { passwordTooShort } from '../passwords/password-flows';
import { hashPassword } from './passwords';
import { findUserById } from './repository';
import { recordUserUpdated } from './user-events';

/**
 * `POST api/user/account` (accounts §7/§8): the signed-in user changes their first and
 * last name and, optionally, their password. Free users have no account page.
 */
export async function updateOwnAccount(app: ServiceApp, request: FastifyRequest, body: AccountUpdateBody): Promise<{ message: string }> {
  const caller = request.principal!;
  if (body.user.Id !== caller.sub) throw new Forbidden();
  const firstName = body.user.FirstName.trim();
  const lastName = body.user.LastName.trim();
  if (!firstName || !lastName) throw new BadRequest(UserAnswers.accountMissingName);
  const newPassword = body.newPassword ?? '';
  if (newPassword && passwordTooShort(newPassword)) throw new BadRequest(PasswordAnswers.tooShort);
  const user = await findUserById(identityDb(app), caller.sub);
  if (!user || user.isFree) throw new Forbidden('Free access users have no account to update.');
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
    await appendToOutbox(trx, {
      type: 'evt.identity.account.updated',
      actor,
      data: { userId: caller.sub, email: user.email, name: `${firstName} ${lastName}`, passwordChanged: !!passwordHash },
    });
    await recordUserUpdated(trx, caller.sub, actor);
  });
  return { message: UserAnswers.accountUpdated };
}
