import { RoleIds, RoleNames, type Principal, type RoleName } from '@cti/access';

import type { AppConfig } from './app-config';
import { ADMIN_SECTIONS, USER_AREA_TABS, USER_MENU, userMenuLabel } from './menu';

const config: AppConfig = { demo: false, vendorEmailDomain: 'vendor.example', trustedOrigins: [], environment: 'test' };
const principal = (roles: RoleName[], extra: Partial<Principal> = {}): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups: [],
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'someone@example.com',
  free: false,
  ...extra,
});
const labels = (entries: typeof USER_MENU, p: Principal) => entries.filter((e) => e.show(p, config)).map((e) => e.label);

describe('user menu', () => {
  it('gives an admin the admin hub and beside it the spec’s admin entries, in the spec’s order', () => {
    expect(labels(USER_MENU, principal(['Admin']))).toEqual([
      'Admin',
      'Users',
      'Request Queue',
      'Audit log',
      'Purchase log',
      'User groups',
      'Periods',
      'Document library',
      'My Account',
    ]);
    // Manage Products only for an admin holding its rule (an e-mail in the vendor's domain)
    expect(labels(USER_MENU, principal(['Admin'], { email: 'ops@vendor.example' }))).toContain('Manage Products');
    expect(labels(USER_MENU, principal(['Admin'], { email: 'ops@vendor.example' })).indexOf('Manage Products')).toBe(5);
  });

  it('shows no admin entry to anyone without the right', () => {
    const adminOnly = ['Admin', 'Request Queue', 'Audit log', 'Purchase log', 'Manage Products', 'User groups', 'Periods'];
    for (const role of RoleNames.filter((r) => r !== 'Admin')) {
      const shown = labels(USER_MENU, principal([role], { email: 'someone@vendor.example', isGroupManager: true }));
      expect(shown.filter((l) => adminOnly.includes(l))).toEqual([]);
    }
  });

  it('shows Users to group managers, never the admin entries', () => {
    const manager = labels(USER_MENU, principal(['CountryViewer'], { isGroupManager: true }));
    expect(manager).toContain('Users');
    expect(manager).not.toContain('Admin');
  });

  it('hides My Account and the document library from free users who bought nothing', () => {
    const free = labels(USER_MENU, principal(['FreeAccess'], { free: true }));
    expect(free).not.toContain('My Account');
    expect(userMenuLabel(principal(['FreeAccess'], { free: true }), 'Fay Free')).toBe('Free User');
    expect(free).not.toContain('Document library');
    expect(free).not.toContain('Users');
  });

  it('names a free user who bought a country and shows them My Account (their plan)', () => {
    const buyer = principal(['FreeAccess', 'CountryViewer'], { free: true, groups: ['kenya'] });
    expect(labels(USER_MENU, buyer)).toContain('My Account');
    expect(userMenuLabel(buyer, 'Fay Free')).toBe('Fay Free');
  });

  it('shows My Account to exactly the account roles of the permission table', () => {
    const account: RoleName[] = [
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
    ];
    for (const role of RoleNames) expect(labels(USER_MENU, principal([role])).includes('My Account')).toBe(account.includes(role));
  });
});

describe('user-area navbar', () => {
  it('shows User admin to group managers and admins, Request queue and Subscriptions to admins only', () => {
    expect(labels(USER_AREA_TABS, principal(['Admin']))).toEqual(['User admin', 'Request queue', 'Subscriptions', 'My account']);
    expect(labels(USER_AREA_TABS, principal(['CountryViewer'], { isGroupManager: true }))).toEqual(['User admin', 'My account']);
    expect(labels(USER_AREA_TABS, principal(['Standard']))).toEqual(['My account']);
  });
});

describe('admin area navigation', () => {
  const shown = (p: Principal) =>
    ADMIN_SECTIONS.map((s) => ({ title: s.title, entries: s.entries.filter((e) => e.show(p, config)).map((e) => e.label) }));

  it('groups the admin destinations of the user menu as People, Questionnaires, Index, Commerce and Audit', () => {
    expect(shown(principal(['Admin']))).toEqual([
      { title: 'People', entries: ['Users', 'User groups', 'Request Queue'] },
      { title: 'Questionnaires', entries: ['Questionnaires', 'Periods'] },
      { title: 'Index', entries: ['Index countries', 'Document library', 'ACID documents'] },
      { title: 'Commerce', entries: ['Subscriptions', 'Purchase log'] },
      { title: 'Audit', entries: ['Audit log'] },
    ]);
  });

  it('shows Manage Products only to an admin with an e-mail in the vendor domain, and nothing to others', () => {
    expect(shown(principal(['Admin'], { email: 'ops@vendor.example' }))[3].entries).toEqual([
      'Manage Products',
      'Subscriptions',
      'Purchase log',
    ]);
    expect(shown(principal(['Standard'], { isGroupManager: true })).flatMap((s) => s.entries)).toEqual([]);
  });
});
