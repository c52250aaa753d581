import type { GroupView, SessionUser } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { identityService } from '../src/app';

import { bearer, givenGroup, givenUser, mailbox, mailTo, outboxEvents, sessionOf } from './helpers';

const identity = serviceUnderTest(identityService, { env: { LOGIN_FAILURES_PER_IP: '1000' } });
let admin: SessionUser;
let manager: SessionUser;
let ireland: string;

beforeAll(async () => {
  ireland = await givenGroup(identity.app, 'Ireland', 'Country', 'IE');
  await givenGroup(identity.app, 'Lessors ACC', 'ACC Group');
  await givenUser(identity.app, 'boss@example.com', { roles: ['Admin'] });
  await givenUser(identity.app, 'manager@example.com', { roles: ['CountryViewer'], groupIds: [ireland], isGroupManager: true });
  await givenUser(identity.app, 'member1@example.com', { roles: ['CountryViewer'], groupIds: [ireland] });
  admin = await sessionOf(identity.app, 'boss@example.com');
  manager = await sessionOf(identity.app, 'manager@example.com');
});

const get = (url: string, s: SessionUser) => identity.app.inject({ method: 'GET', url, headers: bearer(s) });
const post = (url: string, s: SessionUser, payload: object) => identity.app.inject({ method: 'POST', url, headers: bearer(s), payload });

describe('group lists', () => {
  it('GET api/group answers every group with its members, sorted by name, for admins only', async () => {
    const groups: GroupView[] = (await get('/api/group', admin)).json();
    expect(groups.map((g) => g.Name)).toEqual(['Ireland', 'Lessors ACC']);
    expect(groups[0].Users.map((u) => u.Email)).toEqual(expect.arrayContaining(['manager@example.com', 'member1@example.com']));
    expect((await get('/api/group', manager)).statusCode).toBe(403);
  });

  it('GET api/group/manager answers a group manager their groups', async () => {
    expect((await get('/api/group/manager', manager)).json().map((g: GroupView) => g.Name)).toEqual(['Ireland']);
  });

  it('GET api/group/ccOptions answers the groups without CountryId', async () => {
    expect((await get('/api/group/ccOptions', manager)).json().map((g: GroupView) => g.Name)).toEqual(['Lessors ACC']);
  });

  it('GET api/group/countries answers the Country groups to any signed-in user', async () => {
    const member = await sessionOf(identity.app, 'member1@example.com');
    expect((await get('/api/group/countries', member)).json().map((g: GroupView) => g.Name)).toEqual(['Ireland']);
  });

  it('GET api/logo answers flags with display names', async () => {
    const logos = (await get('/api/logo', admin)).json();
    expect(logos).toContainEqual({ Path: '/flags/ie.svg', DisplayName: 'Ireland' });
    expect(logos.length).toBeGreaterThan(200);
  });
});

