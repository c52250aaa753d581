import { RoleIds } from '@cti/access';
import type { ManagedUser, SessionUser } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../../src/app';
import { bearer, givenGroup, givenUser, linkIn, login, mailbox, mailTo, sessionOf } from '../helpers';

const identity = serviceUnderTest(identityService, {
  env: {
    LOGIN_FAILURES_PER_IP: '1000',
    PASSWORD_RATE_PER_IP: '1000',
    ROLE_LOOKUP_RATE_PER_IP: '1000',
    PUBLIC_URL: 'http://cti.test',
  },
});
let admin: SessionUser;
let manager: SessionUser;
let ireland: string;
let france: string;
let respondentId: string;

beforeAll(async () => {
  ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  france = await givenGroup(identity.app, 'France', 'Country', 'FR');
  await givenUser(identity.app, 'admin@example.com', { roles: ['Admin'] });
  // the demo group manager of the issue: CountryViewer of Ireland
  await givenUser(identity.app, 'manager@example.com', { roles: ['CountryViewer'], groupIds: [ireland], isGroupManager: true });
  respondentId = await givenUser(identity.app, 'respondent@lawfirm.ie', { roles: ['CountryRespondent'], groupIds: [ireland] });
  admin = await sessionOf(identity.app, 'admin@example.com');
  manager = await sessionOf(identity.app, 'manager@example.com');
});

const update = (s: SessionUser, body: object) =>
  identity.app.inject({ method: 'POST', url: '/api/user/update', headers: bearer(s), payload: body });
