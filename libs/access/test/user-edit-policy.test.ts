import {
  accessNarrowed,
  RoleIds,
  sharesContactDomain,
  UserEditPolicy,
  type AccessSnapshot,
  type Principal,
  type RoleHolding,
} from '@cti/access';

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

const admin = principal([RoleIds.Admin]);
// the demo group manager: CountryViewer of Ireland, in the Ireland group
const manager = principal([RoleIds.CountryViewer], { isGroupManager: true, email: 'manager@example.com', groups: ['ireland'] });

describe('which users a group manager may edit', () => {
  const viewer = { roleIds: [RoleIds.CountryViewer], groupIds: ['ireland'] };

  it('edits a user holding only what the manager could give', () => {
    expect(UserEditPolicy.canEditUser(manager, viewer)).toBe(true);
  });

  it('sees but never edits a user holding a role the manager lacks (the respondent of their country)', () => {
    const respondent = { roleIds: [RoleIds.CountryRespondent], groupIds: ['ireland'] };
    expect(UserEditPolicy.canSeeUser(manager, respondent)).toBe(true);
    expect(UserEditPolicy.canEditUser(manager, respondent)).toBe(false);
  });

  it('never edits a user who is also in a group the manager is not in', () => {
    expect(UserEditPolicy.canEditUser(manager, { ...viewer, groupIds: ['ireland', 'france'] })).toBe(false);
    expect(UserEditPolicy.canEditUser(manager, { ...viewer, calculatorGroupId: 'lessors-acc' })).toBe(false);
    expect(UserEditPolicy.canEditUser(manager, { ...viewer, calculatorGroupId: 'ireland' })).toBe(true);
  });

  it('never edits another group manager, an ACID user or an admin', () => {
    expect(UserEditPolicy.canEditUser(manager, { ...viewer, isGroupManager: true })).toBe(false);
    expect(UserEditPolicy.canEditUser(manager, { ...viewer, isAcid: true })).toBe(false);
    expect(UserEditPolicy.canEditUser(manager, { roleIds: [RoleIds.Admin], groupIds: ['ireland'] })).toBe(false);
  });

  it('does not care about the e-mail domain when editing (the domain rule is for adding)', () => {
    expect(UserEditPolicy.domainAllowed(manager, 'outsider@elsewhere.org')).toBe(false);
    expect(UserEditPolicy.canEditUser(manager, viewer)).toBe(true);
  });

  it('lets admins edit anyone, and nobody else edit anyone', () => {
    expect(UserEditPolicy.canEditUser(admin, { roleIds: [RoleIds.Admin], groupIds: [], isGroupManager: true })).toBe(true);
    expect(UserEditPolicy.canEditUser(principal([RoleIds.CountryViewer], { groups: ['ireland'] }), viewer)).toBe(false);
  });
});

describe('what a group manager’s save may change', () => {
  const current = {
    email: 'colleague@example.com',
    expiresOn: '2030-06-30T23:59:59.999Z',
    roleIds: [RoleIds.CountryViewer],
    groupIds: ['ireland'],
    calculatorGroupId: null,
  };

  it('allows names-only saves and giving roles and groups the manager holds', () => {
    expect(UserEditPolicy.managerEditRefusal(manager, current, current)).toBeNull();
  });

  it('refuses an e-mail change (admins only), whatever the case of the letters', () => {
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, email: 'attacker@example.com' })).toBe('email');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, email: 'Colleague@Example.com' })).toBeNull();
    expect(UserEditPolicy.managerEditRefusal(admin, current, { ...current, email: 'new@example.com' })).toBeNull();
    expect(UserEditPolicy.canChangeEmail(manager)).toBe(false);
    expect(UserEditPolicy.canChangeEmail(admin)).toBe(true);
  });

  it('refuses removing or extending an expiry, allows keeping or shortening it', () => {
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, expiresOn: null })).toBe('expiry');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, expiresOn: '2031-01-31T23:59:59.999Z' })).toBe('expiry');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, expiresOn: '2030-01-31T23:59:59.999Z' })).toBeNull();
    // the form sends the day: the same day is no change
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, expiresOn: '2030-06-30T23:59:59.999Z' })).toBeNull();
    expect(UserEditPolicy.expiryToStore(manager, '2030-06-30T10:00:00.000Z', '2030-06-30T23:59:59.999Z')).toBe('2030-06-30T10:00:00.000Z');
    // where there was none, a manager may set one
    expect(
      UserEditPolicy.managerEditRefusal(manager, { ...current, expiresOn: null }, { ...current, expiresOn: '2030-01-01T00:00:00Z' }),
    ).toBeNull();
    expect(UserEditPolicy.expiryChangeAllowed(admin, '2030-01-01T00:00:00Z', null)).toBe(true);
  });

  it('refuses adding a role or a group (or calculator group) the manager does not hold', () => {
    expect(
      UserEditPolicy.managerEditRefusal(manager, current, { ...current, roleIds: [RoleIds.CountryViewer, RoleIds.CountryRespondent] }),
    ).toBe('role');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, groupIds: ['ireland', 'france'] })).toBe('group');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, calculatorGroupId: 'lessors-acc' })).toBe('group');
    expect(UserEditPolicy.managerEditRefusal(manager, current, { ...current, roleIds: [], groupIds: [] })).toBeNull();
  });
});