describe('add and edit', () => {
  it('adds a Country group with its flag and country from the flag, and publishes it', async () => {
    const res = await post('/api/group', admin, { Name: 'Portugal', Type: 'Country', LogoPath: '/flags/pt.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Portugal', Type: 'Country', LogoPath: '/flags/pt.svg', CountryId: 'PT' });
    const events = await outboxEvents(identity.app, 'evt.identity.group.created');
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ name: 'Portugal', countryId: 'PT', logoPath: '/flags/pt.svg' }),
    );
  });

  it('takes as a flag only a path of the platform or an http(s) address: never javascript: or data:', async () => {
    for (const LogoPath of [
      'javascript:alert(document.cookie)',
      'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
      '//evil.example/f.svg',
    ]) {
      const res = await post('/api/group', admin, { Name: `Flagged ${LogoPath.slice(0, 5)}`, Type: 'Country', LogoPath });
      expect([LogoPath, res.statusCode, res.json().message]).toEqual([
        LogoPath,
        400,
        'The flag must be a path of this site (such as /flags/ie.svg) or an http(s) address.',
      ]);
      const edit = await post('/api/group/edit', admin, { Id: ireland, Name: 'Ireland', Type: 'Country', LogoPath });
      expect(edit.statusCode).toBe(400);
    }
    const hosted = await post('/api/group', admin, { Name: 'Hosted flag', Type: 'Country', LogoPath: 'https://cdn.example.org/hf.svg' });
    expect(hosted.json()).toMatchObject({ LogoPath: 'https://cdn.example.org/hf.svg' });
  });

  it('compares names as stored: the same name with other case, spaces, invisible marks or composition is the same group (409)', async () => {
    expect((await post('/api/group', admin, { Name: 'S\u00e3o Tom\u00e9 Club', Type: 'AWG Member' })).statusCode).toBe(200);
    // (Postgres lowers the case as its collation does: with the C collation of the tests, ASCII letters only)
    for (const Name of ['são tomé club', ' SãO\u200b TOMé  CLUB ', 'Sa\u0303o Tome\u0301 Club'])
      expect([Name, (await post('/api/group', admin, { Name, Type: 'AWG Member' })).statusCode]).toEqual([Name, 409]);
  });

  it('drops LogoPath for groups that are not countries', async () => {
    expect((await post('/api/group', admin, { Name: 'AWG', Type: 'AWG Member', LogoPath: '/flags/pt.svg' })).json()).toMatchObject({
      LogoPath: null,
      CountryId: null,
    });
  });

  it('needs Name and Type', async () => {
    const res = await post('/api/group', admin, { Name: '', Type: 'Country' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill out all fields');
    expect((await post('/api/group', admin, { Name: 'X', Type: '' })).json().message).toBe('Please fill out all fields');
    expect((await post('/api/group', admin, { Name: 'X', Type: 'Club' })).statusCode).toBe(400);
  });

  it('edits a group and publishes evt.identity.group.updated', async () => {
    const res = await post('/api/group/edit', admin, { Id: ireland, Name: 'Éire', Type: 'Country', LogoPath: '/flags/ie.svg' });
    expect(res.json()).toMatchObject({ Id: ireland, Name: 'Éire', CountryId: 'IE' });
    const events = await outboxEvents(identity.app, 'evt.identity.group.updated');
    expect(events.map((e) => e.data)).toContainEqual({
      groupId: ireland,
      name: 'Éire',
      type: 'Country',
      countryId: 'IE',
      logoPath: '/flags/ie.svg',
    });
  });

  it('is for admins only', async () => {
    expect((await post('/api/group', manager, { Name: 'Mine', Type: 'Country' })).statusCode).toBe(403);
    expect((await post('/api/group/edit', manager, { Id: ireland, Name: 'Mine', Type: 'Country' })).statusCode).toBe(403);
  });
});

describe('POST api/group/email', () => {
  it('sends every chosen member and every CC a mail of their own (nobody sees another’s address) and answers Message sent.', async () => {
    const groups: GroupView[] = (await get('/api/group', admin)).json();
    const members = groups.find((g) => g.Id === ireland)!.Users;
    const res = await post('/api/group/email', admin, {
      Subject: 'Period opens',
      Message: 'Hello <all>\n\nSee you.',
      To: members.map((m) => m.Id),
      CC: ['cc@example.net'],
      Group: ireland,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Message sent.');
    const addresses = [...members.map((m) => m.Email), 'cc@example.net'];
    expect(members.length).toBeGreaterThan(1);
    for (const address of addresses) {
      const mail = await mailTo(identity.app, address, 'group-email');
      expect(mail.Subject).toBe('Period opens');
      expect([mail.To, mail.Cc]).toEqual([[address], []]);
      expect(mail.Html).toContain('Hello &lt;all&gt;');
    }
    const sent = (await mailbox(identity.app)).filter((m) => m.Kind === 'group-email');
    expect(sent.map((m) => m.To).sort()).toEqual(addresses.sort().map((a) => [a]));
    expect((await outboxEvents(identity.app, 'evt.identity.group.emailed')).length).toBe(1);
  });

  it('needs a message and a subject, and members as To', async () => {
    expect(
      (await post('/api/group/email', admin, { Subject: 'S', Message: ' ', To: [], CC: ['a@b.cd'], Group: ireland })).json().message,
    ).toBe('Please enter a message.');
    expect(
      (await post('/api/group/email', admin, { Subject: '', Message: 'M', To: [], CC: ['a@b.cd'], Group: ireland })).json().message,
    ).toBe('Please enter a subject.');
    expect(
      (
        await post('/api/group/email', admin, {
          Subject: 'S',
          Message: 'M',
          To: ['00000000-0000-0000-0000-000000000000'],
          CC: [],
          Group: ireland,
        })
      ).statusCode,
    ).toBe(400);
  });
});
