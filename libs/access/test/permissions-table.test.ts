import {
  guardRoute,
  isLimitedToAccount,
  PUBLIC_SCREENS,
  RoleIds,
  RoleNames,
  RouteRules,
  SCREENS,
  UserEditPolicy,
  type Principal,
  type RoleName,
} from '@cti/access';

/**
 * The permission tables of the accounts permission table and the index and commerce permission table, transcribed
 * independently of src/rules.ts: who may open each area.
 */
type Who = { roles: RoleName[] } | 'groupManagerOrAdmin' | 'isAcid';
const SPEC_TABLE: Record<string, Who> = {
  'Users page': 'groupManagerOrAdmin',
  Requests: { roles: ['Admin'] },
  Subscriptions: { roles: ['Admin'] },
  Account: {
    roles: [
      'Admin',
      'AWGMember',
      'AWGMemberACC',
      'AWGMemberCTC',
      'ACCFullAccess',
      'ACCPresaleAccess',
      'CountryRespondent',
      'CountryViewer',
      'Enhanced',
      'Standard',
      'FreeAccess',
    ],
  },
  'Questionnaire pages': { roles: ['CountryRespondent', 'Admin'] },
  'Admin pages': { roles: ['Admin'] },
  'Historical data': { roles: ['Admin', 'Enhanced', 'Standard', 'AWGMember'] },
  Index: { roles: ['Admin', 'AWGMember', 'CountryRespondent', 'CountryViewer', 'Enhanced', 'Standard', 'FreeAccess'] },
  Documents: { roles: ['Admin', 'AWGMember', 'CountryRespondent', 'CountryViewer', 'Enhanced', 'Standard'] },
  'Purchase history': { roles: ['Admin', 'Enhanced', 'Standard', 'AWGMember', 'CountryViewer', 'CountryRespondent'] },
  'ACID documents': 'isAcid',
};

const principal = (roles: RoleName[], extra: Partial<Principal> = {}): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups: ['g1'],
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'someone@example.com',
  free: false,
  ...extra,
});

/** Every single-role user, plus the flag holders the tables name. */
const callers: Array<{ label: string; p: Principal }> = [
  ...RoleNames.map((r) => ({ label: r, p: principal([r]) })),
  { label: 'no role', p: principal([]) },
  { label: 'group manager (CountryViewer)', p: principal(['CountryViewer'], { isGroupManager: true }) },
  { label: 'IsACID (Standard)', p: principal(['Standard'], { isAcid: true }) },
  { label: 'free user', p: principal(['FreeAccess'], { free: true }) },
];

function expected(who: Who, p: Principal): boolean {
  if (who === 'groupManagerOrAdmin') return p.isGroupManager || p.roles.includes(RoleIds.Admin);
  if (who === 'isAcid') return p.isAcid;
  return who.roles.some((r) => p.roles.includes(RoleIds[r]));
}

describe('every screen of the permission table for every role', () => {
  it('covers every area of the tables', () => {
    expect(new Set(SCREENS.map((s) => s.area))).toEqual(new Set(Object.keys(SPEC_TABLE)));
  });

  const cases = SCREENS.flatMap((screen) => callers.map((c) => [screen.path, c.label, screen, c.p] as const));
  it.each(cases)('%s as %s', (_path, _label, screen, p) => {
    const allow = expected(SPEC_TABLE[screen.area], p);
    expect(guardRoute(p, screen.rule)).toBe(allow ? 'allow' : 'restricted');
  });

  it.each(SCREENS.map((s) => [s.path, s] as const))('%s sends anonymous visitors to login', (_path, screen) => {
    expect(guardRoute(null, screen.rule)).toBe('login');
  });

  it('keeps the login, password and confirmEmail screens public', () => {
    expect(PUBLIC_SCREENS).toEqual(
      expect.arrayContaining(['/confirmEmail/:email', '/confirmEmail/:email/:code', '/login', '/forgotPassword']),
    );
    expect(guardRoute(null, RouteRules.public)).toBe('allow');
  });
});

describe('users limited to the account page', () => {
  it('limits users with only carbon-calculator roles or none', () => {
    expect(isLimitedToAccount(principal(['ACCFullAccess']))).toBe(true);
    expect(isLimitedToAccount(principal(['AWGMemberACC', 'ACCPresaleAccess']))).toBe(true);
    expect(isLimitedToAccount(principal([]))).toBe(true);
  });
  it('does not limit holders of a compliance-index role', () => {
    for (const r of ['Admin', 'AWGMember', 'Standard', 'FreeAccess', 'CountryViewer'] as RoleName[]) {
      expect(isLimitedToAccount(principal([r]))).toBe(false);
    }
  });
});

describe('user edit policy', () => {
  const admin = principal(['Admin']);
  const manager = principal(['CountryViewer', 'Standard'], { isGroupManager: true, email: 'maeve@dublinlaw.ie', groups: ['ireland'] });

  it('lets admins use any domain, a group manager only their own', () => {
    expect(UserEditPolicy.domainAllowed(admin, 'x@anything.org')).toBe(true);
    expect(UserEditPolicy.domainAllowed(manager, 'new@DublinLaw.ie')).toBe(true);
    expect(UserEditPolicy.domainAllowed(manager, 'new@elsewhere.ie')).toBe(false);
    expect(UserEditPolicy.domainAllowed(manager, 'not-an-email')).toBe(false);
  });

  it('never lets a group manager grant Admin or roles they do not hold', () => {
    expect(UserEditPolicy.assignableRoleIds(admin)).toContain(RoleIds.Admin);
    expect(UserEditPolicy.assignableRoleIds(manager).sort()).toEqual([RoleIds.Standard, RoleIds.CountryViewer].sort());
  });

  it('limits a group manager to users of their groups (or created by them), never admins', () => {
    expect(UserEditPolicy.canSeeUser(manager, { groupIds: ['ireland'], roleIds: [RoleIds.CountryViewer] })).toBe(true);
    expect(UserEditPolicy.canSeeUser(manager, { groupIds: ['france'], roleIds: [RoleIds.CountryViewer] })).toBe(false);
    expect(UserEditPolicy.canSeeUser(manager, { groupIds: [], roleIds: [], createdByCaller: true })).toBe(true);
    expect(UserEditPolicy.canSeeUser(manager, { groupIds: ['ireland'], roleIds: [RoleIds.Admin] })).toBe(false);
    expect(UserEditPolicy.canSeeUser(principal(['CountryViewer']), { groupIds: ['g1'], roleIds: [] })).toBe(false);
  });
});
