import * as XLSX from 'xlsx';

import type { RoleName } from '@cti/access';
import { eventually, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';
import { csvField } from '../src/exports/writers';

import { adminToken, auth, get, givenWorld, inputs, saveScores, tokenFor, type World } from './support';

const scoring = serviceUnderTest(scoringService);
let world: World;

const VARIABLE_HEADERS = [
  'A (Implementation in national law)',
  'B (Compliance in practice)',
  'C (Respect for foreign law and forums)',
  'D (Rule-based contract interpretation)',
  'E (Application of new commercial laws)',
  'F (Timely repossession)',
];

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
        await saveScores(scoring.app, q('IE'), { ...inputs(4), QualifyingDeclarations: true });
        await saveScores(scoring.app, q('GB'), { ...inputs(5), QualifyingDeclarations: true });
      } else {
        await saveScores(scoring.app, q('IE'), {
          ...inputs(5, 5, 4, 4, 3.5, 4),
          isPBA: true,
          PBA: 2,
          QualifyingDeclarations: true,
          Watchlist: true,
          Notice: '<p>On watch</p>',
        });
        await saveScores(scoring.app, q('GB'), { ...inputs(4.5), QualifyingDeclarations: true });
      }
    },
  );
  const ke = world.countries.KE;
  const period = world.periods[1];
  expect(
    (
      await scoring.app.inject({
        method: 'POST',
        url: `/api/group/index/countries/${ke.groupId}`,
        headers: auth(adminToken),
        payload: { Contracting: false },
      })
    ).statusCode,
  ).toBe(200);
  const saved = await scoring.app.inject({
    method: 'POST',
    url: '/api/questionnaire/enforceability/save',
    headers: auth(adminToken),
    payload: { GroupId: ke.groupId, PeriodId: period.periodId, A: 4, B: 3, C: 2, D: 1 },
  });
  expect(saved.statusCode).toBe(200);
  await eventually(async () => (await get(scoring.app, '/api/group/index/enforceability/list')).json()[0]?.Score === 54.5);
});

const id = (code: string) => world.countries[code].groupId;
const download = (url: string, token: string) => get(scoring.app, url, token);

/** Opens an export with SheetJS, as an analyst's spreadsheet would: the header row and the rows as objects. */
function sheetOf(body: Buffer) {
  // cellDates: a CSV's ISO dates are read as dates, as a spreadsheet would
  const book = XLSX.read(body, { type: 'buffer', cellDates: true });
  const sheet = book.Sheets[book.SheetNames[0]];
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
  const headers = matrix[0] as string[];
  const rows = matrix.slice(1).map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i] ?? null])) as Record<string, unknown>);
  return { sheetName: book.SheetNames[0], headers, rows };
}
const byCountry = (rows: Array<Record<string, unknown>>, name: string) => rows.find((r) => r.Country === name)!;

