import type { IdentityContext, RateLimited } from '../context';

const HOUR = 3_600_000;

// The password flows (passwords/) and the unlock link (here) count against the same limits, so
// the limits live below both.
type PasswordRates = Pick<IdentityContext['config'], 'PASSWORD_RATE_PER_IP' | 'PASSWORD_RATE_PER_ACCOUNT'>;

/**
 * Counts a call of the password flows (forgot, reset, new password, unlock link) against the
 * client address: `PASSWORD_RATE_PER_IP` an hour, sized for an office behind one address.
 */
export async function limitPasswordCallsFrom(data: RateLimited, config: PasswordRates, ip: string): Promise<void> {
  await data.rateLimits.hit(`password-ip:${ip}`, { max: config.PASSWORD_RATE_PER_IP, windowMs: HOUR });
}

/** Counts a call of the password flows against the account it names (e-mail or user id): `PASSWORD_RATE_PER_ACCOUNT` an hour. */
export async function limitPasswordCallsFor(data: RateLimited, config: PasswordRates, account: string): Promise<void> {
  await data.rateLimits.hit(`password-account:${account}`, { max: config.PASSWORD_RATE_PER_ACCOUNT, windowMs: HOUR });
}
