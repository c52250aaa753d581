import { RoleIds, RoleNames, type Principal, type RoleName } from '@cti/access';
import type { AppConfig } from './app-config';
import { USER_AREA_TABS, USER_MENU } from './menu';

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

describe('user menu (accounts §2/§6)', () => {
  it('shows every admin entry to an admin, Manage Products only with a vendor-domain e-mail', () => {
    const admin = labels(USER_MENU, principal(['Admin']));
    expect(admin).toEqual(
      expect.arrayContaining([
        'Users',
        'Request Queue',
        'Audit log',
        'Purchase log',
        'User groups',
        'Periods',
        'Document library',
        'My Account',
      ]),
    );
    expect(admin).not.toContain('Manage Products');
    expect(labels(USER_MENU, principal(['Admin'], { email: 'ops@vendor.example' }))).toContain('Manage Products');
  });

  it('shows Users to group managers, never the admin entries', () => {
    const manager = labels(USER_MENU, principal(['CountryViewer'], { isGroupManager: true }));
    expect(manager).toContain('Users');
    for (const adminOnly of ['Request Queue', 'Audit log', 'Purchase log', 'User groups', 'Periods', 'Manage Products'])
      expect(manager).not.toContain(adminOnly);
  });

  it('hides My Account and the document library from free users', () => {
    const free = labels(USER_MENU, principal(['FreeAccess'], { free: true }));
    expect(free).not.toContain('My Account');
    expect(free).not.toContain('Document library');
    expect(free).not.toContain('Users');
  });

  it('shows My Account to exactly the account roles of §6', () => {
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

describe('user-area navbar (accounts §2)', () => {
  it('shows User admin to group managers and admins, Request queue and Subscriptions to admins only', () => {
    expect(labels(USER_AREA_TABS, principal(['Admin']))).toEqual(['User admin', 'Request queue', 'Subscriptions', 'My account']);
    expect(labels(USER_AREA_TABS, principal(['CountryViewer'], { isGroupManager: true }))).toEqual(['User admin', 'My account']);
    expect(labels(USER_AREA_TABS, principal(['Standard']))).toEqual(['My account']);
  });
});
