import { appendToOutbox, TooManyRequests, type DataAccess } from '@cti/service-kit';

import { findUserByEmail } from '../accounts/repository';
import type { IdentityContext, RateLimited } from '../context';
import type { IdentityDB } from '../db';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { issueOneTimeToken } from '../tokens/one-time-tokens';

import { isKnownSignInAddress } from './repository';

const HOUR = 3_600_000;
const ADDRESS_WINDOW = 15 * 60_000;
/** An address the account signed in from within this many days opens it during an account lock. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * How many failed sign-ins (a wrong password, or a wrong current password on My account) lock
 * what. None of them can be turned against the owner: an address lock and a pair lock only
 * stop the address that failed; an account lock leaves open the addresses the owner signed in
 * from before and any address the owner unlocks with the e-mailed link.
 */
export interface SignInLimits {
  /** Failures from one client address, whatever the account, per 15 minutes (an office behind one address). */
  failuresPerAddress: number;
  /** Failures of one account from one address per hour: that account is locked from that address. */
  failuresPerAccountAddress: number;
  /** Failures of one account from any addresses per hour: addresses it never signed in from are locked. */
  failuresPerAccount: number;
  /** Unlock e-mails per account per hour (an attacker with many addresses cannot flood the inbox). */
  unlockMailsPerAccount: number;
  unlockTtlHours: number;
}

export const signInLimitsOf = (config: IdentityContext['config']): SignInLimits => ({
  failuresPerAddress: config.LOGIN_FAILURES_PER_IP,
  failuresPerAccountAddress: config.LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
  failuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT,
  unlockMailsPerAccount: config.UNLOCK_MAILS_PER_ACCOUNT,
  unlockTtlHours: config.UNLOCK_TOKEN_TTL_HOURS,
});

const keys = {
  address: (ip: string) => `login-failures-ip:${ip}`,
  pair: (email: string, ip: string) => `login-failures-pair:${email}|${ip}`,
  account: (email: string) => `login-failures:${email}`,
  unlockMails: (email: string) => `unlock-mails:${email}`,
};

export const TooManyFailures = {
  ip: 'Too many failed sign-ins from your network. Please try again in a few minutes.',
  accountAddress:
    'Too many failed sign-ins to this account from your network. Use the unlock link e-mailed to the account, sign in from another network, or try again in an hour.',
  account:
    'Too many failed sign-ins to this account. Use the unlock link e-mailed to the account, sign in from a network you used before, or try again in an hour.',
} as const;

/** What counting and locking need: data access (the clock included), the counters and identity's mail. */
export type SignInData = DataAccess<IdentityDB> & RateLimited;

/** The failures counted so far against the account (from anywhere, and from this address). */
export interface FailuresBefore {
  account: number;
  pair: number;
}

/**
 * Refuses a sign-in from a locked address, a locked (account, address) pair, or, while the
 * account is locked, an address the account never signed in from (successes never count).
 * `userId` is the account's, or null when no account has the e-mail (it is counted the same).
 */
export async function assertSignInAllowed(
  data: SignInData,
  limits: SignInLimits,
  attempt: { email: string; ip: string; userId: string | null },
): Promise<FailuresBefore> {
  const { rateLimits } = data;
  const { email, ip, userId } = attempt;
  const onAddress = await rateLimits.count(keys.address(ip), { max: limits.failuresPerAddress, windowMs: ADDRESS_WINDOW });
  if (onAddress >= limits.failuresPerAddress) throw new TooManyRequests(TooManyFailures.ip, ADDRESS_WINDOW / 1000);
  const pair = await rateLimits.count(keys.pair(email, ip), { max: limits.failuresPerAccountAddress, windowMs: HOUR });
  if (pair >= limits.failuresPerAccountAddress) throw new TooManyRequests(TooManyFailures.accountAddress, HOUR / 1000);
  const account = await rateLimits.count(keys.account(email), { max: limits.failuresPerAccount, windowMs: HOUR });
  if (account >= limits.failuresPerAccount) {
    const since = new Date(data.clock.now().getTime() - KNOWN_ADDRESS_DAYS * 24 * HOUR);
    if (!userId || !(await isKnownSignInAddress(data.db, userId, ip, since))) {
      throw new TooManyRequests(TooManyFailures.account, HOUR / 1000);
    }
  }
  return { account, pair };
}