describe('index list export (CSV and Excel)', () => {
  it.each(['csv', 'xlsx'] as const)('gives an admin every column, the variables named as in the methodology (%s)', async (format) => {
    const res = await download(`/api/group/index/export/list?format=${format}`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="Compliance Index 2024 2nd Q.${format}"`);
    expect(res.headers['content-type']).toContain(format === 'csv' ? 'text/csv' : 'spreadsheetml');
    // CSV is streamed row by row (no length known in advance); Excel is sent with its length
    expect(res.headers['content-length'] === undefined).toBe(format === 'csv');
    const { headers, rows } = sheetOf(res.rawPayload);
    expect(headers).toEqual([
      'Country',
      'ISO code',
      'Period',
      'Score',
      'Category',
      'Watchlist',
      'Qualifying declarations',
      'Suspended',
      'ASU',
      ...VARIABLE_HEADERS,
      'Precedent adjustment',
      'Updated',
    ]);
    expect(rows.map((r) => r.Country).sort()).toEqual(['Ireland', 'United Kingdom', 'United States']);
    const ie = byCountry(rows, 'Ireland');
    expect(ie).toMatchObject({
      'ISO code': 'IE',
      Period: '2024 2nd Q',
      Watchlist: 'Yes',
      'A (Implementation in national law)': 5,
      'F (Timely repossession)': 4,
      'Precedent adjustment': 'Level II',
      ASU: 'Eligible',
    });
    const updated = ie.Updated instanceof Date ? ie.Updated.toISOString().slice(0, 10) : ie.Updated;
    expect(updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (format === 'csv') expect(res.payload).toContain(`,${String(updated)}\r\n`);
    expect(byCountry(rows, 'United States')).toMatchObject({ Score: 0, Category: 'Unscored', 'A (Implementation in national law)': null });
  });

  it('leaves out the watchlist and the variables for a free user, who sees neither on screen', async () => {
    const res = await download('/api/group/index/export/list?format=xlsx', tokenFor(['FreeAccess']));
    expect(res.statusCode).toBe(200);
    const { headers, rows } = sheetOf(res.rawPayload);
    expect(headers).toEqual([
      'Country',
      'ISO code',
      'Period',
      'Score',
      'Category',
      'Qualifying declarations',
      'Suspended',
      'ASU',
      'Updated',
    ]);
    expect(rows).toHaveLength(3);
    expect(byCountry(rows, 'Ireland').Updated).toBeNull();
  });

  it('gives a country viewer the variables of their own country only', async () => {
    const res = await download('/api/group/index/export/list?format=xlsx', tokenFor(['CountryViewer'], [id('GB')]));
    const { headers, rows } = sheetOf(res.rawPayload);
    expect(headers).toEqual(expect.arrayContaining(['Watchlist', ...VARIABLE_HEADERS]));
    expect(byCountry(rows, 'United Kingdom')['A (Implementation in national law)']).toBe(4.5);
    expect(byCountry(rows, 'Ireland')['A (Implementation in national law)']).toBeNull();
    expect(byCountry(rows, 'Ireland')['Precedent adjustment']).toBeNull();
  });

  it("hides another country's watchlist from a respondent, as the index list does", async () => {
    const res = await download('/api/group/index/export/list?format=csv', tokenFor(['CountryRespondent'], [id('GB')]));
    const { rows } = sheetOf(res.rawPayload);
    expect(byCountry(rows, 'Ireland').Watchlist).toBeNull();
    expect(byCountry(rows, 'United Kingdom').Watchlist).toBe('No');
  });

  it('refuses an unknown format with a 400 and someone without an index role with a 403', async () => {
    expect((await download('/api/group/index/export/list?format=pdf', adminToken)).statusCode).toBe(400);
    expect((await download('/api/group/index/export/list', adminToken)).statusCode).toBe(400);
    expect((await download('/api/group/index/export/list?format=csv', tokenFor(['ACCFullAccess']))).statusCode).toBe(403);
    expect((await scoring.app.inject({ method: 'GET', url: '/api/group/index/export/list?format=csv' })).statusCode).toBe(401);
  });
});

describe("a country's score history export", () => {
  const url = (code: string, format = 'xlsx') => `/api/group/index/export/${id(code)}/scores?format=${format}`;

  it('gives every period oldest first with the variables, the adjustment and the change', async () => {
    const res = await download(url('IE'), tokenFor(['Enhanced']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Ireland score history 2024 2nd Q.xlsx"');
    const { headers, rows } = sheetOf(res.rawPayload);
    expect(headers).toEqual([
      'Period',
      'Year',
      'Score',
      'Category',
      ...VARIABLE_HEADERS,
      'Precedent adjustment',
      'Suspended',
      'Watchlist',
      'Score change',
    ]);
    expect(rows.map((r) => [r.Period, r.Score, r['Precedent adjustment'], r['Score change']])).toEqual([
      ['2024 1st Q', 80, 'No adjustment', null],
      ['2024 2nd Q', 90, 'Level II', 10],
    ]);
  });

  it.each<[RoleName, string | null, number]>([
    ['Admin', null, 200],
    ['AWGMember', null, 200],
    ['CountryViewer', 'IE', 200],
    ['Standard', null, 403],
    ['FreeAccess', null, 403],
    ['CountryViewer', 'GB', 403],
  ])('follows the history chart rule: %s (of %s) → %s', async (role, of, status) => {
    expect((await download(url('IE'), tokenFor([role], of ? [id(of)] : []))).statusCode).toBe(status);
  });

  it('answers 404 for a country it does not know', async () => {
    expect((await download('/api/group/index/export/no-such-group/scores?format=csv', adminToken)).statusCode).toBe(404);
  });
});

describe('historical data and enforceability exports', () => {
  it('gives historical data to the historical data roles only', async () => {
    const res = await download('/api/group/index/export/history?format=csv', tokenFor(['Standard']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Historical data 2024 2nd Q.csv"');
    const { headers, rows } = sheetOf(res.rawPayload);
    expect(headers).toEqual(['Country', 'ISO code', 'Period', 'Year', 'Score', 'Category']);
    expect(rows.filter((r) => r.Country === 'Ireland').map((r) => [r.Period, r.Year, r.Score])).toEqual([
      ['2024 1st Q', 2024, 80],
      ['2024 2nd Q', 2024, 90],
    ]);
    for (const role of ['FreeAccess', 'CountryViewer'] as const) {
      expect((await download('/api/group/index/export/history?format=csv', tokenFor([role]))).statusCode).toBe(403);
    }
  });

  it('gives the enforceability variables A to D only to those who may see them', async () => {
    const admin = sheetOf((await download('/api/group/index/export/enforceability?format=xlsx', adminToken)).rawPayload);
    expect(admin.headers).toEqual(['Country', 'ISO code', 'Period', 'Score', 'Category', 'A', 'B', 'C', 'D', 'Updated']);
    expect(admin.rows).toEqual([expect.objectContaining({ Country: 'Kenya', Score: 54.5, Category: 'Medium', A: 4, B: 3, C: 2, D: 1 })]);
    const free = sheetOf((await download('/api/group/index/export/enforceability?format=xlsx', tokenFor(['FreeAccess']))).rawPayload);
    expect(free.headers).toEqual(['Country', 'ISO code', 'Period', 'Score', 'Category', 'Updated']);
  });
});

describe('the full "everything I may see" ZIP', () => {
  it('holds every table as CSV and Excel and each country history, for an Enhanced subscriber', async () => {
    const res = await download('/api/group/index/export/everything', tokenFor(['Enhanced']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('filename="Compliance Index data 2024 2nd Q.zip"');
    const zip = XLSX.CFB.read(res.rawPayload, { type: 'buffer' });
    const names = (zip.FullPaths as string[])
      .filter((p) => !p.endsWith('/') && !p.includes('Sh33tJ5'))
      .map((p) => p.replace(/^[^/]*\//, ''));
    expect(names.sort()).toEqual(
      [
        'ASU assessment.csv',
        'ASU assessment.xlsx',
        'Compliance Index.csv',
        'Compliance Index.xlsx',
        'Enforceability Index.csv',
        'Enforceability Index.xlsx',
        'Historical data.csv',
        'Historical data.xlsx',
        'Score history/Ireland score history.csv',
        'Score history/Ireland score history.xlsx',
        'Score history/United Kingdom score history.csv',
        'Score history/United Kingdom score history.xlsx',
      ].sort(),
    );
    const file = (name: string) =>
      Buffer.from(zip.FileIndex[(zip.FullPaths as string[]).findIndex((p) => p.endsWith(`/${name}`))]!.content as Uint8Array);
    const history = sheetOf(file('Score history/Ireland score history.xlsx'));
    expect(history.rows.map((r) => r.Score)).toEqual([80, 90]);
    const index = sheetOf(file('Compliance Index.csv'));
    expect(byCountry(index.rows, 'Ireland')['B (Compliance in practice)']).toBe(5);
  });

  it.each<RoleName>(['Standard', 'FreeAccess', 'CountryViewer'])('is refused to %s with a clear text', async (role) => {
    const res = await download('/api/group/index/export/everything', tokenFor([role]));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The full download is for Enhanced subscribers and working-group members.');
  });
});

describe('CSV cells', () => {
  it('quotes separators and defuses spreadsheet formulas', () => {
    expect(csvField('Bosnia, and "H"')).toBe('"Bosnia, and ""H"""');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
  });
});
