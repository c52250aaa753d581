import fs from 'node:fs';

import type { Browser, Download, Page } from 'playwright-core';
import * as XLSX from 'xlsx';

import { DEMO_LATEST_PERIOD } from '@cti/demo-data';
import { VARIABLE_NAMES, type Variable } from '@cti/scoring-rules';

import { baseUrl, launchBrowser, openSession, signIn, type Session } from '../support/browser';

interface Row {
  GroupId: string;
  Group: string;
  Scored: boolean;
  Period: string | null;
}

let browser: Browser;
let rows: Row[];
const sessions: Session[] = [];

/** Demo scores arrive through scoring's consumer: wait until every scored country is in one (the last) period. */
async function demoIndex(): Promise<Row[]> {
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@example.com', Password: 'demo-password' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const list = (await (
      await fetch(`${baseUrl()}/api/group/index/list`, { headers: { authorization: `Bearer ${Token}` } })
    ).json()) as Row[];
    const scored = Array.isArray(list) ? list.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && scored.every((r) => r.Period === DEMO_LATEST_PERIOD)) return list;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('demo scores did not arrive');
}

async function session(email: string): Promise<Session> {
  const s = await openSession(browser);
  sessions.push(s);
  await signIn(s.page, email);
  return s;
}

const ireland = () => rows.find((r) => r.Group === 'Ireland')!;
const period = () => rows.find((r) => r.Scored)!.Period!;

/** Clicks a download button and opens the saved file with SheetJS. */
async function downloadSheet(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const book = XLSX.read(fs.readFileSync(await file.path()), { type: 'buffer' });
  const matrix = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
  return { name: file.suggestedFilename(), headers: matrix[0] as string[], rows: matrix.slice(1) };
}

beforeAll(async () => {
  browser = await launchBrowser();
  rows = await demoIndex();
}, 300_000);
afterAll(async () => {
  for (const s of sessions) await s.context.close().catch(() => undefined);
  await browser?.close();
});
afterEach(async () => {
  const state = expect.getState();
  if (state.assertionCalls !== state.numPassingAsserts)
    for (const s of sessions) await s.screenshot(`data-exports-failure-${Date.now()}`).catch(() => undefined);
});

