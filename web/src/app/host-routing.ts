import type { AppConfig } from './app-config';

/** Pages served on either host (sign-in, passwords, terms, errors, the dev mailbox). */
const SHARED = [
  /^\/login/,
  /^\/forgotPassword/,
  /^\/resetPassword\//,
  /^\/confirmEmail\//,
  /^\/agree/,
  /^\/restricted/,
  /^\/404/,
  /^\/dev\//,
  /^\/about/,
  /^\/contact\//,
];
/** The user area: user admin, requests, subscriptions, account, login chooser, password setup. */
const USERS = [/^\/user\//, /^\/account$/];

export const isUsersHostPath = (pathname: string) => USERS.some((r) => r.test(pathname));

/**
 * Host routing: user-admin routes belong to the users host, the others to
 * the index host. Answers where to go instead, or null (also when turned off: in
 * development or when the hosts are not configured).
 */
export function hostRedirectUrl(
  location: { protocol: string; host: string; pathname: string; search: string; hash: string },
  config: Pick<AppConfig, 'environment' | 'usersHost' | 'indexHost'> | undefined,
): string | null {
  if (!config || config.environment === 'development' || !config.usersHost || !config.indexHost) return null;
  if (SHARED.some((r) => r.test(location.pathname))) return null;
  const wanted = isUsersHostPath(location.pathname) ? config.usersHost : config.indexHost;
  if (location.host.toLowerCase() === wanted.toLowerCase()) return null;
  return `${location.protocol}//${wanted}${location.pathname}${location.search}${location.hash}`;
}
