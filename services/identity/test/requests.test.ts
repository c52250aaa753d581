import { RoleIds } from '@cti/access';
import type { AccessRequestView, SessionUser } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';
import { createAccessRequest } from '../src/requests/access-requests';

import { bearer, givenGroup, givenUser, linkIn, mailTo, outboxTypes, sessionOf } from './helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000', PUBLIC_URL: 'http://cti.test' } });
let admin: SessionUser;
let manager: SessionUser;
let ireland: string;
let accGroup: string;

beforeAll(async () => {
  ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  accGroup = await givenGroup(identity.app, 'Lessors ACC', 'ACC Group');
  await givenUser(identity.app, 'boss@example.com', { roles: ['Admin'] });
  await givenUser(identity.app, 'maeve@dublinlaw.ie', { roles: ['CountryViewer'], groupIds: [ireland], isGroupManager: true });
  admin = await sessionOf(identity.app, 'boss@example.com');
  manager = await sessionOf(identity.app, 'maeve@dublinlaw.ie');
});

const queue = async (): Promise<AccessRequestView[]> =>
  (await identity.app.inject({ method: 'GET', url: '/api/request', headers: bearer(admin) })).json();
const post = (url: string, s: SessionUser, payload: object) => identity.app.inject({ method: 'POST', url, headers: bearer(s), payload });
const external = (extra: object = {}) => ({
  FirstName: 'Ella',
  LastName: 'External',
  Email: 'ella@counsel.ie',
  Expires: '2032-06-30',
  Organization: 'Counsel Chambers',
  OrganizationAddress: '3 Law Library, Dublin',
  ...extra,
});

async function regularRequest(email: string) {
  return identity.app.inTransaction((trx) =>
    createAccessRequest(
      trx,
      {
        email,
        type: 'Compliance Index',
        organization: 'Harbour Leasing',
        organizationAddress: '1 Quay',
        reasoning: 'Scorecards',
        name: 'Lena Lessor',
        title: 'Counsel',
        extraUsers: [{ email: 'analyst@harbour.ie', name: 'Andy Analyst' }],
      },
      null,
    ),
  );
}

