import { isLimitedToAccount, mustAgreeToTerms as termsHold } from '@cti/access';
import type { SessionUser } from '@cti/contracts';

import { homePageFor } from '../../app/home-page';

export type LandingUser = Pick<SessionUser, 'MustAgreeCTC' | 'IsAdmin' | 'Roles'>;

/**
 * Whether the compliance-index terms gate holds the user. The gate belongs
 * to the application entered: admins never see it, and a user who may only enter the
 * carbon calculator (their account page here) is not held by the compliance index's terms.
 */
export const mustAgreeToTerms = (user: LandingUser) =>
  termsHold({ mustAgreeCtc: user.MustAgreeCTC, isAdmin: user.IsAdmin, roles: user.Roles });

/**
 * Where a signed-in user starts when they did not ask for a page: the account page when
 * they hold no compliance-index role, else their home page (app/home-page,
 * where features name theirs: the index for most).
 */
export const homePathFor = (user: LandingUser): string => (isLimitedToAccount({ roles: user.Roles }) ? '/user/account' : homePageFor(user));

/** Pages a sign-in never returns to (they start or end a session). */
const NOT_A_DESTINATION = /^\/(login|forgotPassword|resetPassword|confirmEmail|agree)(\/|$|\?)/;

/** A path of this site the user was on their way to (never another site: `//host` or a URL). */
const destination = (from: string | null | undefined) => (from && /^\/(?!\/)/.test(from) && !NOT_A_DESTINATION.test(from) ? from : null);

/** Where to go after signing in (or agreeing): `pathname`, with what to come back to after the terms gate. */
export interface Landing {
  pathname: string;
  state?: { from: string };
}

/**
 * Where a user lands after signing in: the terms gate while they must
 * agree (keeping the page they were going to for afterwards), else the page they were
 * going to (a deep link), else their home page.
 */
export function landingFor(user: LandingUser, from?: string | null): Landing {
  const wanted = destination(from);
  if (mustAgreeToTerms(user)) return wanted ? { pathname: '/agree', state: { from: wanted } } : { pathname: '/agree' };
  return { pathname: wanted ?? homePathFor(user) };
}

/** `landingFor` as a path only (links and redirects that carry no state). */
export const landingPathFor = (user: LandingUser, from?: string | null) => landingFor(user, from).pathname;

/** The `from` a redirect left in the router location's state. */
export const fromOf = (state: unknown): string | null =>
  state && typeof state === 'object' && typeof (state as { from?: unknown }).from === 'string' ? (state as { from: string }).from : null;
