import fs from 'node:fs';

import type { Browser, Locator, Page } from 'playwright-core';

import { DEMO_LATEST_PERIOD } from '@cti/demo-data';
import { indexStanding, standingText } from '@cti/scoring-rules';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { baseUrl, launchBrowser, openSession, signIn, type Session } from '../support/browser';

/**
 * Analysts compare, understand and read the index anywhere, at a 1440 px desktop and a 390 px
 * phone: the compare view and its shareable link and downloads, the historical map's period
 * slider and a phone's tap-then-open, the scorecard's rank, change and average with a history
 * chart whose labels read whole, historical data as a chart and one row per country, the
 * index search across both tabs, and the screens a phone used to scroll sideways.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const WIDTHS = [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const;

interface Row {
  GroupId: string;
  Group: string;
  CountryId: string | null;
  Score: number;
  Scored: boolean;
  Period: string | null;
  PeriodId: string | null;
  QualifyingDeclarations: boolean;
}

let browser: Browser;
let rows: Row[];
let adminToken: string;

async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: 'demo-password' }),
  });
  return ((await res.json()) as { Token: string }).Token;
}

const api = async <T>(url: string): Promise<T> =>
  (await (await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as T;

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await tokenOf('admin@example.com');
  // the demo scores arrive period by period: wait for the newest
  const deadline = Date.now() + 240_000;
  for (;;) {
    const list = await api<Row[]>('/api/group/index/list');
    const scored = Array.isArray(list) ? list.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && scored.every((r) => r.Period === DEMO_LATEST_PERIOD)) {
      rows = list;
      break;
    }
    if (Date.now() > deadline) throw new Error('demo scores did not arrive');
    await new Promise((r) => setTimeout(r, 2000));
  }
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

const open: Session[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.context.close();
});
async function session(email: string, viewport: { width: number; height: number }, device = {}): Promise<Session> {
  const s = await openSession(browser, viewport, baseUrl(), device);
  open.push(s);
  await signIn(s.page, email);
  return s;
}

const scored = () => rows.filter((r) => r.Scored && r.CountryId).sort((a, b) => a.Group.localeCompare(b.Group));
const row = (name: string) => rows.find((r) => r.Group === name)!;
/** Nothing is wider than the screen. */
const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** Every text of an SVG lies inside its box: no label is cut. */
const textsInside = (svg: Locator) =>
  // client rectangles, so a rotated axis title is measured where it shows
  svg.evaluate((el: SVGSVGElement) => {
    const outer = el.getBoundingClientRect();
    return [...el.querySelectorAll('text')]
      .filter((t) => {
        const b = t.getBoundingClientRect();
        return b.left < outer.left - 0.5 || b.right > outer.right + 0.5;
      })
      .map((t) => t.textContent);
  });
