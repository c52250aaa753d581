import { gunzipSync } from 'node:zlib';

import * as XLSX from 'xlsx';

import { audienceOf, RoleIds, type RoleName } from '@cti/access';
import {
  AUDIENCE_SHARED_READ_PATHS,
  SurrogateHeaders,
  type AsuRow,
  type GroupIndexRow,
  type MapData,
  type PublicIndexSummary,
  type ScoreHistoryRow,
  type Scorecard,
} from '@cti/contracts';
import { GZIP_FROM_BYTES } from '@cti/service-kit';
import { eventually, serviceCaller, serviceUnderTest, signTestToken } from '@cti/testing';

import { scoringService } from '../src/app';

import { get, givenWorld, inputs, publish, saveScores, tokenFor, type World } from './support';

const scoring = serviceUnderTest(scoringService);
let world: World;

beforeAll(async () => {
  world = await givenWorld(
    scoring.app,
    [
      ['United Kingdom', 'GB'],
      ['Ireland', 'IE'],
      ['United States', 'US'],
      ['Kenya', 'KE'],
    ],
    ['2024 1st Q', '2024 2nd Q'],
    async (period, w) => {
      const q = (code: string) => w.questionnaires[`${code}:${period}`];
      if (period === '2024 1st Q') {
        await saveScores(scoring.app, q('IE'), {
          ...inputs(4),
          QualifyingDeclarations: true,
          ExplanatoryComments: '<p>First assessment</p>',
        });
        await saveScores(scoring.app, q('GB'), { ...inputs(5), QualifyingDeclarations: true });
      } else {
        await saveScores(scoring.app, q('IE'), {
          ...inputs(5, 5, 4, 4, 3.5, 4),
          QualifyingDeclarations: true,
          Watchlist: true,
          IsSpecialNotice: true,
          Notice: '<p>On watch: new insolvency bill</p>',
          ExplanatoryComments: '<p>IDERA now recorded</p>',
        });
        await saveScores(scoring.app, q('GB'), { ...inputs(4.5), QualifyingDeclarations: true });
        await saveScores(scoring.app, q('US'), { ...inputs(2, 3.5), Suspended: true });
      }
    },
  );
  const ie = world.countries.IE;
  await publish(scoring.app, 'evt.documents.annotation.attached', {
    documentId: 'd-1',
    kind: 'annotation',
    s3Name: 'abc.pdf',
    title: 'Ireland annotations',
    fileName: 'ireland.pdf',
    access: 'Annotation',
    groupId: ie.groupId,
    groupName: 'Ireland',
    annotationType: 1,
    questionnaireId: world.questionnaires['IE:2024 2nd Q'],
    periodId: null,
    periodName: null,
    replacedS3Name: null,
  });
  await eventually(async () => (await get(scoring.app, `/api/group/index/${ie.groupId}`)).json().AnnotationName === 'Ireland annotations');
});

const id = (code: string) => world.countries[code].groupId;
const scorecard = (code: string, token: string) => get(scoring.app, `/api/group/index/${id(code)}`, token);

describe('open a country scorecard', () => {
  it.each<[RoleName, string | null, number]>([
    ['Admin', null, 200],
    ['Enhanced', null, 200],
    ['Standard', null, 200],
    ['AWGMember', null, 200],
    ['CountryViewer', 'IE', 200],
    ['CountryRespondent', 'IE', 200],
    ['CountryViewer', 'KE', 403],
    ['CountryRespondent', 'KE', 403],
    ['FreeAccess', null, 403],
  ])('%s (of %s) → %s on Ireland', async (role, of, status) => {
    expect((await scorecard('IE', tokenFor([role], of ? [id(of)] : []))).statusCode).toBe(status);
  });

  it('opens the public country to a free user, without details, watchlist or history', async () => {
    const free = tokenFor(['FreeAccess']);
    const res = await scorecard('GB', free);
    expect(res.statusCode).toBe(200);
    const card = res.json() as Scorecard;
    expect(card).toMatchObject({
      Name: 'United Kingdom',
      Score: 90,
      Category: 'Very High',
      A: null,
      ExplanatoryComments: null,
      Watchlist: false,
    });
    expect(card.Access).toEqual({
      open: true,
      details: false,
      watchlist: false,
      annotations: true,
      documents: false,
      history: false,
      cftDownload: false,
    });
    expect((await get(scoring.app, `/api/group/index/${id('GB')}/scores`, free)).statusCode).toBe(403);
  });
});

