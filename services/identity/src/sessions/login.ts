import { appendToOutbox, BadRequest, Forbidden, TooManyRequests, Unauthorized, type ServiceApp } from '@cti/service-kit';
import { LoginAnswers, type SessionUser } from '@cti/contracts';
import { identityDb } from '../db';
import { isEmail, normalizeEmail, verifyPassword } from '../users/passwords';
import { findUserByEmail } from '../users/repository';
import { actorFromClaims, issueSession, type SessionIssuer } from './session';

export interface LoginLimits {
  perIpPerMinute: number;
  failuresPerAccountPerHour: number;
}

export const failureKey = (email: string) => `login-failures:${email}`;
const HOUR = 3_600_000;

/**
 * Credentialed login (accounts §7/§8). Unknown e-mails and wrong passwords get the same
 * answer after the same argon2 work; account state is only revealed to someone who
 * knows the password. Failures per account are capped per hour; the reset flow is
 * not affected by that cap.
 */
export async function login(
  app: ServiceApp,
  issuer: SessionIssuer,
  limits: LoginLimits,
  input: { email: string; password: string; ip: string },
): Promise<SessionUser> {
  const db = identityDb(app);
  await app.rateLimits.hit(`login-ip:${input.ip}`, { max: limits.perIpPerMinute, windowMs: 60_000 });
  if (!isEmail(input.email)) throw new BadRequest(LoginAnswers.invalidUsername);
  const email = normalizeEmail(input.email);
  const failureLimit = { max: limits.failuresPerAccountPerHour, windowMs: HOUR };
  if ((await app.rateLimits.count(failureKey(email), failureLimit)) >= limits.failuresPerAccountPerHour) {
    throw new TooManyRequests('Too many failed logins for this account. Please try again later or reset your password.', 3600);
  }
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.isFree) {
    await app.rateLimits.hit(failureKey(email), { max: Number.MAX_SAFE_INTEGER, windowMs: HOUR });
    throw new Unauthorized(LoginAnswers.invalidCredentials);
  }
  if (user.disabled) throw new Forbidden(LoginAnswers.disabled);
  if (user.expiresOn && Date.parse(user.expiresOn) < Date.now()) throw new Forbidden(LoginAnswers.expired);

  const session = await app.inTransaction(async (trx) => {
    const { session, claims } = await issueSession(trx, issuer, user);
    await appendToOutbox(trx, {
      type: 'evt.identity.user.loggedIn',
      actor: actorFromClaims(claims),
      data: { userId: user.id, email: user.email, free: false },
    });
    return session;
  });
  await app.rateLimits.reset(failureKey(email));
  return session;
}
