import type { AccessClaims } from '@cti/contracts';
import type { Clock, CommonConfig } from '@cti/service-kit';

import type { IdentityConfig } from './config';
import type { IdentityApp } from './db';
import type { Mailer } from './mail/mailer';

/** Links of the e-mails identity sends (paths of the accounts screens, on PUBLIC_URL). */
export function linksFor(publicUrl: string) {
  const base = publicUrl.replace(/\/$/, '');
  return {
    confirmEmail: (email: string, code: string) => `${base}/confirmEmail/${encodeURIComponent(email)}/${encodeURIComponent(code)}`,
    resetPassword: (code: string) => `${base}/resetPassword/${encodeURIComponent(code)}`,
    setPassword: (userId: string, token: string) => `${base}/user/setPassword/${encodeURIComponent(userId)}/${encodeURIComponent(token)}`,
    unlockSignIn: (code: string) => `${base}/unlockSignIn/${encodeURIComponent(code)}`,
  };
}
export type Links = ReturnType<typeof linksFor>;

/** How sessions are signed: the kit's signing key and the refresh tokens' lifetime (built in app.ts). */
export interface SessionIssuer {
  /** Signs an access token; `notAfterMs` brings its end forward to when its access ends. */
  signAccessToken(claims: AccessClaims, options?: { notAfterMs?: number | null }): string;
  refreshTtlDays: number;
  /** The time refresh tokens' lifetimes and role expiries are read on (`app.clock`). */
  clock: Clock;
}

/** What identity's feature plugins share: configuration, token signing, mail, links. */
export interface IdentityContext {
  config: IdentityConfig & CommonConfig;
  issuer: SessionIssuer;
  mailer: Mailer;
  links: Links;
}

/** The kit's shared rate-limit counters (`app.rateLimits`), for use-cases that count attempts. */
export interface RateLimited {
  readonly rateLimits: IdentityApp['rateLimits'];
}
