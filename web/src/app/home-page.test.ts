import { RoleIds, type Principal } from '@cti/access';

import { landingPathFor } from '../features/auth/landing';

import { homePageFor } from './home-page';
import { HEADER_LINKS } from './menu';

describe('where a signed-in user starts', () => {
  it('sends a country respondent to their questionnaire dashboard, not the public index', () => {
    expect(homePageFor({ IsAdmin: false, Roles: [RoleIds.CountryRespondent] })).toBe('/dashboard/country');
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.CountryRespondent] })).toBe('/dashboard/country');
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.CountryRespondent] }, '/login')).toBe(
      '/dashboard/country',
    );
  });

  it('keeps where the respondent was going, and the index for everyone else', () => {
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.CountryRespondent] }, '/documents')).toBe('/documents');
    expect(homePageFor({ IsAdmin: true, Roles: [RoleIds.Admin, RoleIds.CountryRespondent] })).toBe('/index');
    expect(homePageFor({ IsAdmin: false, Roles: [RoleIds.CountryViewer] })).toBe('/index');
    expect(homePageFor({ IsAdmin: false, Roles: [RoleIds.Standard] })).toBe('/index');
  });

  it('gives country respondents a direct Questionnaire entry in the header', () => {
    const principal = (roles: number[]): Principal => ({
      roles,
      groups: [],
      isAdmin: false,
      isGroupManager: false,
      isAcid: false,
      email: 'x@example.com',
      free: false,
    });
    const shown = (roles: number[]) => HEADER_LINKS.filter((l) => l.show(principal(roles), undefined)).map((l) => [l.label, l.to]);
    expect(shown([RoleIds.CountryRespondent])).toEqual([['Questionnaire', '/dashboard/country']]);
    expect(shown([RoleIds.CountryViewer])).toEqual([]);
  });
});
