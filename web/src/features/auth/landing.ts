import { isLimitedToAccount } from '@cti/access';
import type { SessionUser } from '@cti/contracts';
import { homePageFor } from '../../app/home-page';

/**
 * Where a user lands after signing in (accounts §4/§6): the terms gate while they must
 * agree, the account page when they hold no compliance-index role, else where they were
 * going or their home page (app/home-page: the index for most).
 */
export function landingPathFor(user: Pick<SessionUser, 'MustAgreeCTC' | 'IsAdmin' | 'Roles'>, from?: string | null): string {
  if (user.MustAgreeCTC && !user.IsAdmin) return '/agree';
  if (isLimitedToAccount({ roles: user.Roles })) return '/user/account';
  return from && !/^\/(login|forgotPassword|resetPassword|confirmEmail)/.test(from) ? from : homePageFor(user);
}