describe('exports', () => {
  it('a Standard subscriber downloads the index list as Excel and CSV with the variables, but not the full ZIP', async () => {
    const { page, problems } = await session('standard@example.com');
    await page.goto('/index');
    const group = page.getByRole('group', { name: 'Download Compliance Index' });
    await group.waitFor();
    const excel = await downloadSheet(page, () => group.getByRole('button', { name: 'Download Excel' }).click());
    expect(excel.name).toBe(`Compliance Index ${period()}.xlsx`);
    expect(excel.headers).toEqual(
      expect.arrayContaining(['Country', 'Score', 'Category', 'Watchlist', 'A (Implementation in national law)']),
    );
    expect(excel.rows).toHaveLength(rows.length);
    const csv = await downloadSheet(page, () => group.getByRole('button', { name: 'Download CSV' }).click());
    expect(csv.name).toBe(`Compliance Index ${period()}.csv`);
    expect(csv.headers).toEqual(excel.headers);
    expect(await page.getByRole('button', { name: 'Download all data (ZIP)' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("an AWG member downloads Ireland's score history from the scorecard", async () => {
    const { page, problems } = await session('member@example.com');
    await page.goto(`/index/${ireland().GroupId}`);
    const group = page.getByRole('group', { name: 'Download Ireland score history' });
    await group.waitFor();
    const history = await downloadSheet(page, () => group.getByRole('button', { name: 'Download Excel' }).click());
    expect(history.name).toBe(`Ireland score history ${period()}.xlsx`);
    expect(history.headers.slice(0, 5)).toEqual(['Period', 'Year', 'Score', 'Category', 'A (Implementation in national law)']);
    expect(history.rows.length).toBeGreaterThanOrEqual(2);
    expect(history.rows.at(-1)![0]).toBe(period());
    expect(problems).toEqual([]);
  });

  it('an Enhanced subscriber downloads everything as a ZIP and sees its progress while it comes', async () => {
    const { page, problems } = await session('enhanced@example.com');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // hold the answer so the progress display can be seen whatever the machine's speed
    await page.route('**/api/group/index/export/everything', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/index');
    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Download all data (ZIP)' }).click();
    await page.getByRole('status').filter({ hasText: 'Downloading all data (ZIP)' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Downloading all data (ZIP)' }).count()).toBe(1);
    release();
    const file: Download = await download;
    expect(file.suggestedFilename()).toBe(`Compliance Index data ${period()}.zip`);
    const zip = XLSX.CFB.read(fs.readFileSync(await file.path()), { type: 'buffer' });
    const names = (zip.FullPaths as string[]).map((p) => p.replace(/^[^/]*\//, ''));
    for (const name of [
      'Compliance Index.csv',
      'Compliance Index.xlsx',
      'Historical data.xlsx',
      'Enforceability Index.csv',
      'ASU assessment.csv',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toContain('Score history/Ireland score history.xlsx');
    await page.getByRole('status').filter({ hasText: 'Downloading all data (ZIP)' }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('historical data and the enforceability index download from their pages', async () => {
    const { page, problems } = await session('standard@example.com');
    await page.goto('/historicalData');
    const historical = await downloadSheet(page, () =>
      page.getByRole('group', { name: 'Download Historical data' }).getByRole('button', { name: 'Download CSV' }).click(),
    );
    expect(historical.headers).toEqual(['Country', 'ISO code', 'Period', 'Year', 'Score', 'Category']);
    await page.goto('/enforceabilityIndex');
    const enforceability = await downloadSheet(page, () =>
      page.getByRole('group', { name: 'Download Enforceability Index' }).getByRole('button', { name: 'Download Excel' }).click(),
    );
    expect(enforceability.headers.slice(0, 5)).toEqual(['Country', 'ISO code', 'Period', 'Score', 'Category']);
    expect(problems).toEqual([]);
  });
});

describe('what-if simulator', () => {
  it('an AWG member simulates on a scorecard, never saving, and the share link reproduces it', async () => {
    const { page, problems } = await session('member@example.com');
    const scripts: string[] = [];
    const writes: string[] = [];
    let simulating = false;
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
      // from the moment the simulator opens, nothing may be sent but reads (and a session refresh, should the token expire)
      if (simulating && r.url().includes('/api/') && r.method() !== 'GET' && !r.url().includes('/api/user/refresh')) {
        writes.push(`${r.method()} ${r.url()}`);
      }
    });
    await page.goto(`/index/${ireland().GroupId}`);
    await page.getByRole('heading', { name: 'Scores A to F' }).waitFor();
    // loaded only when opened
    expect(scripts.some((u) => u.includes('ScoreSimulator'))).toBe(false);
    simulating = true;
    await page.getByRole('button', { name: 'What-if simulator' }).click();
    const panel = page.getByRole('complementary', { name: 'What-if simulator' });
    await panel.waitFor();
    expect(scripts.some((u) => u.includes('ScoreSimulator'))).toBe(true);
    await panel.getByText('This is a simulation, not the published score. Nothing you change here is saved.').waitFor();

    // the methodology's Level II worked example: 85, High, Eligible
    const example = { A: '5', B: '4.5', C: '4', D: '4', E: '3.5', F: '3' };
    for (const [v, value] of Object.entries(example)) await panel.getByLabel(`${v} · ${VARIABLE_NAMES[v as Variable]}`).fill(value);
    await panel.getByLabel('Precedent adjustment').selectOption('2');
    await panel.getByLabel('Qualifying declarations made').check();
    await panel.locator('[data-simulated-score]').filter({ hasText: /^85$/ }).waitFor();
    expect(await panel.locator('[data-simulated-category]').textContent()).toBe('High');
    expect(await panel.locator('[data-simulated-asu]').textContent()).toBe('Eligible');
    // it updates as one types
    await panel.getByLabel('A · Implementation in national law').fill('3.5');
    await panel
      .locator('[data-simulated-score]')
      .filter({ hasText: /^77\.5$/ })
      .waitFor();
    expect(await panel.locator('[data-simulated-asu]').textContent()).toBe('Not Eligible');

    const link = await panel.getByLabel('Share link').inputValue();
    expect(link).toContain('simulate=1');
    expect(page.url()).toContain('A=3.5');
    const other = await session('enhanced@example.com');
    await other.page.goto(link);
    const shared = other.page.getByRole('complementary', { name: 'What-if simulator' });
    await shared
      .locator('[data-simulated-score]')
      .filter({ hasText: /^77\.5$/ })
      .waitFor();
    expect(await shared.getByLabel('A · Implementation in national law').inputValue()).toBe('3.5');
    expect(await shared.getByLabel('Precedent adjustment').inputValue()).toBe('2');

    await panel.getByRole('button', { name: 'Close the simulator' }).click();
    await panel.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('simulate');
    expect(writes).toEqual([]);
    expect(problems).toEqual([]);
    expect(other.problems).toEqual([]);
  });

  it('is not offered to a Standard subscriber, even through a share link', async () => {
    const { page } = await session('standard@example.com');
    await page.goto(`/index/${ireland().GroupId}?simulate=1&A=5&B=5&C=5&D=5&E=5&F=5&pba=0&qd=1`);
    await page.getByRole('heading', { name: 'Scores A to F' }).waitFor();
    expect(await page.getByRole('button', { name: 'What-if simulator' }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'What-if simulator' }).count()).toBe(0);
  });
});
