import type { RoleName } from '@cti/access';
import { ScoringMessages, type CompareScores, type HistoricalScoreRow } from '@cti/contracts';
import { serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

import { adminToken, auth, get, givenWorld, inputs, saveScores, tokenFor, type World } from './support';

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
    ['2024 1st Q', '2024 2nd Q', '2024 3rd Q'],
    async (period, w) => {
      const q = (code: string) => w.questionnaires[`${code}:${period}`];
      if (period === '2024 1st Q') {
        await saveScores(scoring.app, q('IE'), { ...inputs(4), QualifyingDeclarations: true });
        await saveScores(scoring.app, q('GB'), { ...inputs(5), QualifyingDeclarations: true });
      } else if (period === '2024 2nd Q') {
        await saveScores(scoring.app, q('IE'), { ...inputs(4.5), Watchlist: true, Notice: '<p>On watch</p>' });
        await saveScores(scoring.app, q('GB'), { ...inputs(4.5), QualifyingDeclarations: true });
      } else {
        await saveScores(scoring.app, q('IE'), { ...inputs(5, 5, 4, 4, 3.5, 4), isPBA: true, PBA: 2 });
        await saveScores(scoring.app, q('US'), { ...inputs(2, 3.5), Suspended: true });
      }
    },
  );
  const moved = await scoring.app.inject({
    method: 'POST',
    url: `/api/group/index/countries/${world.countries.KE.groupId}`,
    headers: auth(adminToken),
    payload: { Contracting: false },
  });
  expect(moved.statusCode).toBe(200);
});

const id = (code: string) => world.countries[code].groupId;
const compare = (codes: string[], token: string) =>
  get(scoring.app, `/api/group/index/compare?groups=${codes.map((c) => (c.length === 2 ? id(c) : c)).join(',')}`, token);

describe('comparing countries in one call', () => {
  it('answers an Enhanced subscriber every period of each country asked, in order, with the variables', async () => {
    const res = await compare(['US', 'IE', 'GB'], tokenFor(['Enhanced']));
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompareScores;
    // every period any of them was scored in, oldest first, although the first country asked has only the last
    expect(body.Periods.map((p) => p.Name)).toEqual(['2024 1st Q', '2024 2nd Q', '2024 3rd Q']);
    expect(body.Countries.map((c) => c.Name)).toEqual(['United States', 'Ireland', 'United Kingdom']);
    const ireland = body.Countries[1];
    expect(ireland.Access).toEqual({ history: true, details: true });
    expect(ireland.Periods.map((p) => [p.Period, p.Score, p.Category, p.A])).toEqual([
      ['2024 1st Q', 80, 'High', 4],
      ['2024 2nd Q', 90, 'Very High', 4.5],
      ['2024 3rd Q', expect.any(Number), expect.any(String), 5],
    ]);
    expect(ireland.Periods[2].PBALevel).toBe('Level II');
    expect(body.Countries[0].Periods.map((p) => p.Period)).toEqual(['2024 3rd Q']);
  });

  it('gives a Standard subscriber every score but the variables of the latest period only, and no chart', async () => {
    const body = (await compare(['IE', 'GB'], tokenFor(['Standard']))).json() as CompareScores;
    const [ireland, kingdom] = body.Countries;
    expect(ireland.Access).toEqual({ history: false, details: true });
    expect(ireland.Periods.map((p) => p.Score)).toEqual([80, 90, expect.any(Number)]);
    expect(ireland.Periods.map((p) => p.A)).toEqual([null, null, 5]);
    expect(kingdom.Periods.map((p) => p.A)).toEqual([null, 4.5]);
  });

  it.each<[string, RoleName[], string[], number]>([
    ['a free user', ['FreeAccess'], [], 403],
    ['a viewer of Ireland', ['CountryViewer'], ['IE'], 403],
    ['a respondent of Ireland', ['CountryRespondent'], ['IE'], 403],
    ['an AWG member', ['AWGMember'], [], 200],
    ['an admin', ['Admin'], [], 200],
  ])('answers %s as the historical data page’s rule says (%#)', async (_who, roles, groups, status) => {
    expect((await compare(['IE'], tokenFor(roles, groups.map(id)))).statusCode).toBe(status);
  });

  it('refuses callers without a token', async () => {
    const res = await scoring.app.inject({ method: 'GET', url: `/api/group/index/compare?groups=${id('IE')}` });
    expect(res.statusCode).toBe(401);
  });

  it('takes one to eight countries, repeats counted once, and says so otherwise', async () => {
    const token = tokenFor(['Enhanced']);
    const nine = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    for (const groups of [nine.join(','), ' , ,', '']) {
      const res = await get(scoring.app, `/api/group/index/compare?groups=${encodeURIComponent(groups)}`, token);
      expect(res.statusCode).toBe(400);
      if (groups.trim()) expect(res.json().message).toBe(ScoringMessages.compareCount);
    }
    expect((await get(scoring.app, '/api/group/index/compare', token)).statusCode).toBe(400);
    const repeated = (await compare(['IE', 'IE', 'GB', 'IE'], token)).json() as CompareScores;
    expect(repeated.Countries.map((c) => c.Name)).toEqual(['Ireland', 'United Kingdom']);
  });

  it('answers 404 for a country it does not know or one on the Enforceability Index', async () => {
    const token = tokenFor(['Enhanced']);
    const unknown = await compare(['IE', '00000000-0000-4000-8000-000000000000'], token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ScoringMessages.countryFailed);
    const kenya = await compare(['KE'], token);
    expect(kenya.statusCode).toBe(404);
    expect(kenya.json().message).toBe(ScoringMessages.notOnComplianceIndex);
  });
});