/**
 * Counts one failed sign-in against the address, the (account, address) pair and the account.
 * The failure that reaches a limit starts its lock: it is audited (`evt.identity.signIn.locked`)
 * and, for a lock of an existing account, its owner is e-mailed an unlock link.
 */
export async function recordSignInFailure(
  data: SignInData,
  ctx: IdentityContext,
  limits: SignInLimits,
  attempt: { email: string; ip: string },
): Promise<void> {
  const { rateLimits } = data;
  const { email, ip } = attempt;
  const unlimited = Number.MAX_SAFE_INTEGER;
  const onAddress = await rateLimits.hit(keys.address(ip), { max: unlimited, windowMs: ADDRESS_WINDOW });
  const onPair = await rateLimits.hit(keys.pair(email, ip), { max: unlimited, windowMs: HOUR });
  const onAccount = await rateLimits.hit(keys.account(email), { max: unlimited, windowMs: HOUR });
  // concurrent failures each get their own count: exactly one of them reaches a limit
  if (onAddress === limits.failuresPerAddress) {
    await recordLock(data, ctx, limits, { scope: 'address', ip, email: null, failures: onAddress, minutes: ADDRESS_WINDOW / 60_000 });
  }
  if (onPair === limits.failuresPerAccountAddress) {
    await recordLock(data, ctx, limits, { scope: 'account-address', ip, email, failures: onPair, minutes: HOUR / 60_000 });
  }
  if (onAccount === limits.failuresPerAccount) {
    await recordLock(data, ctx, limits, { scope: 'account', ip, email, failures: onAccount, minutes: HOUR / 60_000 });
  }
}

/** After a successful sign-in from `ip`: the account's failures, and this address's against it, start again. */
export async function clearSignInFailures(data: SignInData, email: string, ip: string, before: FailuresBefore): Promise<void> {
  // most sign-ins had no failures to clear (no delete then)
  if (before.pair > 0) await data.rateLimits.reset(keys.pair(email, ip));
  if (before.account > 0) await data.rateLimits.reset(keys.account(email));
}

interface Lock {
  scope: 'address' | 'account-address' | 'account';
  ip: string;
  email: string | null;
  failures: number;
  minutes: number;
}

/** Audits a lock that just started and e-mails the account's owner (if any, at most so often) an unlock link. */
async function recordLock(data: SignInData, ctx: IdentityContext, limits: SignInLimits, lock: Lock): Promise<void> {
  const user = lock.email ? await findUserByEmail(data.db, lock.email) : undefined;
  const owner = user && !user.isFree && !user.disabled && user.passwordHash ? user : null;
  const mailsSent = owner ? await data.rateLimits.hit(keys.unlockMails(owner.email), { max: Number.MAX_SAFE_INTEGER, windowMs: HOUR }) : 0;
  const mail = owner && mailsSent <= limits.unlockMailsPerAccount;
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    if (owner && mail) {
      const code = await issueOneTimeToken(trx, owner.id, 'unlock', limits.unlockTtlHours * HOUR, { now });
      const content = MailTemplates.unlockSignIn(owner.name || owner.email, ctx.links.unlockSignIn(code), {
        scope: lock.scope === 'account' ? 'account' : 'address',
        address: lock.ip,
        failures: lock.failures,
        ttlHours: limits.unlockTtlHours,
      });
      await queueMail(trx, { to: [owner.email], ...content, kind: 'unlock-sign-in' });
    }
    await appendToOutbox(trx, {
      type: 'evt.identity.signIn.locked',
      actor: null,
      data: {
        scope: lock.scope,
        address: lock.ip,
        email: lock.email,
        userId: user?.id ?? null,
        failures: lock.failures,
        minutes: lock.minutes,
        unlockMailed: !!mail,
      },
    });
  });
  if (mail) ctx.mailer.kick();
}

/** The (account, address) pair's failures start again (the owner unlocked it, or reset the password there). */
export async function clearPairFailures(data: RateLimited, email: string, ip: string): Promise<void> {
  await data.rateLimits.reset(keys.pair(email, ip));
}

/** The account's failures from every address start again (a password reset). */
export async function clearAccountFailures(data: RateLimited, email: string): Promise<void> {
  await data.rateLimits.reset(keys.account(email));
}
