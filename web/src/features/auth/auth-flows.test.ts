import { RoleIds } from '@cti/access';

import { passwordLongEnough, resetFailureMessage } from './account-messages';
import { landingFor, landingPathFor, mustAgreeToTerms } from './landing';
import { chooserButtons } from './LoginFlowPage';
import { freeAccessFailureMessage } from './LoginPage';
import { setupFailureMessage } from './SetPasswordPage';

describe('where a user lands after signing in', () => {
  it('goes to /agree first when the user must agree (never an admin)', () => {
    expect(landingPathFor({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.Standard] })).toBe('/agree');
    expect(landingPathFor({ MustAgreeCTC: true, IsAdmin: true, Roles: [RoleIds.Admin] })).toBe('/index');
  });
  it('limits users without a compliance-index role to the account page', () => {
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.ACCFullAccess] })).toBe('/user/account');
  });
  it('goes back where the user was going, never to a login page or another site', () => {
    const standard = { MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.Standard] };
    expect(landingPathFor(standard, '/documents')).toBe('/documents');
    expect(landingPathFor(standard, '/index/abc?tab=history')).toBe('/index/abc?tab=history');
    expect(landingPathFor(standard, '/login')).toBe('/index');
    expect(landingPathFor(standard, '/resetPassword/xyz')).toBe('/index');
    expect(landingPathFor(standard, '//evil.example/index')).toBe('/index');
    expect(landingPathFor(standard, 'https://evil.example/')).toBe('/index');
  });
  it('keeps the deep link across the terms gate', () => {
    expect(landingFor({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.Standard] }, '/documents')).toEqual({
      pathname: '/agree',
      state: { from: '/documents' },
    });
  });
  it('holds only users entering the compliance index at its terms gate (not carbon-calculator-only users)', () => {
    expect(mustAgreeToTerms({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.ACCFullAccess] })).toBe(false);
    expect(landingPathFor({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.ACCFullAccess] })).toBe('/user/account');
    expect(mustAgreeToTerms({ MustAgreeCTC: true, IsAdmin: false, Roles: [RoleIds.ACCFullAccess, RoleIds.Standard] })).toBe(true);
  });
  it('otherwise starts at the home page of the user (the index for most)', () => {
    expect(landingPathFor({ MustAgreeCTC: false, IsAdmin: false, Roles: [RoleIds.CountryViewer] })).toBe('/index');
  });
});

describe('login chooser', () => {
  const ctc = [{ Id: RoleIds.Standard }, { Id: RoleIds.Admin }];
  const cc = [{ Id: RoleIds.ACCFullAccess }, { Id: RoleIds.Admin }];
  it('shows each button for a role of its list', () => {
    expect(chooserButtons([RoleIds.Standard], ctc, cc, true)).toEqual({ ctc: true, cc: false, ccNotLinked: false });
    expect(chooserButtons([RoleIds.ACCFullAccess], ctc, cc, true)).toEqual({ ctc: false, cc: true, ccNotLinked: false });
    expect(chooserButtons([RoleIds.Admin], ctc, cc, true)).toEqual({ ctc: true, cc: true, ccNotLinked: false });
  });
  it('never offers what cannot be used: no carbon calculator button where none is linked', () => {
    expect(chooserButtons([RoleIds.ACCFullAccess], ctc, cc, false)).toEqual({ ctc: false, cc: false, ccNotLinked: true });
    expect(chooserButtons(null, ctc, cc, false)).toEqual({ ctc: true, cc: false, ccNotLinked: false });
  });
  it('before sign-in offers the compliance index sign-in (and the linked calculator): the visitor’s roles are not looked up', () => {
    expect(chooserButtons(null, ctc, cc, true)).toEqual({ ctc: true, cc: true, ccNotLinked: false });
  });
});

describe('answer texts', () => {
  it('free access', () => {
    expect(freeAccessFailureMessage('User already exists')).toBe('Please use credentialed user login');
    expect(freeAccessFailureMessage('Invalid Username')).toBe('Your username is not a valid email');
    expect(freeAccessFailureMessage(undefined)).toBe('A problem occurred trying to grant access. Please try again later.');
  });
  const tooCommon =
    'This password is too common: it appears in lists of breached passwords that attackers try first. Please choose another; a few unrelated words make a good one.';
  it('reset (the spec’s texts with the policy’s 12 characters)', () => {
    expect(resetFailureMessage('PasswordTooShort', 400)).toBe('Please make sure the length of your passsword is more than 11 characters.');
    expect(resetFailureMessage('PasswordTooCommon', 400)).toBe(tooCommon);
    expect(resetFailureMessage('InvalidToken', 400)).toMatch(/invalid or has expired/);
  });
  it('password setup', () => {
    expect(setupFailureMessage('InvalidToken')).toBe('Your token has expired.  Please use the button to send yourself a new link.');
    expect(setupFailureMessage('PasswordTooShort')).toBe('You password must be at least 12 characters long');
    expect(setupFailureMessage('PasswordTooCommon')).toBe(tooCommon);
    expect(setupFailureMessage('boom')).toBe('Something went wrong. Please try again later.');
  });
  it('a new password is long enough from 12 characters, counted as characters', () => {
    expect(passwordLongEnough('elevenchars')).toBe(false);
    expect(passwordLongEnough('twelvelowers')).toBe(true);
    // six emoji: twelve UTF-16 units, six characters
    expect(passwordLongEnough('🛩🛩🛩🛩🛩🛩')).toBe(false);
  });
});
