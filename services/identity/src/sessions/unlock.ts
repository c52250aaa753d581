import { UnlockAnswers } from '@cti/contracts';
import { appendToOutbox, BadRequest } from '@cti/service-kit';

import { normalizeEmail } from '../accounts/passwords';
import { findUserById } from '../accounts/repository';
import type { IdentityContext } from '../context';
import { consumeOneTimeToken } from '../tokens/one-time-tokens';

import { limitPasswordCallsFrom } from './password-call-limits';
import { rememberSignInAddress } from './repository';
import { clearPairFailures, type SignInData } from './sign-in-locks';

/**
 * `POST api/user/unlockSignIn`: the owner of a locked account opens the e-mailed link from
 * the network they want to sign in from. That address becomes one of the account's own (an
 * account lock no longer stops it) and its failures against the account start again. The
 * link works once (and counts against the address like the password flows); the attacker's
 * addresses stay locked.
 */
export async function unlockSignIn(
  data: SignInData,
  config: IdentityContext['config'],
  code: string,
  ip: string,
): Promise<{ message: string }> {
  await limitPasswordCallsFrom(data, config, ip);
  const now = data.clock.now();
  const owner = await data.inTransaction(async (trx) => {
    const userId = await consumeOneTimeToken(trx, 'unlock', code.trim(), {}, now);
    const user = userId ? await findUserById(trx, userId) : undefined;
    if (!user) return null;
    await rememberSignInAddress(trx, user.id, ip, now);
    await appendToOutbox(trx, {
      type: 'evt.identity.signIn.unlocked',
      actor: null,
      data: { userId: user.id, email: user.email, address: ip },
    });
    return user;
  });
  if (!owner) throw new BadRequest(UnlockAnswers.invalidLink);
  await clearPairFailures(data, normalizeEmail(owner.email), ip);
  return { message: UnlockAnswers.unlocked };
}
