import {
  canDownloadSupportingDocument,
  canManageDocuments,
  canReadAcidDocument,
  canSeeSupportingDocument,
  mayDownloadSupportingDocuments,
  RoleIds,
  type Principal,
  type RoleName,
} from '../src';

const IRELAND = 'g-ireland';
const who = (roles: RoleName[], more: Partial<Principal> = {}): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups: [],
  isAdmin: roles.includes('Admin'),
  isGroupManager: false,
  isAcid: false,
  email: 'x@example.com',
  free: false,
  ...more,
});

const globalDoc = { access: 'Global', countryId: null };
const irishDoc = { access: 'Member', countryId: IRELAND };
const adminDoc = { access: 'Admin', countryId: null };

describe('supporting documents (the index permission table "Download supporting documents", "Documents page")', () => {
  it.each<[RoleName, boolean]>([
    ['Admin', true],
    ['AWGMember', true],
    ['AWGMemberCTC', true],
    ['Enhanced', true],
    ['CountryRespondent', true],
    ['CountryViewer', true],
    ['Standard', false],
    ['FreeAccess', false],
    ['CFTPackage', false],
    ['AWGMemberACC', false],
  ])('%s may download a Global document: %s', (role, allowed) => {
    expect(canDownloadSupportingDocument(who([role]), globalDoc)).toBe(allowed);
    expect(mayDownloadSupportingDocuments(who([role]))).toBe(allowed);
  });

  it('shows the library to the documents-page roles, Standard included, and not to free users', () => {
    expect(canSeeSupportingDocument(who(['Standard']), globalDoc)).toBe(true);
    expect(canSeeSupportingDocument(who(['FreeAccess']), globalDoc)).toBe(false);
  });

  it('keeps Member documents to members of the country group and Admin documents to admins', () => {
    expect(canSeeSupportingDocument(who(['CountryViewer'], { groups: [IRELAND] }), irishDoc)).toBe(true);
    expect(canSeeSupportingDocument(who(['CountryViewer'], { groups: ['g-other'] }), irishDoc)).toBe(false);
    expect(canSeeSupportingDocument(who(['Enhanced']), irishDoc)).toBe(false);
    expect(canSeeSupportingDocument(who(['AWGMember']), adminDoc)).toBe(false);
    expect(canSeeSupportingDocument(who(['Admin']), adminDoc)).toBe(true);
    expect(canSeeSupportingDocument(who([], { isAdmin: true }), irishDoc)).toBe(true);
  });
});

describe('ACID documents', () => {
  it('opens public and private documents alike to admins and IsACID users only', () => {
    expect(canReadAcidDocument(who(['Enhanced'], { isAcid: true }))).toBe(true);
    expect(canReadAcidDocument(who(['FreeAccess'], { isAcid: true }))).toBe(true);
    expect(canReadAcidDocument(who(['Admin']))).toBe(true);
    expect(canReadAcidDocument(who(['Enhanced']))).toBe(false);
    expect(canReadAcidDocument(who(['FreeAccess']))).toBe(false);
  });
});

describe('managing documents', () => {
  it('is for admins', () => {
    expect(canManageDocuments(who(['Admin']))).toBe(true);
    expect(canManageDocuments(who(['AWGMember']))).toBe(false);
  });
});
