import { canExportEverything, canSimulate, RoleIds, RoleNames, type Principal, type RoleName } from '@cti/access';

const as = (role: RoleName): Principal => ({
  roles: [RoleIds[role]],
  groups: [],
  isAdmin: role === 'Admin',
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: role === 'FreeAccess',
});

describe('data exports and the simulator (issue rules)', () => {
  it('gives the full ZIP to Enhanced subscribers, AWG members and admins only', () => {
    expect(RoleNames.filter((r) => canExportEverything(as(r)))).toEqual(['Admin', 'AWGMember', 'Enhanced']);
  });

  it('offers the what-if simulator to AWG members, admins and Enhanced subscribers only', () => {
    expect(RoleNames.filter((r) => canSimulate(as(r)))).toEqual(['Admin', 'AWGMember', 'Enhanced']);
  });

  it('counts the admin flag as Admin', () => {
    const flagged = { ...as('Standard'), isAdmin: true };
    expect(canExportEverything(flagged)).toBe(true);
    expect(canSimulate(flagged)).toBe(true);
  });
});
