import { AllRoles, RoleIds } from '@cti/access';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { bearer, givenUser, login, outboxEvents, outboxTypes, PASSWORD, sessionOf } from './helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000', ROLE_LOOKUP_RATE_PER_IP: '1000' } });

beforeAll(async () => {
  await givenUser(identity.app, 'calc@example.com', { roles: ['ACCFullAccess', 'Standard'] });
  await givenUser(identity.app, 'me@example.com', { roles: ['Standard', 'ACCFullAccess'] });
});

describe('roles calls', () => {
  it('GET api/roles answers the fifteen roles with stable ids, each with its plain-language label and description', async () => {
    const res = await identity.app.inject({ method: 'GET', url: '/api/roles' });
    expect(res.json().map((r: { Id: number; Name: string }) => ({ Id: r.Id, Name: r.Name }))).toEqual(AllRoles);
    expect(res.json()).toHaveLength(15);
    expect(res.json().find((r: { Name: string }) => r.Name === 'CFTPackage')).toEqual({
      Id: RoleIds.CFTPackage,
      Name: 'CFTPackage',
      Label: 'Certified scorecard package',
      Description: 'Bought a package of certified-for-transaction scorecards.',
    });
  });

  it('GET api/roles/ctc and api/roles/cc answer the chooser lists', async () => {
    const ctc = (await identity.app.inject({ method: 'GET', url: '/api/roles/ctc' })).json().map((r: { Name: string }) => r.Name);
    const cc = (await identity.app.inject({ method: 'GET', url: '/api/roles/cc' })).json().map((r: { Name: string }) => r.Name);
    expect(ctc).toContain('FreeAccess');
    expect(ctc).not.toContain('ACCFullAccess');
    expect(cc).toEqual(['Admin', 'AWGMember', 'AWGMemberACC', 'ACCPresaleAccess', 'ACCFullAccess']);
  });

  it('GET api/roles/by/email/{email} answers the signed-in user’s active roles, and nothing for unknown e-mails', async () => {
    const session = await sessionOf(identity.app, 'calc@example.com');
    const res = await identity.app.inject({ method: 'GET', url: '/api/roles/by/email/calc@example.com', headers: bearer(session) });
    expect(
      res
        .json()
        .map((r: { Id: number }) => r.Id)
        .sort(),
    ).toEqual([RoleIds.Standard, RoleIds.ACCFullAccess].sort());
    expect((await identity.app.inject({ method: 'GET', url: '/api/roles/by/email/nobody@example.com' })).json()).toEqual([]);
  });
});

describe('expired roles (ExpiresOn)', () => {
  it('stop granting access and show as ExpiredRoles on the user', async () => {
    const id = await givenUser(identity.app, 'lapsed@example.com', { roles: ['Enhanced', 'ACCFullAccess'] });
    await identity.ctx.query(`update identity.user_roles set expires_on = now() - interval '1 day' where user_id = $1 and role_id = $2`, [
      id,
      RoleIds.ACCFullAccess,
    ]);
    const session = await sessionOf(identity.app, 'lapsed@example.com');
    expect(session.Roles).toEqual([RoleIds.Enhanced]);
    const me = (await identity.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(session) })).json();
    expect(me.Roles.map((r: { Name: string }) => r.Name)).toEqual(['Enhanced']);
    expect(me.ExpiredRoles).toEqual([{ Id: RoleIds.ACCFullAccess, Name: 'ACCFullAccess', ExpiresOn: expect.any(String) }]);
  });
});

describe('POST api/user/account (My account)', () => {
  it('changes first and last name, and the password when given', async () => {
    const session = await sessionOf(identity.app, 'me@example.com');
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: session.Id, FirstName: 'Mia', LastName: 'Me' }, newPassword: 'a-new-password', currentPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been updated.');
    expect((await login(identity.app, 'me@example.com', 'a-new-password')).json().Name).toBe('Mia Me');
    expect(await outboxTypes(identity.app)).toContain('evt.identity.account.updated');
  });

  it('keeps the password when none is given', async () => {
    const session = await sessionOf(identity.app, 'calc@example.com');
    await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: session.Id, FirstName: 'C', LastName: 'Alc' }, newPassword: null },
    });
    expect((await login(identity.app, 'calc@example.com')).statusCode).toBe(200);
  });

  it('answers "Please fill out a First and Last Name." and refuses short passwords', async () => {
    const session = await sessionOf(identity.app, 'calc@example.com');
    const noName = await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: session.Id, FirstName: '', LastName: 'X' } },
    });
    expect(noName.json().message).toBe('Please fill out a First and Last Name.');
    const short = await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: session.Id, FirstName: 'A', LastName: 'B' }, newPassword: '123' },
    });
    expect(short.json().message).toBe('PasswordTooShort');
    const common = await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: session.Id, FirstName: 'A', LastName: 'B' }, newPassword: 'qwertyuiop123', currentPassword: PASSWORD },
    });
    expect(common.json().message).toBe('PasswordTooCommon');
  });

  it('refuses to change someone else', async () => {
    const session = await sessionOf(identity.app, 'calc@example.com');
    const other = await sessionOf(identity.app, 'me@example.com', 'a-new-password');
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/account',
      headers: bearer(session),
      payload: { user: { Id: other.Id, FirstName: 'A', LastName: 'B' } },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET api/user/agree', () => {
  it('records the agreement and clears MustAgreeCTC', async () => {
    await givenUser(identity.app, 'new@example.com', { mustAgree: true });
    const session = await sessionOf(identity.app, 'new@example.com');
    expect(session.MustAgreeCTC).toBe(true);
    expect((await identity.app.inject({ method: 'GET', url: '/api/user/agree', headers: bearer(session) })).statusCode).toBe(200);
    expect((await sessionOf(identity.app, 'new@example.com')).MustAgreeCTC).toBe(false);
    const agreed = await outboxEvents(identity.app, 'evt.identity.user.agreed');
    expect(agreed.at(-1)!.data).toEqual({ userId: session.Id });
  });

  it('answers "You must be logged in." without a session', async () => {
    const res = await identity.app.inject({ method: 'GET', url: '/api/user/agree' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in.');
  });
});
