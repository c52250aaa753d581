import { LoginAnswers, type SessionUser } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, Forbidden, Unauthorized } from '@cti/service-kit';

import { isEmail, normalizeEmail, verifyPassword } from '../accounts/passwords';
import { findUserByEmail } from '../accounts/repository';
import type { IdentityContext } from '../context';

import { rememberSignInAddress } from './repository';
import { issueSession } from './session';
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure, type SignInData, type SignInLimits } from './sign-in-locks';

/**
 * Credentialed login. Unknown e-mails and wrong passwords get the same
 * answer after the same argon2 work; account state is only revealed to someone who
 * knows the password. Failures lock the failing address, the (account, address) pair or,
 * for addresses the account never signed in from, the account (see sign-in-locks.ts);
 * successes never count, and a success remembers its address as the account's own.
 * Account expiry is read on `data.clock`; the failure windows are the kit's rate-limit counters.
 */
export async function login(
  data: SignInData,
  ctx: IdentityContext,
  limits: SignInLimits,
  input: { email: string; password: string; ip: string },
): Promise<SessionUser> {
  if (!isEmail(input.email)) throw new BadRequest(LoginAnswers.invalidUsername);
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(data.db, email);
  const failuresBefore = await assertSignInAllowed(data, limits, { email, ip: input.ip, userId: user?.id ?? null });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.isFree) {
    await recordSignInFailure(data, ctx, limits, { email, ip: input.ip });
    throw new Unauthorized(LoginAnswers.invalidCredentials);
  }
  if (user.disabled) throw new Forbidden(LoginAnswers.disabled);
  if (user.expiresOn && Date.parse(user.expiresOn) < data.clock.now().getTime()) throw new Forbidden(LoginAnswers.expired);

  const now = data.clock.now();
  const session = await data.inTransaction(async (trx) => {
    const { session, claims } = await issueSession(trx, ctx.issuer, user.id);
    await rememberSignInAddress(trx, user.id, input.ip, now);
    await appendToOutbox(trx, {
      type: 'evt.identity.user.loggedIn',
      actor: actorFromClaims(claims),
      data: { userId: user.id, free: false },
    });
    return session;
  });
  await clearSignInFailures(data, email, input.ip, failuresBefore);
  return session;
}
