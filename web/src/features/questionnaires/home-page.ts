import { RoleIds } from '@cti/access';

import type { HomePageUser } from '../../app/home-page';

/** Country respondents (not admins) start their day at their questionnaires, not the public index. */
export const respondentHomePage = (user: HomePageUser): string | null =>
  user.Roles.includes(RoleIds.CountryRespondent) && !user.IsAdmin && !user.Roles.includes(RoleIds.Admin) ? '/dashboard/country' : null;
