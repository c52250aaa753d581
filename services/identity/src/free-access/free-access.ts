import { RoleIds } from '@cti/access';
import { FreeAccessAnswers, PasswordAnswers, type FreeAccessBody, type SessionUser } from '@cti/contracts';
import { actorFromClaims, appendToOutbox, BadRequest, Conflict, type DataAccess, Forbidden } from '@cti/service-kit';

import { isEmail, normalizeEmail } from '../accounts/passwords';
import { findUserByEmail, findUserById, insertUser, markEmailConfirmed, setUserRoles, updateFreeUserProfile } from '../accounts/repository';
import type { IdentityContext, RateLimited } from '../context';
import type { IdentityDB, IdentityExecutor } from '../db';
import { deviceCredentialOf, issueDeviceCredential } from '../devices/device-credentials';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { issueSession, type UserRow } from '../sessions/session';
import { consumeOneTimeToken, issueOneTimeToken } from '../tokens/one-time-tokens';

const HOUR = 3_600_000;

export type FreeAccessOutcome = { kind: 'confirm-email' } | { kind: 'granted'; session: SessionUser };

/** A session granted on a confirmation or sign-in link, with the device credential the browser keeps from now on. */
export interface ConfirmedAccess {
  session: SessionUser;
  device: { value: string; expiresAt: Date };
}

const splitName = (name: string) => {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
};

/** Issues a free user's session and records the grant and the login. */
async function grantFreeSession(trx: IdentityExecutor, ctx: IdentityContext, user: UserRow): Promise<SessionUser> {
  const { session, claims } = await issueSession(trx, ctx.issuer, user.id);
  const actor = actorFromClaims(claims);
  await appendToOutbox(trx, {
    type: 'evt.identity.freeAccess.granted',
    actor,
    data: { userId: user.id, email: user.email, name: user.name, company: user.organizationName },
  });
  await appendToOutbox(trx, { type: 'evt.identity.user.loggedIn', actor, data: { userId: user.id, free: true } });
  return session;
}

/**
 * `POST api/freeUser/access/{email}`. A credentialed account answers User already exists; a
 * new or unconfirmed visitor gets a confirmation e-mail (Confirm Email). A free user who
 * confirmed before is let in only from a browser that proves it: one holding a device
 * credential of this address (`deviceCookie`, its signature already checked); from any other
 * browser the answer is Confirm Email too, and a one-time sign-in link is e-mailed. An
 * e-mail address alone never opens a session. Rate-limited per IP and e-mail.
 */
export async function requestFreeAccess(
  data: DataAccess<IdentityDB> & RateLimited,
  ctx: IdentityContext,
  pathEmail: string,
  body: FreeAccessBody,
  ip: string,
  deviceCookie: string | null = null,
): Promise<FreeAccessOutcome> {
  await data.rateLimits.hit(`free-ip:${ip}`, { max: ctx.config.FREE_ACCESS_RATE_PER_IP, windowMs: 10 * 60_000 });
  const raw = (body.Email || pathEmail).trim();
  if (!isEmail(raw)) throw new BadRequest(FreeAccessAnswers.invalidUsername);
  const email = normalizeEmail(raw);
  await data.rateLimits.hit(`free-account:${email}`, { max: ctx.config.FREE_ACCESS_RATE_PER_ACCOUNT, windowMs: HOUR });

  const existing = await findUserByEmail(data.db, email);
  if (existing && !existing.isFree) throw new Conflict(FreeAccessAnswers.userExists);
  if (existing?.disabled) throw new Forbidden(FreeAccessAnswers.grantFailed);
  if (existing?.confirmedAt) {
    const now = data.clock.now();
    const session = await data.inTransaction(async (trx) =>
      (await deviceCredentialOf(trx, deviceCookie, existing.id, now)) ? grantFreeSession(trx, ctx, existing) : null,
    );
    if (session) return { kind: 'granted', session };
    await sendSignInLink(data, ctx, existing, now);
    return { kind: 'confirm-email' };
  }

  // a resend from the confirm screen carries only the e-mail: the stored name and company stay
  const name = body.Name?.trim() || existing?.name || '';
  const company = body.Company?.trim() || existing?.organizationName || '';
  if (!name || !company) throw new BadRequest(FreeAccessAnswers.missingFields);
  const hours = ctx.config.FREE_CONFIRM_TTL_HOURS;
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    let userId = existing?.id;
    if (userId) {
      await updateFreeUserProfile(trx, userId, { name, ...splitName(name), organizationName: company }, now);
    } else {
      userId = await insertUser(trx, {
        email,
        ...splitName(name),
        name,
        organizationName: company,
        passwordHash: null,
        isFree: true,
        // the free-access form's terms checkbox is the agreement
        mustAgreeCtc: false,
        agreedCtcAt: now.toISOString(),
      });
      await setUserRoles(trx, userId, [RoleIds.FreeAccess]);
    }
    const code = await issueOneTimeToken(trx, userId, 'free-confirm', hours * HOUR, { replacePrevious: true, now });
    const content = MailTemplates.freeAccessConfirmation(name, ctx.links.confirmEmail(email, code));
    await queueMail(trx, { to: [email], ...content, kind: 'free-access-confirmation' });
    await appendToOutbox(trx, { type: 'evt.identity.freeAccess.requested', actor: null, data: { email, name, company } });
  });
  ctx.mailer.kick();
  return { kind: 'confirm-email' };
}

/** A one-time link (the confirmation link's route and lifetime) for a confirmed free user, e-mailed to their address. */
async function sendSignInLink(data: DataAccess<IdentityDB>, ctx: IdentityContext, user: UserRow, now: Date): Promise<void> {
  const hours = ctx.config.FREE_CONFIRM_TTL_HOURS;
  await data.inTransaction(async (trx) => {
    const code = await issueOneTimeToken(trx, user.id, 'free-confirm', hours * HOUR, { replacePrevious: true, now });
    const content = MailTemplates.freeAccessSignIn(user.name, ctx.links.confirmEmail(user.email, code), hours);
    await queueMail(trx, { to: [user.email], ...content, kind: 'free-access-sign-in' });
    await appendToOutbox(trx, {
      type: 'evt.identity.freeAccess.requested',
      actor: null,
      data: { email: user.email, name: user.name, company: user.organizationName },
    });
  });
  ctx.mailer.kick();
}

/**
 * `POST /api/freeUser/access/{email}/{code}`: the confirmation (or sign-in) link logs the
 * free user in, and this browser gets a device credential of the address.
 */
export async function confirmFreeAccess(
  data: DataAccess<IdentityDB> & RateLimited,
  ctx: IdentityContext,
  rawEmail: string,
  code: string,
  ip: string,
): Promise<ConfirmedAccess> {
  await data.rateLimits.hit(`free-ip:${ip}`, { max: ctx.config.FREE_ACCESS_RATE_PER_IP, windowMs: 10 * 60_000 });
  if (!isEmail(rawEmail)) throw new BadRequest(FreeAccessAnswers.invalidUsername);
  const email = normalizeEmail(rawEmail);
  const now = data.clock.now();
  const session = await data.inTransaction(async (trx) => {
    const userId = await consumeOneTimeToken(trx, 'free-confirm', code.trim(), { email }, now);
    if (!userId) return null;
    await markEmailConfirmed(trx, userId, now);
    const user = await findUserById(trx, userId);
    if (!user || !user.isFree || user.disabled) return null;
    return { session: await grantFreeSession(trx, ctx, user), device: await issueDeviceCredential(trx, user.id, now) };
  });
  if (!session) throw new BadRequest(PasswordAnswers.invalidToken);
  return session;
}
