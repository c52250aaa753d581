import { currentPlan, RoleIds, type Principal, type RoleName } from '@cti/access';

import { accessWithoutSubscription } from './my-plan';

const holding = (...roles: RoleName[]): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups: [],
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: roles.includes('FreeAccess'),
});

describe('My account’s line for access that comes without a subscription', () => {
  it.each<[RoleName, string]>([
    ['CountryViewer', 'your country access comes with your account.'],
    ['Standard', 'your Standard plan comes with your account.'],
    ['Enhanced', 'your Enhanced plan comes with your account.'],
    ['AWGMember', 'your working-group member access comes with your account.'],
    ['Admin', 'your administrator access comes with your account.'],
    ['CountryRespondent', 'your country respondent access comes with your account.'],
  ])('reads naturally for %s, never “access access”', (role, ending) => {
    const text = accessWithoutSubscription(currentPlan(holding(role)))!;
    expect(text).toBe(`You have no subscription of your own: ${ending}`);
    expect(text).not.toMatch(/access access|plan access/);
  });

  it('says nothing of the kind to free users or those without access', () => {
    expect(accessWithoutSubscription(currentPlan(holding('FreeAccess')))).toBeNull();
    expect(accessWithoutSubscription(currentPlan(holding('ACCFullAccess')))).toBeNull();
  });
});
