import { guardRoute, isInEmailDomain, manageProductsRule, RoleIds, RouteRules, satisfiesRule, type Principal } from '@cti/access';

const principal = (roles: number[], extra: Partial<Principal> = {}): Principal => ({
  roles,
  groups: [],
  isAdmin: roles.includes(RoleIds.Admin),
  isGroupManager: false,
  isAcid: false,
  email: 'someone@example.com',
  free: false,
  ...extra,
});

describe('route guard', () => {
  it('sends anonymous users to login and lets public routes through', () => {
    expect(guardRoute(null, RouteRules.index)).toBe('login');
    expect(guardRoute(null, RouteRules.public)).toBe('allow');
  });

  it('"or" needs any listed role', () => {
    expect(satisfiesRule(principal([RoleIds.Standard]), { match: 'or', roles: ['Admin', 'Standard'] })).toBe(true);
    expect(satisfiesRule(principal([RoleIds.CountryViewer]), { match: 'or', roles: ['Admin', 'Standard'] })).toBe(false);
  });

  it('"and" needs every listed role', () => {
    const rule = { match: 'and' as const, roles: ['CountryRespondent', 'CountryViewer'] as const };
    expect(satisfiesRule(principal([RoleIds.CountryRespondent]), rule)).toBe(false);
    expect(satisfiesRule(principal([RoleIds.CountryRespondent, RoleIds.CountryViewer]), rule)).toBe(true);
  });

  it('restricts the audit log to admins', () => {
    expect(guardRoute(principal([RoleIds.Admin]), RouteRules.adminOnly)).toBe('allow');
    expect(guardRoute(principal([RoleIds.AWGMember]), RouteRules.adminOnly)).toBe('restricted');
  });

  it('lets only admins of the vendor domain manage products', () => {
    const rule = manageProductsRule('vendor.example');
    expect(satisfiesRule(principal([RoleIds.Admin], { email: 'ops@vendor.example' }), rule)).toBe(true);
    expect(satisfiesRule(principal([RoleIds.Admin], { email: 'OPS@Vendor.Example' }), rule)).toBe(true);
    expect(satisfiesRule(principal([RoleIds.Admin], { email: 'ops@other.example' }), rule)).toBe(false);
    // a look-alike domain is another domain
    expect(satisfiesRule(principal([RoleIds.Admin], { email: 'ops@evilvendor.example' }), rule)).toBe(false);
    expect(satisfiesRule(principal([RoleIds.AWGMember], { email: 'member@vendor.example' }), rule)).toBe(false);
    expect(satisfiesRule(principal([RoleIds.Admin], { email: 'ops@vendor.example' }), manageProductsRule(''))).toBe(false);
    expect(isInEmailDomain('a@b.example', '@b.example')).toBe(true);
  });

  it('opens the users page to group managers and admins', () => {
    expect(guardRoute(principal([RoleIds.CountryViewer], { isGroupManager: true }), RouteRules.usersPage)).toBe('allow');
    expect(guardRoute(principal([RoleIds.CountryViewer]), RouteRules.usersPage)).toBe('restricted');
  });

  it('keeps free users off the documents page but on the index', () => {
    const free = principal([RoleIds.FreeAccess], { free: true });
    expect(guardRoute(free, RouteRules.index)).toBe('allow');
    expect(guardRoute(free, RouteRules.documents)).toBe('restricted');
  });
});