async function userAs(s: SessionUser, id: string): Promise<ManagedUser> {
  const res = await identity.app.inject({ method: 'GET', url: `/api/user/${id}`, headers: bearer(s) });
  if (res.statusCode !== 200) throw new Error(`GET api/user/${id} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}
const payloadOf = (u: ManagedUser, extra: object = {}) => ({
  Id: u.Id,
  FirstName: u.FirstName,
  LastName: u.LastName,
  Email: u.Email,
  OrganizationName: u.Organization,
  OrganizationAddress: u.OrganizationAddress,
  ExpiresOn: u.Expires,
  Roles: u.Roles.map((r) => r.Id),
  Groups: u.Groups.map((g) => g.Id),
  CalculatorGroup: u.CalculatorGroup,
  ...extra,
});

describe('the takeover of the issue: a group manager redirects a respondent’s e-mail', () => {
  it('is refused, the e-mail stays, and a reset asked for the new address goes nowhere', async () => {
    const respondent = await userAs(admin, respondentId);
    const res = await update(manager, payloadOf(respondent, { Email: 'respondent@example.com' }));
    expect(res.statusCode).toBe(403);
    expect((await userAs(admin, respondentId)).Email).toBe('respondent@lawfirm.ie');
    await identity.app.inject({ method: 'POST', url: '/api/user/forgotPassword/respondent@example.com', remoteAddress: '10.9.9.9' });
    expect((await mailbox(identity.app, 'respondent@example.com')).length).toBe(0);
  });

  it('the manager cannot edit the respondent at all: they hold a role the manager cannot give', async () => {
    const respondent = await userAs(admin, respondentId);
    const res = await update(manager, payloadOf(respondent, { FirstName: 'Renamed' }));
    expect(res.statusCode).toBe(403);
    expect((await userAs(admin, respondentId)).FirstName).not.toBe('Renamed');
    // still listed for the manager, marked as not editable
    const rows: ManagedUser[] = (
      await identity.app.inject({ method: 'GET', url: '/api/user/groupManager', headers: bearer(manager) })
    ).json();
    expect(rows.find((r) => r.Id === respondentId)?.CanEdit).toBe(false);
  });
});

describe('what a group manager’s save may change', () => {
  it('never adds a role or group the manager lacks, never revives an expired role', async () => {
    const id = await givenUser(identity.app, 'viewer1@lawfirm.ie', { roles: ['CountryViewer', 'Standard'], groupIds: [ireland] });
    // Standard expired: the user now holds only CountryViewer, which the manager may give
    await identity.ctx.query(`update identity.user_roles set expires_on = now() - interval '1 day' where user_id = $1 and role_id = $2`, [
      id,
      RoleIds.Standard,
    ]);
    const user = await userAs(manager, id);
    expect(user.CanEdit).toBe(true);
    expect((await update(manager, payloadOf(user, { Roles: [RoleIds.CountryViewer, RoleIds.CountryRespondent] }))).statusCode).toBe(403);
    expect((await update(manager, payloadOf(user, { Groups: [ireland, france] }))).statusCode).toBe(403);
    // asking for the expired role again (a stale form) leaves it expired
    const res = await update(manager, payloadOf(user, { Roles: [RoleIds.CountryViewer, RoleIds.Standard] }));
    expect([200, 403]).toContain(res.statusCode);
    const after = await userAs(admin, id);
    expect(after.RoleNameList).toEqual(['CountryViewer']);
    expect(after.ExpiredRoles.map((r) => r.Name)).toEqual(['Standard']);
  });

  it('never removes or extends an account expiry; may keep or shorten it', async () => {
    const id = await givenUser(identity.app, 'external@outsidefirm.com', {
      roles: ['CountryViewer'],
      groupIds: [ireland],
      expiresOn: '2030-06-30T23:59:59.999Z',
    });
    const user = await userAs(manager, id);
    expect((await update(manager, payloadOf(user, { ExpiresOn: null }))).statusCode).toBe(403);
    expect((await update(manager, payloadOf(user, { ExpiresOn: '2031-06-30' }))).statusCode).toBe(403);
    expect((await userAs(admin, id)).Expires).toBe('2030-06-30T23:59:59.999Z');
    expect((await update(manager, payloadOf(user, { ExpiresOn: '2030-06-30', FirstName: 'Kept' }))).statusCode).toBe(200);
    expect((await update(manager, payloadOf(user, { ExpiresOn: '2030-01-31' }))).statusCode).toBe(200);
    expect((await userAs(admin, id)).Expires).toBe('2030-01-31T23:59:59.999Z');
  });

  it('keeps a role’s end date and, removing a dated role, ends it instead of deleting it', async () => {
    await givenUser(identity.app, 'maeve@example.com', { roles: ['CountryViewer', 'Standard'], groupIds: [ireland], isGroupManager: true });
    const maeve = await sessionOf(identity.app, 'maeve@example.com');
    const id = await givenUser(identity.app, 'dated@lawfirm.ie', { roles: ['CountryViewer', 'Standard'], groupIds: [ireland] });
    await identity.ctx.query(`update identity.user_roles set expires_on = '2030-01-01' where user_id = $1 and role_id = $2`, [
      id,
      RoleIds.Standard,
    ]);
    const user = await userAs(maeve, id);
    expect((await update(maeve, payloadOf(user, { FirstName: 'Same' }))).statusCode).toBe(200);
    const expiryOfStandard = async () =>
      (
        await identity.ctx.query(`select expires_on from identity.user_roles where user_id = $1 and role_id = $2`, [id, RoleIds.Standard])
      )[0]?.expires_on;
    expect(new Date(await expiryOfStandard()).toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect((await update(maeve, payloadOf(user, { Roles: [RoleIds.CountryViewer] }))).statusCode).toBe(200);
    expect(Date.parse(await expiryOfStandard())).toBeLessThanOrEqual(Date.now());
    // and giving it back does not bring it back without its date
    await update(maeve, payloadOf(user, { Roles: [RoleIds.CountryViewer, RoleIds.Standard] }));
    expect((await userAs(admin, id)).RoleNameList).toEqual(['CountryViewer']);
  });

  it('edits users of another domain it may otherwise manage; the domain rule applies to adding only', async () => {
    const id = await givenUser(identity.app, 'partner@otherdomain.org', { roles: ['CountryViewer'], groupIds: [ireland] });
    const user = await userAs(manager, id);
    const res = await update(manager, payloadOf(user, { FirstName: 'Pat', LastName: 'Partner' }));
    expect(res.statusCode).toBe(200);
    expect((await userAs(admin, id)).Name).toBe('Pat Partner');
  });

  it('never edits another group manager', async () => {
    const id = await givenUser(identity.app, 'co-manager@example.com', {
      roles: ['CountryViewer'],
      groupIds: [ireland],
      isGroupManager: true,
    });
    const user = await userAs(manager, id);
    expect((await update(manager, payloadOf(user, { Roles: [RoleIds.CountryViewer], FirstName: 'X' }))).statusCode).toBe(403);
  });
});

describe('an admin changes a user’s e-mail', () => {
  it('notifies the old address and ends the reset and welcome links sent before', async () => {
    const id = await givenUser(identity.app, 'old-address@example.org', { roles: ['Standard'] });
    await identity.app.inject({ method: 'POST', url: '/api/user/forgotPassword/old-address@example.org', remoteAddress: '10.9.9.8' });
    const reset = linkIn(await mailTo(identity.app, 'old-address@example.org', 'reset-password'), '/resetPassword/').parts[0];
    const user = await userAs(admin, id);
    const res = await update(admin, payloadOf(user, { Email: 'new-address@example.org' }));
    expect(res.statusCode).toBe(200);
    const notice = await mailTo(identity.app, 'old-address@example.org', 'email-changed');
    expect(notice.Text).toContain('new-address@example.org');
    const used = await identity.app.inject({
      method: 'POST',
      url: '/api/user/resetPassword',
      payload: { Code: reset, Email: 'new-address@example.org', NewPassword: 'taken-over-for-good' },
    });
    expect(used.json().message).toBe('InvalidToken');
  });
});

describe('GET api/user/sendReset/{id} (Resend welcome email)', () => {
  const send = (id: string, headers: Record<string, string> = {}, query = '') =>
    identity.app.inject({ method: 'GET', url: `/api/user/sendReset/${id}${query}`, headers, remoteAddress: '10.9.9.7' });

  it('is refused to anonymous callers without the user’s welcome link, and to strangers', async () => {
    const id = await givenUser(identity.app, 'no-password-yet@example.org', { roles: ['Standard'], password: null });
    expect((await send(id)).statusCode).toBe(401);
    const stranger = await sessionOf(identity.app, 'manager@example.com');
    expect((await send(id, bearer(stranger))).statusCode).toBe(404);
    expect((await mailbox(identity.app, 'no-password-yet@example.org')).length).toBe(0);
  });

  it('is sent for admins and the user’s manager, and for the holder of the user’s expired welcome link', async () => {
    const res = await identity.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(admin),
      payload: {
        FirstName: 'Wen',
        LastName: 'Welcome',
        Email: 'wen@lawfirm.ie',
        Roles: [RoleIds.CountryViewer],
        Groups: [ireland],
      },
    });
    expect(res.statusCode).toBe(200);
    const first = await mailTo(identity.app, 'wen@lawfirm.ie', 'welcome');
    const { parts } = linkIn(first, '/user/setPassword/');
    const [id, token] = parts as [string, string];
    await identity.ctx.query(`update identity.user_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [id]);
    expect((await send(id, {}, `?token=${encodeURIComponent(token)}`)).json().message).toBe('Welcome email sent.');
    await mailTo(identity.app, 'wen@lawfirm.ie', 'welcome', 1);
    // the first link was replaced: it no longer asks for anything
    expect((await send(id, {}, `?token=${encodeURIComponent(token)}`)).statusCode).toBe(401);
    expect((await send(id, bearer(manager))).json().message).toBe('Welcome email sent.');
    expect((await send(id, bearer(admin))).json().message).toBe('Welcome email sent.');
  });

  it('never sends the welcome mail to a user who has set a password', async () => {
    const id = await givenUser(identity.app, 'has-password@example.org', { roles: ['Standard'] });
    const res = await send(id, bearer(admin));
    expect(res.statusCode).toBe(409);
    expect((await mailbox(identity.app, 'has-password@example.org')).length).toBe(0);
  });
});