describe('what each role sees of Ireland', () => {
  const view = async (roles: RoleName[], groups: string[] = []) => (await scorecard('IE', tokenFor(roles, groups))).json() as Scorecard;

  it('shows viewers of the group everything', async () => {
    const card = await view(['CountryViewer'], [id('IE')]);
    expect(card).toMatchObject({
      A: 5,
      B: 5,
      Watchlist: true,
      Notice: '<p>On watch: new insolvency bill</p>',
      AnnotationName: 'Ireland annotations',
      ExplanatoryComments: '<p>IDERA now recorded</p>',
    });
    expect(card.Access).toMatchObject({
      details: true,
      watchlist: true,
      annotations: true,
      documents: true,
      history: true,
      cftDownload: false,
    });
  });

  it('shows Standard subscribers details and the watchlist, but no annotations or history', async () => {
    const card = await view(['Standard']);
    expect(card).toMatchObject({ A: 5, Watchlist: true, AnnotationName: null });
    expect(card.Access).toMatchObject({
      details: true,
      watchlist: true,
      annotations: false,
      documents: true,
      history: false,
      cftDownload: false,
    });
    expect((await get(scoring.app, `/api/group/index/${id('IE')}/scores`, tokenFor(['Standard']))).statusCode).toBe(403);
  });

  it('gives Enhanced subscribers the certified download and the history', async () => {
    const card = await view(['Enhanced']);
    expect(card.Access).toMatchObject({ details: true, watchlist: true, annotations: true, history: true, cftDownload: true });
  });

  it('gives each audience its own ETag', async () => {
    const a = await scorecard('IE', tokenFor(['Standard']));
    const b = await scorecard('IE', tokenFor(['Enhanced']));
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect(
      (await get(scoring.app, `/api/group/index/${id('IE')}`, tokenFor(['Standard']), { 'if-none-match': a.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });
});

describe('explained score history', () => {
  it('names the variables that moved, their points, the category change and the notice', async () => {
    const history = (
      await get(scoring.app, `/api/group/index/${id('IE')}/scores`, tokenFor(['CountryRespondent'], [id('IE')]))
    ).json() as ScoreHistoryRow[];
    expect(history.map((h) => [h.Period, h.Score, h.Category])).toEqual([
      ['2024 1st Q', 80, 'High'],
      ['2024 2nd Q', 89, 'Very High'],
    ]);
    expect(history[0].Explanation).toBeNull();
    const e = history[1].Explanation!;
    expect(e.moves).toEqual([
      { variable: 'A', from: 4, to: 5, points: 5 },
      { variable: 'B', from: 4, to: 5, points: 5 },
      { variable: 'E', from: 4, to: 3.5, points: -1.25 },
    ]);
    expect(e).toMatchObject({ delta: 9, roundingPoints: 0.25, categoryFrom: 'High', categoryTo: 'Very High', levelPoints: 0 });
    expect(history[1]).toMatchObject({ Notice: '<p>On watch: new insolvency bill</p>', ExplanatoryComments: '<p>IDERA now recorded</p>' });
  });
});

describe('watchlist visibility in the lists', () => {
  const ieRow = async (token: string) =>
    ((await get(scoring.app, '/api/group/index/list', token)).json() as GroupIndexRow[]).find((r) => r.CountryId === 'IE')!;

  it.each<[RoleName, string | null, boolean]>([
    ['Standard', null, true],
    ['CountryViewer', 'KE', true],
    ['CountryRespondent', 'IE', true],
    ['CountryRespondent', 'KE', false],
    ['FreeAccess', null, false],
  ])('%s (of %s) sees the watchlist flag: %s', async (role, of, visible) => {
    expect((await ieRow(tokenFor([role], of ? [id(of)] : []))).Watchlist).toBe(visible);
  });

  it('keeps the special-notice flag and marks the public country', async () => {
    const rows = (await get(scoring.app, '/api/group/index/list', tokenFor(['FreeAccess']))).json() as GroupIndexRow[];
    expect(rows.find((r) => r.CountryId === 'IE')).toMatchObject({ IsSpecialNotice: true, IsPublic: false });
    expect(rows.find((r) => r.CountryId === 'GB')).toMatchObject({ IsPublic: true });
  });
});

describe('map, ASU and historical data', () => {
  it('classes every country for the map legend', async () => {
    const map = (await get(scoring.app, '/api/group/index/map', tokenFor(['FreeAccess']))).json() as MapData;
    const classes = Object.fromEntries(map.Countries.map((c) => [c.CountryId, c.MapCategory]));
    expect(classes).toEqual({ GB: 'Very High', IE: 'Very High', US: 'Suspended', KE: 'Insufficient Legal Analysis' });
    expect(map.Countries.find((c) => c.CountryId === 'IE')!.Watchlist).toBe(false);
    expect(map.Period).toBe('2024 2nd Q');
  });

  it('gives ASU rows their conditions, and A and B only to those who may see details', async () => {
    const asFree = (await get(scoring.app, '/api/group/index/asu', tokenFor(['FreeAccess']))).json() as AsuRow[];
    const ie = asFree.find((r) => r.CountryId === 'IE')!;
    expect(ie).toMatchObject({ ASU: 'Eligible', Condition1: 'Yes', Condition2: 'Yes', Condition3: 'Yes', A: null, B: null });
    expect(asFree.find((r) => r.CountryId === 'US')).toMatchObject({
      Suspended: true,
      Condition1: 'No',
      Condition2: 'No',
      Condition3: 'Yes',
      ASU: 'Not Eligible',
    });
    expect(asFree.find((r) => r.CountryId === 'KE')).toMatchObject({ ASU: null, Condition1: 'No', Condition2: '-', Condition3: '-' });
    const asStandard = (await get(scoring.app, '/api/group/index/asu', tokenFor(['Standard']))).json() as AsuRow[];
    expect(asStandard.find((r) => r.CountryId === 'IE')).toMatchObject({ A: 5, B: 5 });
  });

  it('writes the ASU Excel file server-side, sorted by country, named with the date', async () => {
    const res = await scoring.app.inject({
      method: 'POST',
      url: '/api/print/asu',
      headers: { authorization: `Bearer ${tokenFor(['FreeAccess'])}` },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`ASU_assessment${new Date().toISOString().slice(0, 10)}.xlsx`);
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual([
      'Country',
      'Watchlist',
      'Conclusion',
      'Condition 1',
      'Condition 2',
      'Condition 3',
      'A · Implementation in national law',
      'B · Compliance in practice',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Ireland', 'Kenya', 'United Kingdom', 'United States']);
    expect(rows.find((r) => r[0] === 'United States')!.slice(2, 6)).toEqual(['Suspended', 'No', 'No', 'Yes']);
    // a free user does not learn who is on the watchlist, nor the variables, from the file either
    expect(
      rows
        .find((r) => r[0] === 'Ireland')!
        .slice(6)
        .filter((v) => v !== ''),
    ).toEqual([]);
    const about = XLSX.utils.sheet_to_json<string[]>(book.Sheets['About'], { header: 1 });
    expect(about.map((r) => r[0])).toEqual([
      'Condition 2: A · Implementation in national law is at least 4.',
      'Condition 3: B · Compliance in practice is at least 3.',
    ]);
    expect(rows.find((r) => r[0] === 'Ireland')![1] ?? '').toBe('');
  });

  it('lists every score per period for the historical data roles only', async () => {
    const res = await get(scoring.app, '/api/group/index/history', tokenFor(['Standard']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ Country: 'Ireland', Period: '2024 1st Q', Year: 2024, Score: 80 })]),
    );
    for (const roles of [['FreeAccess'], ['CountryViewer']] as RoleName[][]) {
      expect((await get(scoring.app, '/api/group/index/history', tokenFor(roles))).statusCode).toBe(403);
    }
  });
});

describe('internal scorecards for the documents service', () => {
  it('needs the service token', async () => {
    expect((await scoring.app.inject({ method: 'GET', url: `/internal/scorecards/${id('IE')}` })).statusCode).toBe(403);
  });

  it('answers the full scorecard and a self-contained HTML document', async () => {
    const card = (
      await scoring.app.inject({ method: 'GET', url: `/internal/scorecards/${id('IE')}`, headers: serviceCaller })
    ).json() as Scorecard;
    expect(card).toMatchObject({ Name: 'Ireland', Score: 89, Watchlist: true, Period: '2024 2nd Q' });
    const html = await scoring.app.inject({
      method: 'GET',
      url: `/internal/scorecards/${id('IE')}/html?variant=compliance`,
      headers: serviceCaller,
    });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toMatch(/^<!DOCTYPE html>/);
    expect(html.body).toContain('Ireland');
    expect(html.body).toContain('Watchlist notice');
    expect(html.body).toContain('data:image/svg+xml;base64,');
    expect(html.body).not.toMatch(/<script|<link|src="http/);
    const enforceability = await scoring.app.inject({
      method: 'GET',
      url: `/internal/scorecards/${id('IE')}/html?variant=enforceability`,
      headers: serviceCaller,
    });
    expect(enforceability.body).toContain('This group does not yet have enforceability scores for the current period.');
  });
});

describe('the public summary of the landing page', () => {
  it('answers without sign-in: period, states covered, map classes without scores, and headlines that name no watchlist state', async () => {
    const res = await scoring.app.inject({ method: 'GET', url: '/api/group/index/public' });
    expect(res.statusCode).toBe(200);
    const summary = res.json() as PublicIndexSummary;
    expect(summary).toMatchObject({ Period: '2024 2nd Q', StatesCovered: 4, StatesScored: 3 });
    expect(summary.Countries.find((c) => c.CountryId === 'IE')).toEqual({
      GroupId: id('IE'),
      Name: 'Ireland',
      CountryId: 'IE',
      MapCategory: 'Very High',
    });
    expect(summary.Countries.find((c) => c.CountryId === 'US')!.MapCategory).toBe('Suspended');
    // scores and watchlist flags are not in the answer at all
    expect(res.body).not.toMatch(/"Score"|"Watchlist"/);
    expect(summary.Headlines).toEqual([
      { Kind: 'watchlist', Period: '2024 2nd Q', Text: 'One contracting state was placed on the watchlist' },
      { Kind: 'category', Period: '2024 2nd Q', Text: 'Ireland moved from High to Very High' },
      { Kind: 'category', Period: '2024 2nd Q', Text: 'United States was scored for the first time: Low' },
    ]);
  });

  it('lets a shared cache (the gateway) keep it for a second, browsers revalidating, since every caller gets the same bytes', async () => {
    const res = await scoring.app.inject({ method: 'GET', url: '/api/group/index/public' });
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
    expect(res.headers.vary).toBeUndefined();
    const again = await scoring.app.inject({
      method: 'GET',
      url: '/api/group/index/public',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the lists the gateway may keep per audience', () => {
  /** Two people of one audience: alike in their access, different in everything else a token says. */
  const reader = (who: string, roles: RoleName[], groups: string[]) =>
    signTestToken({
      sub: `reader-${who}`,
      email: `${who}@${who}.example`,
      name: who,
      organization: who,
      roles: roles.map((r) => RoleIds[r]),
      groups,
      groupNames: groups.map((g) => `name of ${g}`),
    });

  it.each(AUDIENCE_SHARED_READ_PATHS)('%s: marks its answer with the reader’s audience, for the gateway only', async (path) => {
    const res = await get(scoring.app, path, reader('ann', ['CountryViewer'], [id('IE')]));
    expect(res.statusCode).toBe(200);
    const audience = audienceOf({
      roles: [RoleIds.CountryViewer],
      groups: [id('IE')],
      isAdmin: false,
      isGroupManager: false,
      isAcid: false,
      free: false,
      email: '',
    });
    expect(res.headers[SurrogateHeaders.audience]).toBe(audience);
    expect(res.headers[SurrogateHeaders.control]).toBe('max-age=1');
    // browsers and outside caches still keep it for the caller only
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // (and by encoding, for answers long enough to be compressed)
    expect(res.headers.vary).toBe(res.rawPayload.length >= GZIP_FROM_BYTES ? 'Authorization, Accept-Encoding' : 'Authorization');
    const again = await get(scoring.app, path, reader('ann', ['CountryViewer'], [id('IE')]), { 'if-none-match': String(res.headers.etag) });
    expect([again.statusCode, again.headers[SurrogateHeaders.audience]]).toEqual([304, audience]);
  });

  it.each(AUDIENCE_SHARED_READ_PATHS)('%s: answers two readers of one audience the same bytes, whoever they are', async (path) => {
    for (const [roles, groups] of [
      [['CountryViewer'], [id('IE')]],
      [['CountryRespondent'], [id('IE')]],
      [['Standard'], []],
      [['FreeAccess'], []],
      [['AWGMember'], []],
    ] as Array<[RoleName[], string[]]>) {
      const ann = await get(scoring.app, path, reader('ann', roles, groups));
      const bob = await get(scoring.app, path, reader('bob', roles, groups));
      expect(bob.headers[SurrogateHeaders.audience]).toBe(ann.headers[SurrogateHeaders.audience]);
      expect([bob.headers.etag, bob.body]).toEqual([ann.headers.etag, ann.body]);
    }
  });

  it('gives readers of another audience another key, and the watchlist only to those who may see it', async () => {
    const viewer = await get(scoring.app, '/api/group/index/list', reader('ann', ['CountryRespondent'], [id('IE')]));
    const keViewer = await get(scoring.app, '/api/group/index/list', reader('ann', ['CountryRespondent'], [id('KE')]));
    expect(keViewer.headers[SurrogateHeaders.audience]).not.toBe(viewer.headers[SurrogateHeaders.audience]);
    const ieRow = (res: typeof viewer) => (res.json() as GroupIndexRow[]).find((r) => r.CountryId === 'IE')!;
    expect([ieRow(viewer).Watchlist, ieRow(keViewer).Watchlist]).toEqual([true, false]);
  });

  it('compresses the list for a client that accepts gzip: the same JSON, its own tag, and a 304 for either tag', async () => {
    const path = '/api/group/index/list';
    const token = reader('ann', ['Standard'], []);
    const plain = await get(scoring.app, path, token);
    const compressed = await get(scoring.app, path, token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect(compressed.headers.vary).toBe('Authorization, Accept-Encoding');
    expect(compressed.headers[SurrogateHeaders.audience]).toBe(plain.headers[SurrogateHeaders.audience]);
    expect(compressed.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gzip"'));
    for (const etag of [plain.headers.etag, compressed.headers.etag]) {
      const held = await get(scoring.app, path, token, { 'accept-encoding': 'gzip', 'if-none-match': String(etag) });
      expect([held.statusCode, held.headers.etag]).toEqual([304, compressed.headers.etag]);
    }
  });

  it('marks no other answer for the gateway', async () => {
    for (const url of [`/api/group/index/${id('IE')}`, '/api/group/index/enforceability/list', '/api/group/index/history']) {
      const res = await get(scoring.app, url, reader('ann', ['Enhanced'], []));
      expect([url, res.headers[SurrogateHeaders.audience], res.headers[SurrogateHeaders.control]]).toEqual([url, undefined, undefined]);
    }
  });
});