describe('downloading the compare view', () => {
  it('gives one row per country and period, the variables only where the reader may see them', async () => {
    const res = await get(scoring.app, `/api/group/index/export/compare?format=csv&groups=${id('IE')},${id('GB')}`, tokenFor(['Standard']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Compared countries Ireland, United Kingdom.csv');
    const [headers, ...rows] = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(headers.slice(0, 6)).toEqual(['Country', 'ISO code', 'Period', 'Score', 'Category', 'A (Implementation in national law)']);
    expect(rows.map((r) => [r[0], r[2], r[3], r[5]])).toEqual([
      ['Ireland', '2024 1st Q', '80', ''],
      ['Ireland', '2024 2nd Q', '90', ''],
      ['Ireland', '2024 3rd Q', expect.any(String), '5'],
      ['United Kingdom', '2024 1st Q', '100', ''],
      ['United Kingdom', '2024 2nd Q', '90', '4.5'],
    ]);
  });

  it('answers as the compare view does to everyone else', async () => {
    const url = `/api/group/index/export/compare?format=xlsx&groups=${id('IE')}`;
    expect((await get(scoring.app, url, tokenFor(['CountryViewer'], [id('IE')]))).statusCode).toBe(403);
    expect((await get(scoring.app, url.replace(id('IE'), id('KE')), tokenFor(['Enhanced']))).statusCode).toBe(404);
    const book = await get(scoring.app, url, tokenFor(['Enhanced']));
    expect(book.statusCode).toBe(200);
    expect(book.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('historical data for the map of any period', () => {
  it('gives each country’s map class and watchlist flag in each period', async () => {
    const rows = (await get(scoring.app, '/api/group/index/history', tokenFor(['Standard']))).json() as HistoricalScoreRow[];
    const of = (country: string, period: string) => rows.find((r) => r.Country === country && r.Period === period);
    expect(of('Ireland', '2024 1st Q')).toMatchObject({ MapCategory: 'High', Watchlist: false });
    expect(of('Ireland', '2024 2nd Q')).toMatchObject({ MapCategory: 'Very High', Watchlist: true });
    expect(of('United States', '2024 3rd Q')).toMatchObject({ MapCategory: 'Suspended', Watchlist: false });
    expect(of('United States', '2024 1st Q')).toBeUndefined();
  });
});