describe('GET api/roles/by/email/{email}', () => {
  const rolesOf = (email: string, headers: Record<string, string> = {}) =>
    identity.app.inject({ method: 'GET', url: `/api/roles/by/email/${encodeURIComponent(email)}`, headers, remoteAddress: '10.9.9.6' });

  it('answers a stranger the same for a known and an unknown address', async () => {
    const known = await rolesOf('respondent@lawfirm.ie');
    const unknown = await rolesOf('nobody@lawfirm.ie');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    // a signed-in user asking about someone they do not manage is a stranger too
    const respondent = await sessionOf(identity.app, 'respondent@lawfirm.ie');
    expect((await rolesOf('manager@example.com', bearer(respondent))).body).toBe(unknown.body);
  });

  it('answers the signed-in user their own roles, and admins anyone’s', async () => {
    const me = (await rolesOf('manager@example.com', bearer(manager))).json();
    expect(me.map((r: { Id: number }) => r.Id)).toEqual([RoleIds.CountryViewer]);
    const theirs = (await rolesOf('respondent@lawfirm.ie', bearer(admin))).json();
    expect(theirs.map((r: { Id: number }) => r.Id)).toEqual([RoleIds.CountryRespondent]);
  });
});

it('the respondent still signs in with their own password after all of the above', async () => {
  expect((await login(identity.app, 'respondent@lawfirm.ie')).statusCode).toBe(200);
});
