import { RoleIds, type Principal } from '@cti/access';
import type { AccessRequestView } from '@cti/contracts';

import { approvalFormOf, approvalPayloadOf, validateApproval } from './requests/approval';
import { splitName, validateExternalRequest, emptyExternalRequest } from './users/external-request';
import { formOf, payloadOf, validateUserForm } from './users/user-form';

const manager: Principal = {
  roles: [RoleIds.CountryViewer],
  groups: ['g1'],
  isAdmin: false,
  isGroupManager: true,
  isAcid: false,
  email: 'maeve@dublinlaw.ie',
  free: false,
};
const admin: Principal = { ...manager, roles: [RoleIds.Admin], isAdmin: true, email: 'ada@example.com' };

describe('user form', () => {
  const filled = { ...formOf(null), FirstName: 'A', LastName: 'B', Email: 'a@dublinlaw.ie', Roles: [RoleIds.CountryViewer] };
  it('needs first name, last name and roles', () => {
    expect(validateUserForm({ ...filled, FirstName: '' }, admin)).toBe('Please fill out all fields');
    expect(validateUserForm({ ...filled, Roles: [] }, admin)).toBe('Please fill out all fields');
    expect(validateUserForm(filled, admin)).toBeNull();
  });
  it("holds a group manager's new users to their own domain", () => {
    expect(validateUserForm({ ...filled, Email: 'a@elsewhere.ie' }, manager)).toBe('This domain must match your own.');
    expect(validateUserForm(filled, manager)).toBeNull();
  });
  it('sends Disabled and the other admin flags only for admins', () => {
    expect(payloadOf({ ...filled, Disabled: true }, manager, 'me')).not.toHaveProperty('Disabled');
    expect(payloadOf({ ...filled, Disabled: true }, admin, 'me')).toMatchObject({ Disabled: true, CreatorId: 'me' });
  });
});

describe('external request', () => {
  it('splits the name on a space', () => {
    expect(splitName('Joan Van Der Berg')).toEqual({ FirstName: 'Joan', LastName: 'Van Der Berg' });
    expect(splitName('Cher')).toEqual({ FirstName: 'Cher', LastName: '' });
  });
  it('needs every field and extra users of the same domain', () => {
    const form = {
      ...emptyExternalRequest(),
      Name: 'Ella External',
      Email: 'ella@counsel.ie',
      Expires: '2032-01-01',
      Organization: 'C',
      OrganizationAddress: 'A',
    };
    expect(validateExternalRequest({ ...form, Organization: '' })).toBe('You must fill out all fields.');
    expect(validateExternalRequest({ ...form, Name: 'Ella' })).toBe('You must fill out all fields.');
    expect(validateExternalRequest({ ...form, Users: [{ FirstName: 'O', LastName: 'P', Email: 'o@other.ie' }] })).toBe(
      "Additional users must share the primary contact's e-mail domain.",
    );
    expect(validateExternalRequest({ ...form, Users: [{ FirstName: 'O', LastName: 'P', Email: 'o@counsel.ie' }] })).toBeNull();
  });
});

describe('request approval', () => {
  const request: AccessRequestView = {
    Id: 'r1',
    Email: 'lena@harbour.ie',
    Type: 'Compliance Index',
    Organization: 'Harbour',
    Status: 'In Progress',
    Reasoning: 'why',
    UserManagerId: null,
    UserManagerName: null,
    Name: 'Lena Lessor',
    Title: 'Counsel',
    Expires: null,
    OrganizationAddress: 'Quay',
    CreatedOn: '2026-01-01T00:00:00Z',
    Users: [
      { Id: 'p', Email: 'lena@harbour.ie', Name: 'Lena Lessor', Title: 'Counsel', IsPrimary: true },
      { Id: 'x', Email: 'andy@harbour.ie', Name: 'Andy', Title: '', IsPrimary: false },
    ],
  };
  it('needs everything but the extra users', () => {
    const form = approvalFormOf(request);
    expect(validateApproval(request, form)).toBe('You must fill out all fields other than the extra users field.');
    expect(validateApproval(request, { ...form, Roles: [6], CalculatorGroup: 'acc', Emails: [] })).toBeNull();
    expect(validateApproval(request, { ...form, Roles: [6], CalculatorGroup: 'acc', Title: '' })).toBe(
      'You must fill out all fields other than the extra users field.',
    );
  });
  it('appends the primary to the extra users', () => {
    const payload = approvalPayloadOf(request, { ...approvalFormOf(request), Roles: [6], CalculatorGroup: 'acc' });
    expect(payload.Request.Emails.map((e) => e.Email)).toEqual(['andy@harbour.ie', 'lena@harbour.ie']);
    expect(payload.Request).toMatchObject({ Id: 'r1', PrimaryId: 'p', PrimaryEmail: 'lena@harbour.ie' });
  });
});
