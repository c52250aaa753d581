import type { Browser, Page } from 'playwright-core';

import { RoleIds } from '@cti/access';
import { DEMO_LATEST_PERIOD } from '@cti/demo-data';

import { baseUrl, launchBrowser, openSession, signIn, type Session } from '../support/browser';

/**
 * Journeys of the index, documents and commerce rules as a paying client checks them:
 * who reads annotations, what one certified-scorecard order unlocks, a score of 0,
 * checkout on another host name, unknown addresses, the library's download column,
 * flags and the score-history chart.
 */

interface Row {
  GroupId: string;
  Group: string;
  Score: number;
  Category: string;
  Scored: boolean;
  Period: string | null;
  PeriodId: string | null;
  QualifyingDeclarations: boolean;
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

const api = async (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

/** Polls until `check` holds (the machine may be loaded: generous ceiling, no fixed sleeps). */
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The demo index once its scores have arrived (scoring makes them as the demo periods come in). */
const demoIndex = async () => {
  const token = await tokenOf('admin@example.com');
  return until(
    async () => {
      const list = (await (await api('/api/group/index/list', token)).json()) as Row[];
      const kenya = Array.isArray(list) ? list.find((r) => r.Group === 'Kenya') : undefined;
      const scored = Array.isArray(list) ? list.filter((r) => r.Scored) : [];
      return kenya?.Scored && scored.length >= 40 && scored.every((r) => r.Period === DEMO_LATEST_PERIOD) ? list : null;
    },
    'the demo scores',
    240_000,
  );
};

const row = (name: string) => rows.find((r) => r.Group === name)!;

/** A signed-in (or anonymous) session; `origin` opens it on another host name of the same installation. */
async function session(email: string | null, origin = baseUrl()): Promise<Session> {
  const s = await openSession(browser, undefined, origin);
  sessions.push(s);
  if (email) await signIn(s.page, email);
  return s;
}

/** Finds a country on the index list: searches it and opens the tab it is on. */
async function showOnIndex(page: Page, country: Row) {
  await page.goto('/index');
  await page.getByLabel('Search countries').fill(country.Group);
  await page.getByRole('tab', { name: country.QualifyingDeclarations ? /^View country scores with qualifying/ : /no qualifying/ }).click();
  return page.getByRole('row').filter({ has: page.getByText(country.Group, { exact: true }) });
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
    for (const [i, s] of sessions.entries())
      await s.screenshot(`index-documents-commerce-failure-${i}-${Date.now()}`).catch(() => undefined);
  for (const s of sessions.splice(0)) await s.context.close().catch(() => undefined);
});

describe('annotations are for the roles of the annotations rule, not Standard', () => {
  it('lists, downloads and e-mails a country’s annotation to Enhanced; Standard sees no annotation and cannot fetch it; deleted, it leaves the scorecard', async () => {
    const admin = await tokenOf('admin@example.com');
    const kenya = row('Kenya');
    const card = (await (await api(`/api/group/index/${kenya.GroupId}`, admin)).json()) as { QuestionnaireId: string };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(samplePdf('kenya annotations'))], { type: 'application/pdf' }), 'Kenya annotations.pdf');
    const s3Name = await (await api('/api/document?type=1', admin, { method: 'POST', body: form })).text();
    const attached = await api('/api/document/annotation?type=1', admin, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ QuestionnaireId: card.QuestionnaireId, S3Name: s3Name }),
    });
    expect(attached.status).toBe(200);

    // Enhanced: the annotation, its Download, and the e-mail
    const enhanced = await session('enhanced@example.com');
    await until(async () => {
      await enhanced.page.goto(`/index/${kenya.GroupId}`);
      await enhanced.page.getByRole('heading', { name: 'Annotations' }).waitFor();
      return (await enhanced.page.getByText('Annotation of this scorecard: Kenya annotations.pdf.').count()) > 0;
    }, 'the annotation on the scorecard');
    await enhanced.page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Download', exact: true }).waitFor();
    await enhanced.page.getByRole('button', { name: 'E-mail me the annotations' }).click();
    await enhanced.page.getByText('The annotations have been e-mailed to you.').waitFor();

    // Standard: the annotations section is a teaser naming the plan, no annotation in the documents, no file
    const standard = await session('standard@example.com');
    await standard.page.goto(`/index/${kenya.GroupId}`);
    await standard.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await standard.page.getByText('There are no documents for this country yet.').waitFor();
    await standard.page
      .getByRole('region', { name: 'Annotations' })
      .getByText(/Included in the Enhanced plan/)
      .waitFor();
    expect(await standard.page.getByRole('button', { name: 'E-mail me the annotations' }).count()).toBe(0);
    expect(await standard.page.getByRole('button', { name: 'Download', exact: true }).count()).toBe(0);
    const standardToken = await tokenOf('standard@example.com');
    const listed = (await (await api(`/api/document/all/${kenya.GroupId}?type=1`, standardToken, { method: 'POST' })).json()) as unknown[];
    expect(listed).toEqual([]);
    expect((await api(`/api/document/${encodeURIComponent(s3Name)}`, standardToken)).status).toBe(403);

    // deleted: the scorecard no longer names it, and asking for it by e-mail says there is none
    const deleted = await api(`/api/document/delete/${encodeURIComponent(s3Name)}`, admin, { method: 'POST' });
    expect(((await deleted.json()) as { message: string }).message).toBe('Successfully Deleted.');
    await until(async () => {
      await enhanced.page.reload();
      await enhanced.page.getByRole('heading', { name: 'Annotations' }).waitFor();
      return (await enhanced.page.getByText('There is no annotation for this period yet.').count()) > 0;
    }, 'the deleted annotation to leave the scorecard');
    expect(await enhanced.page.getByRole('button', { name: 'E-mail me the annotations' }).count()).toBe(0);
    expect(enhanced.problems.filter((p) => p.startsWith('page error'))).toEqual([]);
  });
});

