import fs from 'node:fs';

import type { Browser, Locator, Page } from 'playwright-core';
import * as XLSX from 'xlsx';

import { DEMO_LATEST_PERIOD } from '@cti/demo-data';
import { indexSortScore, VARIABLE_NAMES, VARIABLES, type Variable } from '@cti/scoring-rules';

import { baseUrl, launchBrowser, openSession, signIn, type Session } from '../support/browser';

interface Row {
  GroupId: string;
  Group: string;
  Score: number;
  Scored: boolean;
  Period: string | null;
  QualifyingDeclarations: boolean;
  Watchlist: boolean;
  IsSpecialNotice: boolean;
}

let browser: Browser;
let rows: Row[];
const sessions: Session[] = [];

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: 'demo-password' }),
  });
  return ((await res.json()) as { Token: string }).Token;
}

/** Demo scores are made by scoring's consumer as the demo periods arrive: wait until the last period is scored. */
async function demoIndex(): Promise<Row[]> {
  const token = await tokenOf('admin@example.com');
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const list = (await (
      await fetch(`${baseUrl()}/api/group/index/list`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Row[];
    const scored = Array.isArray(list) ? list.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && scored.every((r) => r.Period === DEMO_LATEST_PERIOD)) {
      const enforceability = (await (
        await fetch(`${baseUrl()}/api/group/index/enforceability/list`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as Row[];
      if (enforceability.every((r) => r.Period === scored[0].Period)) return list;
    }
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

/** A scoring input of the questionnaire editor, labelled with its methodology name ("A · Implementation in national law"). */
const variableInput = (dialog: Locator, v: Variable) => dialog.getByLabel(`${v} · ${VARIABLE_NAMES[v]}`, { exact: true });

/** Opens a country's questionnaire editor from its row's "…" menu (the list filtered to that country, open questionnaires). */
async function openQuestionnaireEditor(page: Page, country: string) {
  await page
    .getByRole('button', { name: new RegExp(`^Actions for ${country}, `) })
    .first()
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Scores and notices' }).click();
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
    for (const s of sessions) await s.screenshot(`indexes-failure-${Date.now()}`).catch(() => undefined);
});

const tabs = async (page: Page) => (await page.getByRole('tab').allTextContents()).map((t) => t.trim());

it('lists the index in two tabs with counts, sorts by score and searches by country', async () => {
  const { page, problems } = await session('standard@example.com');
  await page.goto('/index');
  await page.getByRole('heading', { name: 'Compliance Index' }).waitFor();
  const made = rows.filter((r) => r.QualifyingDeclarations).length;
  expect(await tabs(page)).toEqual([
    `View country scores with qualifying declarations made (${made})`,
    `View country scores with no qualifying declarations made (${rows.length - made})`,
  ]);
  await page.getByText('Demo data.', { exact: false }).first().waitFor();
  // highest score first (special-notice rows count one point more)
  const firstScore = Number(await page.locator('tbody tr').first().locator('.score-value').textContent());
  const top = rows.filter((r) => r.QualifyingDeclarations).sort((a, b) => indexSortScore(b) - indexSortScore(a))[0];
  expect(firstScore).toBe(top.Score);

  await page.getByRole('tab', { name: /no qualifying declarations made/ }).click();
  expect(await page.getByRole('tab', { selected: true }).textContent()).toContain('no qualifying declarations made');

  await page.getByLabel('Search countries').fill('irel');
  const inTab = ireland().QualifyingDeclarations ? 'made (1)' : 'no qualifying declarations made (1)';
  await page.getByRole('tab', { name: new RegExp(`${inTab.replace(/[()]/g, '\\$&')}$`) }).click();
  await page.getByRole('link', { name: 'Ireland', exact: true }).waitFor();
  expect(await page.locator('tbody tr').count()).toBe(1);
  // Ireland is on the demo watchlist: Standard subscribers see the warning and follow it to the notices
  await page.getByRole('button', { name: 'Ireland is on the watchlist: read the notices' }).click();
  await page.waitForURL(`**/index/${ireland().GroupId}#notices`);
  await page.getByRole('heading', { name: 'Notices' }).waitFor();
  expect(problems).toEqual([]);
});

it('shows each role its parts of the Ireland scorecard', async () => {
  const viewer = await session('viewer@example.com');
  await viewer.page.goto(`/index/${ireland().GroupId}#notices`);
  await viewer.page.getByRole('heading', { name: 'Ireland' }).waitFor();
  for (const heading of ['Notices', 'Scores A to F', 'Explanatory comments', 'Score history', 'Annotations', 'Documents']) {
    await viewer.page.getByRole('heading', { name: heading, exact: true }).waitFor();
  }
  await viewer.page.getByText('Watchlist notice').first().waitFor();
  // the history chart and the explained history
  await viewer.page.locator('.history-chart svg path').first().waitFor();
  expect(await viewer.page.locator('.explained-history > li').count()).toBeGreaterThanOrEqual(2);
  expect(await viewer.page.locator('.history-moves li').first().textContent()).toMatch(
    /^[A-F] \d(\.5)?→\d(\.5)?, [+−]\d+\.\d+$|^Rounding|^Category|^No variable/,
  );
  // #notices is scrolled to and focused after the spec's one-second delay
  await viewer.page.waitForFunction(() => document.activeElement?.id === 'notices', undefined, { timeout: 30_000 });
  await viewer.screenshot('indexes-scorecard-viewer');

  const standard = await session('standard@example.com');
  await standard.page.goto(`/index/${ireland().GroupId}`);
  await standard.page.getByRole('heading', { name: 'Scores A to F' }).waitFor();
  await standard.page.getByRole('heading', { name: 'Documents' }).waitFor();
  // what Enhanced adds is a teaser naming the plan, not the content
  for (const name of ['Score history', 'Annotations'])
    await standard.page
      .getByRole('region', { name })
      .getByText(/Included in the Enhanced plan/)
      .waitFor();
  expect(await standard.page.locator('.history-chart').count()).toBe(0);
  expect(await standard.page.locator('.explained-history').count()).toBe(0);

  // a respondent of Ireland may not open another country's scorecard
  const other = rows.find((r) => r.Group === 'Kenya')!;
  const respondent = await session('respondent@example.com');
  await respondent.page.goto(`/index/${other.GroupId}`);
  await respondent.page.waitForURL(`**/restricted?country=${other.GroupId}`);
  await respondent.page.getByRole('heading', { name: 'Restricted' }).waitFor();
  // …but sees their own country's history
  await respondent.page.goto(`/index/${ireland().GroupId}`);
  await respondent.page.getByRole('heading', { name: 'Score history' }).waitFor();
});

it('downloads the scorecard as a PDF with a spinner until it is ready', async () => {
  const { page } = await session('enhanced@example.com');
  await page.goto(`/index/${ireland().GroupId}`);
  const button = page.getByRole('button', { name: 'Print / Download PDF' });
  await button.waitFor();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Ireland Scorecard.pdf');
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

it('renders the compliance map as inline SVG from the local geometry, with nothing fetched from elsewhere', async () => {
  const { page, problems } = await session('member@example.com');
  const outside: string[] = [];
  page.on(
    'request',
    (r) => !r.url().startsWith(baseUrl()) && !r.url().startsWith('blob:') && !r.url().startsWith('data:') && outside.push(r.url()),
  );
  await page.goto('/map');
  await page.getByRole('heading', { name: 'CTC Compliance Index by country' }).waitFor();
  const map = page.locator('.world-map[data-map-state="loaded"]');
  await map.waitFor({ timeout: 60_000 });
  expect(Number(await map.getAttribute('data-countries'))).toBeGreaterThan(40);
  expect(await page.locator('.world-map-svg .map-country').count()).toBeGreaterThan(150);
  for (const entry of [
    'Very High',
    'High',
    'Medium',
    'Low',
    'Suspended',
    'Insufficient Legal Analysis',
    'No data available',
    'Watchlist',
  ]) {
    await page.getByRole('list', { name: 'Legend' }).getByText(entry, { exact: true }).waitFor();
  }
  // the countries are painted in the legend's colours (Very High, Low, no data)
  const colours = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll<SVGElement>('.world-map-svg .map-country')].map((e) => getComputedStyle(e).fill)),
  ]);
  for (const rgb of ['rgb(26, 127, 55)', 'rgb(200, 67, 43)', 'rgb(211, 217, 224)']) expect(colours).toContain(rgb);
  expect(outside).toEqual([]);
  expect(problems).toEqual([]);
  await sessions.at(-1)!.screenshot('indexes-map');
});

it('downloads the ASU assessment as an Excel file that SheetJS opens', async () => {
  const { page } = await session('admin@example.com');
  await page.goto('/awg-asu-assessment');
  await page.getByRole('heading', { name: 'ASU assessment' }).waitFor();
  await page.getByRole('columnheader', { name: /Condition 3/ }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ASU_assessment\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = XLSX.read(fs.readFileSync(await file.path()), { type: 'buffer' });
  const sheet = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  expect(sheet[0]).toEqual([
    'Country',
    'Watchlist',
    'Conclusion',
    'Condition 1',
    'Condition 2',
    'Condition 3',
    'A · Implementation in national law',
    'B · Compliance in practice',
  ]);
  const countries = sheet.slice(1).map((r) => r[0]);
  expect(countries).toEqual([...countries].sort((a, b) => a.localeCompare(b)));
  expect(countries).toHaveLength(rows.length);
  expect(sheet.find((r) => r[0] === 'Angola')![2]).toBe('Suspended');
});

it('lets an admin change scores in the questionnaire editor; the index shows the server’s score', async () => {
  const { page } = await session('admin@example.com');
  const mongolia = rows.find((r) => r.Group === 'Mongolia')!;
  await page.goto('/manage/questionnaires');
  await page.getByRole('combobox', { name: 'Entity', exact: true }).selectOption('Mongolia');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Open');
  await openQuestionnaireEditor(page, mongolia.Group);
  const dialog = page.getByRole('dialog');
  await variableInput(dialog, 'A').waitFor();
  const values = await Promise.all(VARIABLES.map((v) => variableInput(dialog, v).inputValue()));
  await variableInput(dialog, 'A').fill('5.5');
  await dialog.getByText('Enter a number from 0 to 5 in steps of .5.').waitFor();
  expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  const newA = values[0] === '5' ? '4' : '5';
  await variableInput(dialog, 'A').fill(newA);
  const computed = await dialog.locator('.computed-score strong').textContent();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Questionnaire Saved!').waitFor();
  await page.goto(`/index/${mongolia.GroupId}`);
  await page.locator('.score-big').filter({ hasText: computed! }).waitFor();
  // put the demo value back for the other journeys
  await page.goto('/manage/questionnaires');
  await page.getByRole('combobox', { name: 'Entity', exact: true }).selectOption('Mongolia');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Open');
  await openQuestionnaireEditor(page, mongolia.Group);
  await variableInput(page.getByRole('dialog'), 'A').fill(values[0]);
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Questionnaire Saved!').first().waitFor();
});

it('shows the Enforceability Index, a country page, and its other pages', async () => {
  const { page } = await session('standard@example.com');
  await page.goto('/enforceabilityIndex');
  await page.getByRole('heading', { name: 'Enforceability Index', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Germany' }).click();
  await page.getByRole('heading', { name: 'Germany' }).waitFor();
  await page.getByRole('heading', { name: 'Scores A to D' }).waitFor();
  await page.goto('/enforceabilityIndex/historical');
  await page.getByText('Coming Soon').waitFor();
  await page.goto('/enforceabilityIndex/methodology');
  expect(await page.getByRole('link', { name: /full methodology/ }).getAttribute('href')).toMatch(/\.pdf$/);
});
