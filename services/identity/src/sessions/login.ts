import { LoginAnswers, type SessionUser } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, type DataAccess, Forbidden, TooManyRequests, Unauthorized } from '@cti/service-kit';

import type { RateLimited } from '../context';
import type { IdentityDB } from '../db';
import { isEmail, normalizeEmail, verifyPassword } from '../users/passwords';
import { findUserByEmail } from '../users/repository';

import { issueSession, type SessionIssuer } from './session';

export interface LoginLimits {
  failuresPerIp: number;
  failuresPerAccountPerHour: number;
}

/** What signing in needs besides the data: the session issuer, the failure counters and their limits. */
export interface LoginDeps extends RateLimited {
  issuer: SessionIssuer;
  limits: LoginLimits;
}

export const failureKey = (email: string) => `login-failures:${email}`;
const ipFailureKey = (ip: string) => `login-failures-ip:${ip}`;
const HOUR = 3_600_000;
const IP_WINDOW = 15 * 60_000;

export const TooManyFailures = {
  ip: 'Too many failed sign-ins from your network. Please try again in a few minutes.',
  account: 'Too many failed logins for this account. Please try again later or reset your password.',
} as const;

/** Counts one failed sign-in against the account and the client's address. */
export async function recordLoginFailure({ rateLimits }: RateLimited, email: string, ip: string): Promise<void> {
  await rateLimits.hit(failureKey(email), { max: Number.MAX_SAFE_INTEGER, windowMs: HOUR });
  await rateLimits.hit(ipFailureKey(ip), { max: Number.MAX_SAFE_INTEGER, windowMs: IP_WINDOW });
}

/**
 * Refuses an account, or an address, that has failed too often lately (successful sign-ins
 * never count); answers the account's failures in the current window otherwise.
 */
export async function assertNotLockedOut({ rateLimits }: RateLimited, limits: LoginLimits, email: string, ip: string): Promise<number> {
  if ((await rateLimits.count(ipFailureKey(ip), { max: limits.failuresPerIp, windowMs: IP_WINDOW })) >= limits.failuresPerIp) {
    throw new TooManyRequests(TooManyFailures.ip, IP_WINDOW / 1000);
  }
  const failureLimit = { max: limits.failuresPerAccountPerHour, windowMs: HOUR };
  const accountFailures = await rateLimits.count(failureKey(email), failureLimit);
  if (accountFailures >= limits.failuresPerAccountPerHour) {
    throw new TooManyRequests(TooManyFailures.account, HOUR / 1000);
  }
  return accountFailures;
}

/**
 * Credentialed login. Unknown e-mails and wrong passwords get the same
 * answer after the same argon2 work; account state is only revealed to someone who
 * knows the password. Failures are capped per account (per hour; the reset flow is not
 * affected) and per client address (per 15 minutes, office-sized), successes never.
 * Account expiry is read on `data.clock`; the failure windows are the kit's rate-limit counters.
 */
export async function login(
  data: DataAccess<IdentityDB>,
  deps: LoginDeps,
  input: { email: string; password: string; ip: string },
): Promise<SessionUser> {
  if (!isEmail(input.email)) throw new BadRequest(LoginAnswers.invalidUsername);
  const email = normalizeEmail(input.email);
  const failuresBefore = await assertNotLockedOut(deps, deps.limits, email, input.ip);
  const user = await findUserByEmail(data.db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.isFree) {
    await recordLoginFailure(deps, email, input.ip);
    throw new Unauthorized(LoginAnswers.invalidCredentials);
  }
  if (user.disabled) throw new Forbidden(LoginAnswers.disabled);
  if (user.expiresOn && Date.parse(user.expiresOn) < data.clock.now().getTime()) throw new Forbidden(LoginAnswers.expired);

  const session = await data.inTransaction(async (trx) => {
    const { session, claims } = await issueSession(trx, deps.issuer, user.id);
    await appendToOutbox(trx, {
      type: 'evt.identity.user.loggedIn',
      actor: actorFromClaims(claims),
      data: { userId: user.id, email: user.email, free: false },
    });
    return session;
  });
  // a success clears the account's failures; most sign-ins had none to clear (no delete then)
  if (failuresBefore > 0) await deps.rateLimits.reset(failureKey(email));
  return session;
}
