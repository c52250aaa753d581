import { ApiKeyRule, canUseApiKeys, RoleIds, RoleNames, satisfiesRule, type Principal, type RoleName } from '@cti/access';

const as = (role: RoleName): Principal => ({
  roles: [RoleIds[role]],
  groups: [],
  isAdmin: role === 'Admin',
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: role === 'FreeAccess',
});

describe('personal API keys', () => {
  it('are for Standard and Enhanced subscribers, AWG members and admins only', () => {
    expect(RoleNames.filter((r) => canUseApiKeys(as(r)))).toEqual(['Admin', 'AWGMember', 'Enhanced', 'Standard']);
  });

  it('the route rule admits exactly the same roles', () => {
    expect(RoleNames.filter((r) => satisfiesRule(as(r), ApiKeyRule))).toEqual(RoleNames.filter((r) => canUseApiKeys(as(r))));
  });

  it('nobody holding no role, or only a lapsed one, may hold keys', () => {
    expect(canUseApiKeys({ ...as('Standard'), roles: [] })).toBe(false);
  });
});
