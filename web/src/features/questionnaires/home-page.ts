import { RoleIds } from '@cti/access';
import type { SessionUser } from '@cti/contracts';

/** Country respondents (not admins) start their day at their questionnaires, not the public index. */
export const respondentHomePage = (user: Pick<SessionUser, 'IsAdmin' | 'Roles'>): string | null =>
  user.Roles.includes(RoleIds.CountryRespondent) && !user.IsAdmin && !user.Roles.includes(RoleIds.Admin) ? '/dashboard/country' : null;
