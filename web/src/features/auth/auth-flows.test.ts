import { RoleIds } from '@cti/access';
import { landingPathFor } from './landing';
import { chooserButtons } from './LoginFlowPage';
import { freeAccessFailureMessage } from './LoginPage';
import { resetFailureMessage } from './ResetPasswordPage';
import { setupFailureMessage } from './SetPasswordPage';

describe('where a user lands after signing in (accounts §4/§6)', () => {
  it('goes to /agree first when the user must agree (never an admin)', () => {
    expect(landingPathFor({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.Standard] })).toBe('/agree');
    expect(landingPathFor({ MustAgreeCTC: true, IsAdmin: true, Roles: [RoleIds.Admin] })).toBe('/index');
  });
  it('limits users without a compliance-index role to the account page', () => {
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.ACCFullAccess] })).toBe('/user/account');
  });
  it('goes back where the user was going, never to a login page', () => {
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.Standard] }, '/documents')).toBe('/documents');
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.Standard] }, '/login')).toBe('/index');
  });
});

describe('login chooser (index §6)', () => {
  const ctc = [{ Id: RoleIds.Standard }, { Id: RoleIds.Admin }];
  const cc = [{ Id: RoleIds.ACCFullAccess }, { Id: RoleIds.Admin }];
  it('shows each button for a role of its list', () => {
    expect(chooserButtons([RoleIds.Standard], ctc, cc)).toEqual({ ctc: true, cc: false });
    expect(chooserButtons([RoleIds.ACCFullAccess], ctc, cc)).toEqual({ ctc: false, cc: true });
    expect(chooserButtons([RoleIds.Admin], ctc, cc)).toEqual({ ctc: true, cc: true });
  });
  it('offers both when nothing is known', () => {
    expect(chooserButtons(null, ctc, cc)).toEqual({ ctc: true, cc: true });
  });
});

describe('answer texts (accounts §8)', () => {
  it('free access', () => {
    expect(freeAccessFailureMessage('User already exists')).toBe('Please use credentialed user login');
    expect(freeAccessFailureMessage('Invalid Username')).toBe('Your username is not a valid email');
    expect(freeAccessFailureMessage(undefined)).toBe('A problem occurred trying to grant access. Please try again later.');
  });
  it('reset', () => {
    expect(resetFailureMessage('PasswordTooShort', 400)).toBe('Please make sure the length of your passsword is more than 6 characters.');
    expect(resetFailureMessage('InvalidToken', 400)).toMatch(/invalid or has expired/);
  });
  it('password setup', () => {
    expect(setupFailureMessage('InvalidToken')).toBe('Your token has expired.  Please use the button to send yourself a new link.');
    expect(setupFailureMessage('PasswordTooShort')).toBe('You password must be at least 6 characters long');
    expect(setupFailureMessage('boom')).toBe('Something went wrong. Please try again later.');
  });
});
