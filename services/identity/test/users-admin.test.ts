import { RoleIds } from '@cti/access';
import type { ManagedUser, SessionUser } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { bearer, givenGroup, givenUser, linkIn, login, mailTo, outboxEvents, outboxTypes, sessionOf } from './helpers';

const identity = serviceUnderTest(identityService, {
  env: { LOGIN_FAILURES_PER_IP: '1000', PASSWORD_RATE_PER_IP: '1000', PUBLIC_URL: 'http://cti.test' },
});
let admin: SessionUser;
let manager: SessionUser;
let ireland: string;
let france: string;
let accGroup: string;

beforeAll(async () => {
  ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  france = await givenGroup(identity.app, 'France', 'Country', 'FR');
  accGroup = await givenGroup(identity.app, 'Lessors ACC', 'ACC Group');
  await givenUser(identity.app, 'boss@example.com', { roles: ['Admin'] });
  await givenUser(identity.app, 'maeve@dublinlaw.ie', { roles: ['CountryViewer', 'Standard'], groupIds: [ireland], isGroupManager: true });
  await givenUser(identity.app, 'colleague@dublinlaw.ie', { roles: ['CountryViewer'], groupIds: [ireland] });
  await givenUser(identity.app, 'paris@avocats.fr', { roles: ['CountryViewer'], groupIds: [france] });
  admin = await sessionOf(identity.app, 'boss@example.com');
  manager = await sessionOf(identity.app, 'maeve@dublinlaw.ie');
});

const payload = (extra: object = {}) => ({
  FirstName: 'Nina',
  LastName: 'New',
  Email: 'nina@dublinlaw.ie',
  OrganizationName: 'Dublin Law',
  OrganizationAddress: '1 Main St',
  ExpiresOn: null,
  Roles: [RoleIds.CountryViewer],
  Groups: [ireland],
  CalculatorGroup: null,
  IsGroupManager: false,
  IsHidden: false,
  ...extra,
});
const register = (s: SessionUser, body: object) =>
  identity.app.inject({ method: 'POST', url: '/api/user/register', headers: bearer(s), payload: body });
const update = (s: SessionUser, body: object) =>
  identity.app.inject({ method: 'POST', url: '/api/user/update', headers: bearer(s), payload: body });
const list = async (s: SessionUser): Promise<ManagedUser[]> =>
  (await identity.app.inject({ method: 'GET', url: '/api/user/groupManager', headers: bearer(s) })).json();
const byEmail = async (email: string) => (await list(admin)).find((u) => u.Email === email)!;