describe('one certified-scorecard order unlocks its country and period only', () => {
  it('a Standard user on 127.0.0.1 orders Kenya’s certified scorecard, pays on that origin, downloads Kenya and still orders China', async () => {
    const origin = baseUrl().replace('//localhost:', '//127.0.0.1:');
    const { page, problems } = await session('standard@example.com', origin);
    const kenya = row('Kenya');
    const china = row('China');

    const kenyaRow = await showOnIndex(page, kenya);
    await kenyaRow.getByRole('link', { name: 'Order the certified scorecard of Kenya' }).click();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('cell', { name: /\$500/ }).waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    // the local provider's page is on the origin the buyer uses (not PUBLIC_URL's localhost)
    await page.waitForURL((url) => url.pathname.startsWith('/payment/local/'));
    expect(new URL(page.url()).origin).toBe(origin);
    await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
    await page.getByRole('button', { name: 'Pay $500' }).click();
    await page.waitForURL('**/thankyou', { timeout: 60_000 });
    expect(new URL(page.url()).origin).toBe(origin);

    // the order reaches the documents service: Kenya downloads, China is still ordered
    await until(async () => {
      const r = await showOnIndex(page, kenya);
      await r.waitFor();
      return (await r.getByRole('button', { name: 'Download the certified scorecard of Kenya' }).count()) > 0;
    }, 'Kenya’s Download');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      page.getByRole('button', { name: 'Download the certified scorecard of Kenya' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Kenya Certified Scorecard .+\.pdf$/);
    const chinaRow = await showOnIndex(page, china);
    await chinaRow.getByRole('link', { name: 'Order the certified scorecard of China' }).waitFor();

    const token = await tokenOf('standard@example.com');
    expect((await api(`/api/print/cft/${china.GroupId}`, token)).status).toBe(403);
    const stored = (await page.evaluate(() => JSON.parse(window.localStorage.getItem('cti.user') ?? 'null'))) as { Roles: number[] };
    expect(stored.Roles).not.toContain(RoleIds.CFTPackage);
    expect(problems).toEqual([]);
  });
});

describe('a score of 0 is Unscored, and the ASU assessment agrees', () => {
  it('shows Cameroon (all inputs 0) as Unscored on the index, and Yes/No in Condition 1 for unscored states', async () => {
    const { page } = await session('standard@example.com');
    const cameroon = await showOnIndex(page, row('Cameroon'));
    await cameroon.getByText('Unscored', { exact: true }).waitFor();
    expect(await cameroon.getByText('Low', { exact: true }).count()).toBe(0);

    await page.goto('/awg-asu-assessment');
    await page.getByRole('columnheader', { name: /Condition 1/ }).waitFor();
    // the rows have loaded (a click on Next while they load would skip the first page)
    await page
      .getByRole('link', { name: / on the Compliance Index$/ })
      .first()
      .waitFor();
    const shownRows = page.locator('.pagination-summary').first();
    for (const name of ['Cameroon', 'Mozambique']) {
      const asuRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: `${name} on the Compliance Index` }) });
      // sorted by country, 10 per page: page on until the row shows, each page looked at once it is shown
      await until(async () => {
        if ((await asuRow.count()) > 0) return true;
        const before = await shownRows.textContent();
        await page.getByRole('button', { name: 'Next page' }).first().click();
        await until(async () => (await shownRows.textContent()) !== before, 'the next page of the ASU table');
        return false;
      }, `${name} in the ASU table`);
      const cells = (await asuRow.getByRole('cell').allTextContents()).map((c) => c.trim());
      // Country, watchlist, Conclusion, Condition 1, 2, 3
      expect(['Yes', 'No']).toContain(cells[3]);
      expect(cells.slice(4)).toEqual(['-', '-']);
    }
  });
});

