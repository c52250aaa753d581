import { performance } from 'node:perf_hooks';

import { PasswordAnswers, UserAnswers, type ResetPasswordBody, type SetPasswordNewUserBody } from '@cti/contracts';
import { appendToOutbox, BadRequest, type DataAccess } from '@cti/service-kit';

import { hashPassword, isEmail, normalizeEmail } from '../accounts/passwords';
import { findUserByEmail, findUserById, setPassword } from '../accounts/repository';
import { recordUserUpdated } from '../accounts/user-events';
import type { IdentityContext, RateLimited } from '../context';
import type { IdentityDB } from '../db';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { limitPasswordCallsFor, limitPasswordCallsFrom } from '../sessions/password-call-limits';
import { endSessions, lockUserForChange, revokeAccessTokens } from '../sessions/revocation';
import { clearAccountFailures, clearPairFailures } from '../sessions/sign-in-locks';
import { consumeOneTimeToken, issueOneTimeToken, spendAllTokens } from '../tokens/one-time-tokens';

import { assertPasswordAllowed } from './password-policy';

const HOUR = 3_600_000;

/** Forgot-password answers take at least this long, whether or not the account exists. */
export const FORGOT_PASSWORD_MIN_MS = 250;

/** What the password flows take: data access (the clock included) and the rate-limit counters. */
type PasswordData = DataAccess<IdentityDB> & RateLimited;

// a measured duration (`performance.now()`), not the domain clock: it only evens out answer times
const atLeast = async (startedAt: number, ms: number) => {
  const left = startedAt + ms - performance.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
};

/**
 * `POST api/user/forgotPassword/{email}`. Known and unknown e-mails
 * get the same answer in the same time. Per account at most RESET_MAILS_PER_ACCOUNT
 * mails an hour leave; earlier links stay valid, so nobody can lock the owner out.
 */
export async function forgotPassword(data: PasswordData, ctx: IdentityContext, rawEmail: string, ip: string): Promise<{ message: string }> {
  const startedAt = performance.now();
  await limitPasswordCallsFrom(data, ctx.config, ip);
  if (!isEmail(rawEmail)) throw new BadRequest(PasswordAnswers.invalidUsername);
  const email = normalizeEmail(rawEmail);
  await limitPasswordCallsFor(data, ctx.config, email);
  try {
    const sent = await data.rateLimits.hit(`reset-mails:${email}`, { max: Number.MAX_SAFE_INTEGER, windowMs: HOUR });
    const user = await findUserByEmail(data.db, email);
    if (user && !user.isFree && !user.disabled && sent <= ctx.config.RESET_MAILS_PER_ACCOUNT) {
      const minutes = ctx.config.RESET_TOKEN_TTL_MINUTES;
      const now = data.clock.now();
      await data.inTransaction(async (trx) => {
        const code = await issueOneTimeToken(trx, user.id, 'reset', minutes * 60_000, { now });
        const content = MailTemplates.resetPassword(user.name || user.email, ctx.links.resetPassword(code), minutes);
        await queueMail(trx, { to: [user.email], ...content, kind: 'reset-password' });
        await appendToOutbox(trx, {
          type: 'evt.identity.password.resetRequested',
          actor: null,
          data: { userId: user.id, email: user.email },
        });
      });
      ctx.mailer.kick();
    }
  } finally {
    await atLeast(startedAt, FORGOT_PASSWORD_MIN_MS);
  }
  return { message: PasswordAnswers.success };
}

/**
 * `POST api/user/resetPassword`: a wrong e-mail and a wrong code get
 * the same InvalidToken. Success ends every session (and voids every access token) and every other reset link, and
 * clears the account's failed sign-ins (from every address, and this address's against it).
 */
export async function resetPassword(
  data: PasswordData,
  ctx: IdentityContext,
  body: ResetPasswordBody,
  ip: string,
): Promise<{ message: string }> {
  await limitPasswordCallsFrom(data, ctx.config, ip);
  if (!isEmail(body.Email)) throw new BadRequest(PasswordAnswers.invalidUsername);
  const email = normalizeEmail(body.Email);
  await limitPasswordCallsFor(data, ctx.config, email);
  await assertPasswordAllowed(body.NewPassword);
  const passwordHash = await hashPassword(body.NewPassword);
  const now = data.clock.now();
  const userId = await data.inTransaction(async (trx) => {
    const owner = await consumeOneTimeToken(trx, 'reset', body.Code.trim(), { email }, now);
    if (!owner) return null;
    await setPassword(trx, owner, passwordHash, now);
    await spendAllTokens(trx, owner, 'reset', now);
    // whoever else held a session (perhaps the reason for the reset) is out, on every service
    await lockUserForChange(trx, owner);
    await endSessions(trx, owner, {}, now);
    await revokeAccessTokens(trx, owner, 'password reset', null);
    await appendToOutbox(trx, { type: 'evt.identity.password.reset', actor: null, data: { userId: owner, email } });
    return owner;
  });
  if (!userId) throw new BadRequest(PasswordAnswers.invalidToken);
  // the account's owner is back: its failures, and this address's against it, start again
  await clearAccountFailures(data, email);
  await clearPairFailures(data, email, ip);
  return { message: PasswordAnswers.success };
}

/**
 * `POST api/user/setPasswordNewUser`: the welcome link's token sets
 * the first password and the profile fields. Answers Success, InvalidToken,
 * PasswordTooShort or PasswordTooCommon.
 */
export async function setPasswordNewUser(
  data: PasswordData,
  ctx: IdentityContext,
  body: SetPasswordNewUserBody,
  ip: string,
): Promise<{ message: string }> {
  await limitPasswordCallsFrom(data, ctx.config, ip);
  const u = body.user;
  await limitPasswordCallsFor(data, ctx.config, u.Id);
  const fields = {
    firstName: u.FirstName.trim(),
    lastName: u.LastName.trim(),
    organizationName: u.OrganizationName.trim(),
    organizationAddress: u.OrganizationAddress.trim(),
  };
  if (!fields.firstName || !fields.lastName || !fields.organizationName || !fields.organizationAddress || !body.password) {
    throw new BadRequest(UserAnswers.missingFields);
  }
  await assertPasswordAllowed(body.password);
  const passwordHash = await hashPassword(body.password);
  const now = data.clock.now();
  const done = await data.inTransaction(async (trx) => {
    const owner = await consumeOneTimeToken(trx, 'welcome', body.token.trim(), { userId: u.Id }, now);
    if (!owner) return false;
    const user = await findUserById(trx, owner);
    if (!user) return false;
    await setPassword(trx, owner, passwordHash, now, { ...fields, name: `${fields.firstName} ${fields.lastName}` });
    await appendToOutbox(trx, { type: 'evt.identity.password.set', actor: null, data: { userId: owner, email: user.email } });
    await recordUserUpdated(trx, owner, null, now);
    return true;
  });
  if (!done) throw new BadRequest(PasswordAnswers.invalidToken);
  return { message: PasswordAnswers.success };
}