describe('POST api/user/register', () => {
  it('adds a user and e-mails the welcome link; the link sets the password', async () => {
    const res = await register(admin, payload({ Email: 'welcome@example.org', CalculatorGroup: accGroup, ExpiresOn: '2031-01-31' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User added successfully');
    const user = await byEmail('welcome@example.org');
    expect(user).toMatchObject({
      Name: 'Nina New',
      CalculatorGroupName: 'Lessors ACC',
      HasPassword: false,
      Expires: '2031-01-31T23:59:59.999Z',
      RoleNames: 'CountryViewer',
      GroupNames: 'Ireland',
    });
    const { parts } = linkIn(await mailTo(identity.app, 'welcome@example.org', 'welcome'), '/user/setPassword/');
    expect(parts[0]).toBe(user.Id);
    // the set-password page may read the user with its token, nobody else anonymously
    expect((await identity.app.inject({ method: 'GET', url: `/api/user/${user.Id}?token=${parts[1]}` })).json().Email).toBe(
      'welcome@example.org',
    );
    expect((await identity.app.inject({ method: 'GET', url: `/api/user/${user.Id}?token=wrong` })).statusCode).toBe(404);
    const set = await identity.app.inject({
      method: 'POST',
      url: '/api/user/setPasswordNewUser',
      payload: {
        user: { Id: user.Id, FirstName: 'Nina', LastName: 'Newer', OrganizationName: 'Dublin Law', OrganizationAddress: '2 Main St' },
        password: 'first-password',
        token: parts[1],
      },
    });
    expect(set.json().message).toBe('Success');
    expect((await login(identity.app, 'welcome@example.org', 'first-password')).json()).toMatchObject({
      Name: 'Nina Newer',
      MustAgreeCTC: true,
    });
    const again = await identity.app.inject({
      method: 'POST',
      url: '/api/user/setPasswordNewUser',
      payload: {
        user: { Id: user.Id, FirstName: 'N', LastName: 'N', OrganizationName: 'O', OrganizationAddress: 'A' },
        password: 'second-password',
        token: parts[1],
      },
    });
    expect(again.json().message).toBe('InvalidToken');
    expect(await outboxTypes(identity.app)).toEqual(
      expect.arrayContaining(['evt.identity.user.created', 'evt.identity.welcome.sent', 'evt.identity.password.set']),
    );
  });

  it('answers the spec texts for missing fields, a bad e-mail and an existing user', async () => {
    expect((await register(admin, payload({ FirstName: ' ' }))).json().message).toBe('Please fill out all fields');
    expect((await register(admin, payload({ Roles: [] }))).json().message).toBe('Please fill out all fields');
    expect((await register(admin, payload({ Email: 'not-an-email' }))).json().message).toBe('Invalid Username');
    const dup = await register(admin, payload({ Email: 'Colleague@DublinLaw.ie' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('User already exists');
  });

  it('refuses a calculator group that has a country', async () => {
    expect((await register(admin, payload({ Email: 'calc@example.org', CalculatorGroup: ireland }))).statusCode).toBe(400);
  });

  it('lets a group manager add users of their own domain only', async () => {
    const other = await register(manager, payload({ Email: 'someone@elsewhere.ie' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This domain must match your own.');
    expect((await register(manager, payload({ Email: 'junior@dublinlaw.ie' }))).json().message).toBe('User added successfully');
  });

  it('refuses a group manager’s admin-only flags, naming them, and roles or groups they cannot give', async () => {
    const res = await register(
      manager,
      payload({ Email: 'sneaky@dublinlaw.ie', Disabled: true, IsACID: true, IsGroupManager: true, IsHidden: false }),
    );
    expect([res.statusCode, res.json().message]).toEqual([403, 'Only an administrator can change Disabled, IsACID, IsGroupManager.']);
    expect(await byEmail('sneaky@dublinlaw.ie')).toBeUndefined();
    // the flags at their defaults are no change
    expect((await register(manager, payload({ Email: 'plain@dublinlaw.ie', Disabled: false, IsACID: false }))).statusCode).toBe(200);
    expect((await register(manager, payload({ Email: 'root@dublinlaw.ie', Roles: [RoleIds.Admin] }))).statusCode).toBe(403);
    expect((await register(manager, payload({ Email: 'rich@dublinlaw.ie', Roles: [RoleIds.Enhanced] }))).statusCode).toBe(403);
    expect((await register(manager, payload({ Email: 'far@dublinlaw.ie', Groups: [france] }))).statusCode).toBe(403);
  });

  it('is refused to users who are neither group managers nor admins', async () => {
    const colleague = await sessionOf(identity.app, 'colleague@dublinlaw.ie');
    expect((await register(colleague, payload({ Email: 'x@dublinlaw.ie' }))).statusCode).toBe(403);
    expect((await identity.app.inject({ method: 'GET', url: '/api/user/groupManager', headers: bearer(colleague) })).statusCode).toBe(403);
  });
});

describe('GET api/user/groupManager', () => {
  it('shows admins everyone and a group manager only their groups’ users', async () => {
    const all = (await list(admin)).map((u) => u.Email);
    expect(all).toEqual(expect.arrayContaining(['boss@example.com', 'paris@avocats.fr', 'colleague@dublinlaw.ie']));
    const mine = (await list(manager)).map((u) => u.Email);
    expect(mine).toContain('colleague@dublinlaw.ie');
    expect(mine).not.toContain('paris@avocats.fr');
    expect(mine).not.toContain('boss@example.com');
  });

  it('answers rows with the derived names', async () => {
    const row = await byEmail('colleague@dublinlaw.ie');
    expect(row).toMatchObject({
      Groups: [{ Id: ireland, Name: 'Ireland' }],
      Roles: [{ Id: RoleIds.CountryViewer, Name: 'CountryViewer' }],
      GroupNameList: ['Ireland'],
      RoleNameList: ['CountryViewer'],
    });
  });
});

describe('POST api/user/update', () => {
  it('edits a user and records the change', async () => {
    const row = await byEmail('colleague@dublinlaw.ie');
    const res = await update(admin, { ...payload(), Id: row.Id, Email: row.Email, FirstName: 'Colm', LastName: 'League', IsACID: true });
    expect(res.json().message).toBe('User editted successfully');
    expect(await byEmail('colleague@dublinlaw.ie')).toMatchObject({ Name: 'Colm League', IsACID: true });
    const events = await outboxEvents<{ userId: string; name: string }>(identity.app, 'evt.identity.user.updated');
    expect(events.map((e) => e.data)).toContainEqual(expect.objectContaining({ userId: row.Id, name: 'Colm League' }));
  });

  it('lets only admins disable, and a disabled user can no longer sign in or refresh', async () => {
    const id = await givenUser(identity.app, 'soon-off@dublinlaw.ie', { roles: ['CountryViewer'], groupIds: [ireland] });
    const session = await sessionOf(identity.app, 'soon-off@dublinlaw.ie');
    // a manager's save with an admin-only flag is refused whole, saying which (not "User editted successfully" with nothing done)
    const asManager = await update(manager, { ...payload(), Id: id, Email: 'soon-off@dublinlaw.ie', FirstName: 'Renamed', Disabled: true });
    expect([asManager.statusCode, asManager.json().message]).toEqual([403, 'Only an administrator can change Disabled.']);
    expect(await byEmail('soon-off@dublinlaw.ie')).toMatchObject({ Disabled: false, FirstName: 'Test' });
    for (const flag of ['IsACID', 'IsHidden', 'IsGroupManager']) {
      const refused = await update(manager, { ...payload(), Id: id, Email: 'soon-off@dublinlaw.ie', [flag]: true });
      expect([flag, refused.statusCode, refused.json().message]).toEqual([flag, 403, `Only an administrator can change ${flag}.`]);
    }
    // sending a flag as it is changes nothing, and is no refusal
    expect((await update(manager, { ...payload(), Id: id, Email: 'soon-off@dublinlaw.ie', Disabled: false })).statusCode).toBe(200);
    await update(admin, { ...payload(), Id: id, Email: 'soon-off@dublinlaw.ie', Disabled: true });
    expect((await byEmail('soon-off@dublinlaw.ie')).Disabled).toBe(true);
    expect((await login(identity.app, 'soon-off@dublinlaw.ie')).json().message).toBe('You are currently disabled.');
    expect(
      (await identity.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { token: session.RefreshToken } })).statusCode,
    ).toBe(401);
    expect(await outboxTypes(identity.app)).toContain('evt.identity.user.disabled');
  });

  it('refuses a group manager’s edit of a user holding what they cannot give, and leaves the user as they were', async () => {
    const id = await givenUser(identity.app, 'subscriber@dublinlaw.ie', {
      roles: ['CountryViewer', 'Enhanced'],
      groupIds: [ireland, france],
    });
    const res = await update(manager, {
      ...payload(),
      Id: id,
      Email: 'subscriber@dublinlaw.ie',
      Roles: [RoleIds.CountryViewer, RoleIds.Standard],
      Groups: [ireland],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may not edit this user: they hold access you cannot give.');
    const row = await byEmail('subscriber@dublinlaw.ie');
    expect(row.RoleNameList.sort()).toEqual(['CountryViewer', 'Enhanced']);
    expect(row.GroupNameList.sort()).toEqual(['France', 'Ireland']);
  });

  it('hides users outside a group manager’s groups', async () => {
    const paris = await byEmail('paris@avocats.fr');
    expect((await update(manager, { ...payload(), Id: paris.Id, Email: paris.Email })).statusCode).toBe(404);
    expect((await identity.app.inject({ method: 'GET', url: `/api/user/${paris.Id}`, headers: bearer(manager) })).statusCode).toBe(404);
  });

  it('keeps the end date of a role the user still holds', async () => {
    const id = await givenUser(identity.app, 'buyer@example.org', { roles: ['Standard'] });
    await identity.ctx.query(`update identity.user_roles set expires_on = '2035-01-01' where user_id = $1`, [id]);
    await update(admin, { ...payload(), Id: id, Email: 'buyer@example.org', Roles: [RoleIds.Standard, RoleIds.CountryViewer] });
    const rows = await identity.ctx.query(`select role_id, expires_on from identity.user_roles where user_id = $1 order by role_id`, [id]);
    expect(rows.map((r) => [r.role_id, r.expires_on ? new Date(r.expires_on).toISOString() : null])).toEqual([
      [RoleIds.Standard, '2035-01-01T00:00:00.000Z'],
      [RoleIds.CountryViewer, null],
    ]);
  });
});

describe('GET api/user/sendReset/{userId}', () => {
  it('resends the welcome e-mail with a new link and ends the old one', async () => {
    await register(admin, payload({ Email: 'resend@example.org' }));
    const user = await byEmail('resend@example.org');
    const first = linkIn(await mailTo(identity.app, 'resend@example.org', 'welcome'), '/user/setPassword/').parts[1];
    const res = await identity.app.inject({ method: 'GET', url: `/api/user/sendReset/${user.Id}`, headers: bearer(admin) });
    expect(res.json().message).toBe('Welcome email sent.');
    const second = linkIn(await mailTo(identity.app, 'resend@example.org', 'welcome', 1), '/user/setPassword/').parts[1];
    expect(second).not.toBe(first);
    const set = (token: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/user/setPasswordNewUser',
        payload: {
          user: { Id: user.Id, FirstName: 'R', LastName: 'S', OrganizationName: 'O', OrganizationAddress: 'A' },
          password: 'long-enough-now',
          token,
        },
      });
    expect((await set(first)).json().message).toBe('InvalidToken');
    expect((await set(second)).json().message).toBe('Success');
  });

  it('can be asked for from the set-password page with its link, with the same answer for unknown ids and wrong links', async () => {
    await register(admin, payload({ Email: 'expired-link@example.org' }));
    const user = await byEmail('expired-link@example.org');
    const token = linkIn(await mailTo(identity.app, 'expired-link@example.org', 'welcome'), '/user/setPassword/').parts[1];
    const res = await identity.app.inject({ method: 'GET', url: `/api/user/sendReset/${user.Id}?token=${token}` });
    expect(res.json().message).toBe('Welcome email sent.');
    await mailTo(identity.app, 'expired-link@example.org', 'welcome', 1);
    const unknown = await identity.app.inject({
      method: 'GET',
      url: `/api/user/sendReset/00000000-0000-0000-0000-000000000000?token=${token}`,
    });
    const wrong = await identity.app.inject({ method: 'GET', url: `/api/user/sendReset/${user.Id}?token=not-the-link` });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().message).toBe(wrong.json().message);
  });
});

describe('POST api/user/setPasswordNewUser', () => {
  it('answers the spec texts', async () => {
    await register(admin, payload({ Email: 'texts@example.org' }));
    const user = await byEmail('texts@example.org');
    const token = linkIn(await mailTo(identity.app, 'texts@example.org', 'welcome'), '/user/setPassword/').parts[1];
    const set = (extra: object) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/user/setPasswordNewUser',
        payload: {
          user: { Id: user.Id, FirstName: 'T', LastName: 'X', OrganizationName: 'O', OrganizationAddress: 'A' },
          password: 'long-enough-now',
          token,
          ...extra,
        },
      });
    expect((await set({ password: 'short' })).json().message).toBe('PasswordTooShort');
    expect((await set({ password: 'iloveyou1234' })).json().message).toBe('PasswordTooCommon');
    expect(
      (await set({ user: { Id: user.Id, FirstName: '', LastName: 'X', OrganizationName: 'O', OrganizationAddress: 'A' } })).json().message,
    ).toBe('Please fill out all fields');
    expect((await set({ token: 'wrong' })).json().message).toBe('InvalidToken');
    await identity.ctx.query(`update identity.user_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [user.Id]);
    expect((await set({})).json().message).toBe('InvalidToken');
  });
});