async function expectAccessible(page: Page, where: string) {
  expect(describeFindings(where, await seriousViolations(page))).toEqual([]);
}
async function downloaded(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

describe('the compare view', () => {
  it.each(WIDTHS)(
    'at %s px an Enhanced subscriber compares countries, shares the view by its link and downloads it',
    async (width, viewport) => {
      const { page, problems } = await session('enhanced@example.com', viewport);
      const [a, b, c] = width === '1440' ? scored().slice(0, 3) : scored().slice(3, 6);
      await page.goto('/historicalData/compare');
      await page.getByRole('heading', { level: 1, name: 'Compare countries' }).waitFor();
      for (const country of [a, b, c]) await page.getByLabel('Add a country').selectOption({ label: country.Group });
      await page.getByRole('button', { name: `Remove ${b.Group}` }).click();
      const codes = [a, c].map((r) => r.CountryId!.toUpperCase()).join(',');
      await page.waitForURL((url) => url.searchParams.get('countries') === codes);

      // the chart: a line per country, each named at its end (a phone writes the code and names it in the key)
      const chart = page.getByRole('img', { name: `Scores per period, 0 to 100: ${a.Group}, ${c.Group}` });
      await chart.waitFor();
      const ends = await chart.locator('text').allTextContents();
      for (const country of [a, c])
        expect(ends).toContain(width === '1440' ? `${country.Group} ${country.Score}` : country.CountryId!.toUpperCase());
      if (width === '390') await page.getByRole('list', { name: 'Countries', exact: true }).getByText(a.Group).waitFor();
      expect(await textsInside(chart)).toEqual([]);

      // the variables tab in an earlier period: the address keeps the whole view
      await page.getByRole('tab', { name: 'Scores A to F' }).click();
      const period = page.getByLabel('Period');
      // the periods arrive with the tab's data; read them once the latest is there
      await period.locator('option', { hasText: DEMO_LATEST_PERIOD }).waitFor({ state: 'attached' });
      const periods = await period.locator('option').allTextContents();
      expect(periods.at(-1)).toBe(DEMO_LATEST_PERIOD);
      await period.selectOption(periods[0]);
      await page.waitForURL((url) => url.searchParams.get('tab') === 'variables' && url.searchParams.get('period') === periods[0]);
      const bars = page.getByRole('img', { name: `Variables A to F in ${periods[0]}: ${a.Group}, ${c.Group}` });
      await bars.waitFor();
      expect(await textsInside(bars)).toEqual([]);
      expect(await pageFits(page)).toBe(true);
      if (width === '1440') await expectAccessible(page, 'compare view');
      await open[0].screenshot(`compare-variables-${width}`);

      const shared = page.url();
      const other = await session('member@example.com', viewport);
      await other.page.goto(shared);
      await other.page.getByRole('tab', { name: 'Scores A to F', selected: true }).waitFor();
      expect(await other.page.getByLabel('Period').inputValue()).toBe(periods[0]);
      await other.page.getByRole('img', { name: `Variables A to F in ${periods[0]}: ${a.Group}, ${c.Group}` }).waitFor();

      // downloads: the data as CSV (every period of both), the chart as SVG and PNG
      const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
      expect(csv.name).toBe(`Compared countries ${a.Group}, ${c.Group}.csv`);
      const lines = csv.bytes.toString('utf8').trim().split(/\r?\n/);
      expect(lines.filter((l) => l.startsWith(`${a.Group},`)).length).toBe(periods.length);
      const svg = await downloaded(page, () => page.getByRole('button', { name: 'Download SVG' }).click());
      expect(svg.name).toBe(`Scores A to F ${periods[0]} ${a.Group}, ${c.Group}.svg`);
      expect(svg.bytes.toString('utf8')).toMatch(/^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      await page.getByRole('tab', { name: 'Scores over time' }).click();
      await chart.waitFor();
      const png = await downloaded(page, () => page.getByRole('button', { name: 'Download PNG' }).click());
      expect(png.name).toBe(`Scores over time ${a.Group}, ${c.Group}.png`);
      expect([...png.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      expect(problems).toEqual([]);
    },
  );

  it('shows a Standard subscriber the scores of every period, and the chart with the plan that includes it', async () => {
    const { page, problems } = await session('standard@example.com', DESKTOP);
    const [a, b] = scored();
    await page.goto(`/historicalData/compare?countries=${a.CountryId},${b.CountryId}`);
    await page.getByRole('table', { name: 'Scores per period' }).waitFor();
    await page.locator('#compare-chart').getByText('Enhanced plan').first().waitFor();
    expect(await page.getByRole('img', { name: /^Scores per period/ }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('the map of any period', () => {
  it.each(WIDTHS)('at %s px the historical map moves through the periods by its slider, kept in the address', async (width, viewport) => {
    const { page, problems } = await session('enhanced@example.com', viewport);
    await page.goto('/historicalData/map');
    const slider = page.getByRole('slider', { name: 'Period' });
    await slider.waitFor();
    expect(await slider.getAttribute('aria-valuetext')).toBe(DEMO_LATEST_PERIOD);
    await page.locator('.world-map[data-map-state="loaded"]').waitFor({ timeout: 60_000 });
    await slider.focus();
    await page.keyboard.press('Home');
    await page.waitForURL((url) => url.searchParams.has('period'));
    const first = new URL(page.url()).searchParams.get('period')!;
    expect(first).not.toBe(DEMO_LATEST_PERIOD);
    await page.getByRole('group', { name: `Compliance Index by country, ${first}` }).waitFor();
    // Ireland as it stood then, in the table of the same facts
    const history = await api<Array<{ Country: string; Period: string; Score: number }>>('/api/group/index/history');
    const then = history.find((h) => h.Country === 'Ireland' && h.Period === first)!;
    await page.getByText('Table of countries: score, category and watchlist').click();
    const ireland = page.getByRole('region', { name: `Compliance Index by country, ${first}` }).getByRole('row', { name: /^Ireland/ });
    expect(await ireland.getByRole('cell').first().textContent()).toBe(String(then.Score));
    expect(await pageFits(page)).toBe(true);
    if (width === '1440') await expectAccessible(page, 'historical map');
    expect(problems).toEqual([]);
  });

  it('on a phone the first tap on a country shows its tooltip, the second opens it; the map zooms in', async () => {
    const { page, problems } = await session('enhanced@example.com', PHONE, { hasTouch: true, isMobile: true });
    await page.goto('/map');
    const map = page.locator('.world-map[data-map-state="loaded"]');
    await map.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Zoom in' }).tap();
    await page.locator('.world-map[data-zoom="2"]').waitFor();
    await page.getByRole('button', { name: 'Whole world' }).tap();
    await page.locator('.world-map[data-zoom="1"]').waitFor();
    // a spot inside a large scored country that nothing covers
    const spot = await page.evaluate(() => {
      let best: { label: string; x: number; y: number; area: number } | null = null;
      for (const g of document.querySelectorAll<SVGGElement>('.world-map g.map-stop-link')) {
        const shape = g.querySelector<SVGGeometryElement>('path');
        const matrix = shape?.getScreenCTM();
        if (!shape || !matrix) continue;
        const box = shape.getBBox();
        if (best && box.width * box.height <= best.area) continue;
        const centre = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2);
        if (!shape.isPointInFill(centre)) continue;
        const at = centre.matrixTransform(matrix);
        if (g.contains(document.elementFromPoint(at.x, at.y)))
          best = { label: g.getAttribute('aria-label') ?? '', x: at.x, y: at.y, area: box.width * box.height };
      }
      return best;
    });
    expect(spot).not.toBeNull();
    const name = spot!.label.split(':')[0];
    await page.touchscreen.tap(spot!.x, spot!.y);
    const tooltip = page.getByTestId('map-tooltip');
    await tooltip.getByText(name, { exact: true }).waitFor();
    await tooltip.getByText('Tap the country again to open it').waitFor();
    expect(new URL(page.url()).pathname).toBe('/map');
    await page.touchscreen.tap(spot!.x, spot!.y);
    await page.waitForURL(`**/index/${row(name).GroupId}`);
    expect(problems).toEqual([]);
  });
});

describe('a scorecard in context', () => {
  it.each(WIDTHS)(
    'at %s px it gives rank, change with its reasons and the average; the history chart spans the page, labels whole',
    async (width, viewport) => {
      const { page, problems } = await session('enhanced@example.com', viewport);
      const ireland = row('Ireland');
      await page.goto(`/index/${ireland.GroupId}`);
      const context = page.getByRole('region', { name: 'Where the score stands' });
      await context.waitFor();
      const standing = indexStanding(
        rows.map((r) => ({ GroupId: r.GroupId, Score: r.Score, PeriodId: r.PeriodId })),
        ireland.GroupId,
      )!;
      const text = (await context.textContent())!;
      expect(text).toContain(`Rank in ${DEMO_LATEST_PERIOD}${standingText(standing)}`);
      expect(text).toContain(
        `Average of the ${standing.of} scored countries${Number.isInteger(standing.average) ? standing.average : standing.average.toFixed(1)}`,
      );
      const history = await api<Array<{ Period: string; Explanation: { delta: number } | null }>>(
        `/api/group/index/${ireland.GroupId}/scores`,
      );
      expect(text).toContain(`Change since ${history.at(-2)!.Period}`);
      if (history.at(-1)!.Explanation!.delta !== 0) expect(text).toMatch(/[+−]\d+\.\d/);

      // the history chart takes the section's width and every label of it reads whole
      const chart = page.getByRole('img', { name: /Variables A to F per period/ });
      await chart.waitFor();
      const [chartWidth, sectionWidth] = await chart.evaluate((svg) => [
        svg.getBoundingClientRect().width,
        svg.closest('section')!.getBoundingClientRect().width,
      ]);
      expect(chartWidth).toBeGreaterThan(sectionWidth * 0.95);
      expect(await textsInside(chart)).toEqual([]);
      expect(await chart.locator('text').allTextContents()).toContain(DEMO_LATEST_PERIOD);

      // the A–F table fits its box, "Points" whole
      const table = page.getByRole('table', { name: 'Scores A to F' });
      const fits = await table.evaluate((t) => {
        const box = t.parentElement!;
        const points = [...t.querySelectorAll('th')].find((th) => th.textContent === 'Points')!;
        return box.scrollWidth <= box.clientWidth && points.getBoundingClientRect().right <= box.getBoundingClientRect().right;
      });
      expect(fits).toBe(true);
      expect(await pageFits(page)).toBe(true);
      await open[0].screenshot(`scorecard-context-${width}`);
      if (width === '1440') await expectAccessible(page, 'scorecard');
      expect(problems).toEqual([]);
    },
  );
});

describe('historical data', () => {
  it.each(WIDTHS)('at %s px is a chart and one row per country; ticked countries open in the compare view', async (width, viewport) => {
    const { page, problems } = await session('member@example.com', viewport);
    await page.goto('/historicalData');
    await page.getByRole('img', { name: /^Scores per period, 0 to 100: the average of the scored countries/ }).waitFor();
    const countries = new Set((await api<Array<{ GroupId: string }>>('/api/group/index/history')).map((h) => h.GroupId)).size;
    await page.getByText(`1–10 of ${countries}`).first().waitFor();
    const [a, b] = scored();
    for (const country of [a, b]) await page.getByRole('checkbox', { name: `Chart and compare ${country.Group}` }).check();
    const chart = page.getByRole('img', { name: new RegExp(`${a.Group}, ${b.Group}$`) });
    await chart.waitFor();
    expect(await textsInside(chart)).toEqual([]);
    expect(await pageFits(page)).toBe(true);
    await page.getByRole('link', { name: `Compare ${a.Group}, ${b.Group}` }).click();
    await page.waitForURL(
      (url) => url.pathname === '/historicalData/compare' && url.searchParams.get('countries') === `${a.CountryId},${b.CountryId}`,
    );
    await page.getByRole('list', { name: 'Compared countries' }).getByText(b.Group).waitFor();
    if (width === '1440') await expectAccessible(page, 'compare from historical data');
    expect(problems).toEqual([]);
  });
});

describe('the index search', () => {
  it.each(WIDTHS)('at %s px finds a country in either tab', async (_width, viewport) => {
    const { page, problems } = await session('enhanced@example.com', viewport);
    const elsewhere = rows.find((r) => !r.QualifyingDeclarations && r.Scored)!;
    await page.goto('/index');
    await page.getByLabel('Search countries').fill(elsewhere.Group.slice(0, 4));
    await page.getByRole('tab', { name: /no qualifying declarations made \(\d+\)/, selected: true }).waitFor();
    await page.getByRole('tabpanel').getByText(elsewhere.Group, { exact: true }).first().waitFor();
    expect(await page.getByText('No country matches this search.').count()).toBe(0);
    expect(await pageFits(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('on a phone', () => {
  it('the respondent’s header shows its Questionnaire tab and the dashboard’s tables show whole', async () => {
    const { page, problems } = await session('respondent@example.com', PHONE);
    await page.goto('/dashboard/country');
    await page.getByRole('heading', { name: 'Open Questionnaires' }).waitFor();
    const tab = page.getByRole('navigation', { name: 'Your work' }).getByRole('link', { name: 'Questionnaire' });
    expect((await tab.boundingBox())!.x + (await tab.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('list', { name: 'Open questionnaires' }).getByRole('button', { name: 'Download' }).first().waitFor();
    expect(
      await page.evaluate(() => [...document.querySelectorAll('.table-scroll')].filter((s) => s.scrollWidth > s.clientWidth + 1).length),
    ).toBe(0);
    expect(await pageFits(page)).toBe(true);
    await open[0].screenshot('respondent-dashboard-390');
    expect(problems).toEqual([]);
  });

  it('pagination keeps one line', async () => {
    const { page, problems } = await session('enhanced@example.com', PHONE);
    await page.goto('/index');
    const pager = page.getByRole('navigation', { name: 'Pagination' }).first();
    await pager.getByRole('button', { name: 'Next page' }).click();
    const tops = await pager
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.filter((b) => b.getBoundingClientRect().width > 0).map((b) => Math.round(b.getBoundingClientRect().top)),
      );
    expect(new Set(tops).size).toBe(1);
    expect(await pageFits(page)).toBe(true);
    expect(problems).toEqual([]);
  });
});