describe('roles after a save', () => {
  const now = Date.parse('2027-01-01T00:00:00Z');
  const past = '2026-01-01T00:00:00.000Z';
  const future = '2028-01-01T00:00:00.000Z';
  const holdings: RoleHolding[] = [
    { roleId: RoleIds.Standard, expiresOn: future },
    { roleId: RoleIds.CountryViewer, expiresOn: past },
    { roleId: RoleIds.Enhanced, expiresOn: null },
  ];

  it('keeps the end date of a role kept, whoever saves', () => {
    for (const editorIsAdmin of [true, false]) {
      const next = UserEditPolicy.rolesAfterSave(holdings, [RoleIds.Standard, RoleIds.Enhanced], { admin: editorIsAdmin, now });
      expect(next).toContainEqual({ roleId: RoleIds.Standard, expiresOn: future });
    }
  });

  it('never revives an expired role on a manager’s save; an admin’s save gives it back', () => {
    const wanted = [RoleIds.Standard, RoleIds.CountryViewer, RoleIds.Enhanced];
    expect(UserEditPolicy.rolesAfterSave(holdings, wanted, { admin: false, now })).toContainEqual({
      roleId: RoleIds.CountryViewer,
      expiresOn: past,
    });
    expect(UserEditPolicy.rolesAfterSave(holdings, wanted, { admin: true, now })).toContainEqual({
      roleId: RoleIds.CountryViewer,
      expiresOn: null,
    });
  });

  it('ends (rather than deletes) a dated role a manager removes, so it cannot come back without its date', () => {
    const next = UserEditPolicy.rolesAfterSave(holdings, [RoleIds.Enhanced], { admin: false, now });
    expect(next).toContainEqual({ roleId: RoleIds.Standard, expiresOn: new Date(now).toISOString() });
    // removed by an admin it is simply gone; expired ones stay as history either way
    const byAdmin = UserEditPolicy.rolesAfterSave(holdings, [RoleIds.Enhanced], { admin: true, now });
    expect(byAdmin.map((h) => h.roleId)).toEqual([RoleIds.Enhanced, RoleIds.CountryViewer].sort((a, b) => a - b));
  });

  it('adds new roles without an end and removes undated roles not asked for', () => {
    const next = UserEditPolicy.rolesAfterSave(holdings, [RoleIds.Standard, RoleIds.Admin], { admin: true, now });
    expect(next).toContainEqual({ roleId: RoleIds.Admin, expiresOn: null });
    expect(next.some((h) => h.roleId === RoleIds.Enhanced)).toBe(false);
  });
});

describe('which changes void the tokens already issued', () => {
  const before: AccessSnapshot = {
    email: 'u@example.com',
    roleIds: [RoleIds.CountryViewer, RoleIds.Standard],
    groupIds: ['ireland'],
    isGroupManager: true,
    isAcid: true,
    disabled: false,
    expiresOn: '2030-01-01T00:00:00.000Z',
  };

  it('takes away: a role, a group, a flag, the account, an earlier end, another e-mail', () => {
    expect(accessNarrowed(before, { ...before, roleIds: [RoleIds.CountryViewer] })).toBe(true);
    expect(accessNarrowed(before, { ...before, groupIds: [] })).toBe(true);
    expect(accessNarrowed(before, { ...before, isGroupManager: false })).toBe(true);
    expect(accessNarrowed(before, { ...before, isAcid: false })).toBe(true);
    expect(accessNarrowed(before, { ...before, disabled: true })).toBe(true);
    expect(accessNarrowed(before, { ...before, expiresOn: '2029-01-01T00:00:00.000Z' })).toBe(true);
    expect(accessNarrowed({ ...before, expiresOn: null }, before)).toBe(true);
    expect(accessNarrowed(before, { ...before, email: 'other@example.com' })).toBe(true);
  });

  it('gives or keeps: no revocation', () => {
    expect(accessNarrowed(before, before)).toBe(false);
    expect(accessNarrowed(before, { ...before, roleIds: [...before.roleIds, RoleIds.Enhanced], groupIds: ['ireland', 'france'] })).toBe(
      false,
    );
    expect(accessNarrowed(before, { ...before, expiresOn: null, email: 'U@Example.com' })).toBe(false);
  });
});

describe("the domain rule of a manager's external access request", () => {
  it("lets additional users in only with the primary contact's e-mail domain, in any case", () => {
    expect(sharesContactDomain('lead@outside-firm.com', 'second@Outside-Firm.com')).toBe(true);
    expect(sharesContactDomain('lead@outside-firm.com', 'someone@elsewhere.com')).toBe(false);
    expect(sharesContactDomain('lead@outside-firm.com', 'no-domain')).toBe(false);
  });
});