describe('points add up to the shown score', () => {
  it('shows exact points (two decimals) whose rows and rounding make the score', async () => {
    const { page } = await session('enhanced@example.com');
    const ireland = row('Ireland');
    await page.goto(`/index/${ireland.GroupId}`);
    const table = page.getByRole('table', { name: 'Scores A to F' });
    await table.waitFor();
    const points = (await table.locator('tbody td.points').allTextContents()).map((t) => Number(t.replace('−', '-')));
    expect(points.length).toBeGreaterThanOrEqual(6);
    for (const p of points) expect(Math.abs(p * 20 - Math.round(p * 20))).toBeLessThan(1e-9);
    const total = Number(await table.locator('tfoot td.points').textContent());
    expect(Math.round(points.reduce((s, p) => s + p, 0) * 100)).toBe(Math.round(total * 100));
    expect(total).toBe(Number(await page.locator('.score-big').textContent()));
  });
});

describe('unknown addresses answer the 404 view', () => {
  it.each([
    ['an anonymous visitor', null],
    ['a signed-in user', 'standard@example.com'],
  ])('shows "This page does not exist." to %s, at the address asked for', async (_who, email) => {
    const { page } = await session(email);
    for (const path of ['/no/such/page', '/index/extra/segments', '/documentz']) {
      await page.goto(path);
      await page.getByText('This page does not exist.').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.getByRole('link', { name: email ? 'Go to the Compliance Index' : 'Go to login' }).waitFor();
  });
});

describe('the library says why a row cannot be downloaded, and the Standard card promises what Standard gets', () => {
  it('shows Standard the reason instead of an empty Actions column', async () => {
    const { page } = await session('standard@example.com');
    await page.goto('/documents');
    const row = page.getByRole('row').filter({ hasText: 'Compliance Index methodology notes (demo)' });
    await row.getByText('Download not included in your access').waitFor();
    await page
      .getByRole('note')
      .getByText(/a Standard subscription does not include it/)
      .waitFor();
    expect(await page.getByRole('button', { name: /^Download / }).count()).toBe(0);

    await page.goto('/purchaseAccess');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Standard' }) });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('Not included: annotations, score history charts, supporting-document downloads');
    expect(text).not.toMatch(/and its supporting documents/);
  });
});

describe('pages draw without waiting on more than their data', () => {
  it('draws every flag of the index from one sprite, with no request per flag', async () => {
    const { page } = await session('standard@example.com');
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await page.goto('/index');
    await page.locator('tbody .country-flag .flag-image').first().waitFor();
    const flags = page.locator('tbody .country-flag .flag-image');
    expect(await flags.count()).toBeGreaterThanOrEqual(5);
    expect(requests.filter((p) => p.startsWith('/flags/'))).toEqual([]);
    // one image for every flag (a busy browser may ask for that one file twice: the preload and the first flag)
    expect(new Set(requests.filter((p) => /flag-sprite-[\w-]+\.webp$/.test(p))).size).toBe(1);
    // read in the page, on the flag that is there now: when the list's data settles the table
    // redraws, and a flag read through a handle taken before that is detached (no style at all)
    const drawnFrom = await page.waitForFunction(
      () => {
        const flag = document.querySelector('tbody .country-flag .flag-image');
        const image = flag?.isConnected ? getComputedStyle(flag).backgroundImage : '';
        return image && image !== 'none' ? image : false;
      },
      undefined,
      { timeout: 30_000, polling: 100 },
    );
    expect(await drawnFrom.jsonValue()).toMatch(/flag-sprite-[\w-]+\.webp/);
  });

  it('renders the score-history chart with its data: no chart library to fetch, no loading message', async () => {
    const { page } = await session('viewer@example.com');
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __loadingSeen: string[] }).__loadingSeen = seen;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading the chart')) seen.push('Loading the chart…');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`/index/${row('Ireland').GroupId}`);
    await page.locator('.history-chart svg path').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __loadingSeen: string[] }).__loadingSeen)).toEqual([]);
    expect(scripts.filter((s) => /charts-|nivo/.test(s))).toEqual([]);
  });
});

/** A one-page PDF the upload checks accept. */
function samplePdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}