describe('external legal representative requests', () => {
  it('a group manager files one; it appears In Progress with UserManagerId and its users', async () => {
    const res = await post(
      '/api/request/external/create',
      manager,
      external({ Users: [{ FirstName: 'Extra', LastName: 'Person', Email: 'extra@counsel.ie' }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your request has been submitted. An administrator will review it.');
    const row = (await queue()).find((r) => r.Email === 'ella@counsel.ie')!;
    expect(row).toMatchObject({
      Type: 'External Legal Representative',
      Status: 'In Progress',
      UserManagerId: manager.Id,
      Name: 'Ella External',
      Organization: 'Counsel Chambers',
    });
    expect(row.Users.map((u) => [u.Email, u.Name, u.IsPrimary])).toEqual([
      ['ella@counsel.ie', 'Ella External', true],
      ['extra@counsel.ie', 'Extra Person', false],
    ]);
  });

  it('splits a joined Name on a space', async () => {
    await post(
      '/api/request/external/create',
      manager,
      external({ FirstName: '', LastName: '', Name: 'Joan Van Der Berg', Email: 'joan@counsel.ie' }),
    );
    expect((await queue()).find((r) => r.Email === 'joan@counsel.ie')!.Name).toBe('Joan Van Der Berg');
  });

  it.each(['FirstName', 'LastName', 'Email', 'Expires', 'Organization', 'OrganizationAddress'])('needs %s', async (field) => {
    const res = await post('/api/request/external/create', manager, external({ [field]: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You must fill out all fields.');
  });

  it("refuses extra users outside the primary contact's domain", async () => {
    const res = await post(
      '/api/request/external/create',
      manager,
      external({ Email: 'x@counsel.ie', Users: [{ FirstName: 'O', LastName: 'P', Email: 'o@elsewhere.ie' }] }),
    );
    expect(res.json().message).toBe("Additional users must share the primary contact's e-mail domain.");
  });

  it('approval opens time-limited CountryViewer accounts in the manager’s groups, managed by them', async () => {
    const row = (await queue()).find((r) => r.Email === 'ella@counsel.ie')!;
    const res = await post('/api/request/external/approve', admin, { ...row, Status: null, Expires: '2033-01-15' });
    expect(res.json().message).toBe('Request approved. The users have been sent a welcome email.');
    expect((await queue()).find((r) => r.Id === row.Id)!.Status).toBe('Approved');
    await mailTo(identity.app, 'ella@counsel.ie', 'welcome');
    await mailTo(identity.app, 'extra@counsel.ie', 'welcome');
    const users = (await identity.app.inject({ method: 'GET', url: '/api/user/groupManager', headers: bearer(manager) })).json();
    const ella = users.find((u: { Email: string }) => u.Email === 'ella@counsel.ie');
    expect(ella).toMatchObject({ Expires: '2033-01-15T23:59:59.999Z', RoleNameList: ['CountryViewer'], GroupNameList: ['Ireland'] });
  });

  it('approval refuses an expiry in the past, as creation does, and leaves the request In Progress', async () => {
    await post('/api/request/external/create', manager, external({ Email: 'late@counsel.ie' }));
    const row = (await queue()).find((r) => r.Email === 'late@counsel.ie')!;
    const res = await post('/api/request/external/approve', admin, { ...row, Status: null, Expires: '2020-01-31' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Expires must be a future date.');
    expect((await queue()).find((r) => r.Id === row.Id)!.Status).toBe('In Progress');
  });

  it('approval says truthfully that an existing account got the access and no welcome email', async () => {
    await givenUser(identity.app, 'known@counsel.ie', { roles: ['Standard'] });
    await post('/api/request/external/create', manager, external({ Email: 'known@counsel.ie' }));
    const row = (await queue()).find((r) => r.Email === 'known@counsel.ie')!;
    const res = await post('/api/request/external/approve', admin, { ...row, Status: null, Expires: '2033-01-15' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Request approved. known@counsel.ie already had an account: the access was added, no welcome email was sent.',
    );
    expect(res.json().message).not.toContain('have been sent a welcome email');
  });
});

describe('regular requests', () => {
  it('approval creates the primary and extra users with the chosen roles, groups and calculator group', async () => {
    const id = await regularRequest('lena@harbour.ie');
    const row = (await queue()).find((r) => r.Id === id)!;
    const primary = row.Users.find((u) => u.IsPrimary)!;
    const res = await post('/api/request/approve', admin, {
      Request: {
        Id: id,
        Organization: row.Organization,
        PrimaryEmail: row.Email,
        PrimaryId: primary.Id,
        Name: row.Name,
        Title: 'Counsel',
        Reasoning: row.Reasoning,
        Emails: [
          ...row.Users.filter((u) => !u.IsPrimary).map((u) => ({ Id: u.Id, Email: u.Email, Name: u.Name, Title: u.Title })),
          { Id: primary.Id, Email: primary.Email, Name: primary.Name, Title: primary.Title },
        ],
      },
      Roles: [RoleIds.Standard, RoleIds.ACCPresaleAccess],
      Groups: [ireland],
      CalculatorGroup: accGroup,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Request approved. The users have been sent a welcome email.');
    const users = (await identity.app.inject({ method: 'GET', url: '/api/user/groupManager', headers: bearer(admin) })).json();
    for (const email of ['lena@harbour.ie', 'analyst@harbour.ie']) {
      const u = users.find((x: { Email: string }) => x.Email === email);
      expect(u).toMatchObject({ Organization: 'Harbour Leasing', CalculatorGroupName: 'Lessors ACC', GroupNameList: ['Ireland'] });
      expect(u.RoleNameList.sort()).toEqual(['ACCPresaleAccess', 'Standard']);
      linkIn(await mailTo(identity.app, email, 'welcome'), '/user/setPassword/');
    }
    expect(await outboxTypes(identity.app)).toContain('evt.identity.request.approved');
  });

  it('answers the approval validation text', async () => {
    const id = await regularRequest('valid@harbour.ie');
    const base = {
      Id: id,
      Organization: 'O',
      PrimaryEmail: 'valid@harbour.ie',
      PrimaryId: 'x',
      Name: 'N',
      Title: 'T',
      Reasoning: '',
      Emails: [],
    };
    for (const [request, roles, calc] of [
      [{ ...base, Title: '' }, [RoleIds.Standard], accGroup],
      [{ ...base, Organization: null }, [RoleIds.Standard], accGroup],
      [base, [], accGroup],
      [base, [RoleIds.Standard], null],
    ] as const) {
      const res = await post('/api/request/approve', admin, { Request: request, Roles: roles, Groups: [], CalculatorGroup: calc });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('You must fill out all fields other than the extra users field.');
    }
  });

  it('deny marks the request Denied; a handled request cannot be decided again', async () => {
    const id = await regularRequest('deny@harbour.ie');
    const res = await identity.app.inject({ method: 'GET', url: `/api/request/deny/${id}`, headers: bearer(admin) });
    expect(res.json().message).toBe('Request denied.');
    expect((await queue()).find((r) => r.Id === id)!.Status).toBe('Denied');
    expect((await identity.app.inject({ method: 'GET', url: `/api/request/deny/${id}`, headers: bearer(admin) })).statusCode).toBe(409);
    expect(await outboxTypes(identity.app)).toContain('evt.identity.request.denied');
  });

  it('the queue and its decisions are for admins only', async () => {
    expect((await identity.app.inject({ method: 'GET', url: '/api/request', headers: bearer(manager) })).statusCode).toBe(403);
    const id = await regularRequest('mine@harbour.ie');
    expect((await identity.app.inject({ method: 'GET', url: `/api/request/deny/${id}`, headers: bearer(manager) })).statusCode).toBe(403);
  });
});
