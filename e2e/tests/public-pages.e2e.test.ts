import type { Browser } from 'playwright-core';

import {
  ASU_A_THRESHOLD,
  ASU_B_THRESHOLD,
  COMPLIANCE_BANDS,
  ENFORCEABILITY_BANDS,
  PBA_LABELS,
  VARIABLES,
  WEIGHTS,
  type PbaLevel,
} from '@cti/scoring-rules';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { launchBrowser, openSession, type Session } from '../support/browser';

/** Every public route of the index screens (static pages, how-to pages, contact) plus the two error views, with its h1. */
const PUBLIC_ROUTES: Array<{ path: string; heading: string; title: string }> = [
  { path: '/about', heading: 'About the Index', title: 'About the Index' },
  { path: '/about/faq', heading: 'Frequently asked questions', title: 'Frequently asked questions' },
  { path: '/about/methodology', heading: 'Methodology', title: 'Methodology' },
  { path: '/about/terms', heading: 'Terms and Conditions', title: 'Terms and Conditions' },
  { path: '/about/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  {
    path: '/purchasingAccess',
    heading: 'Purchasing Access to Non-Public Index Materials',
    title: 'Purchasing Access to Non-Public Index Materials',
  },
  { path: '/useTheIndex', heading: 'Using the Index E-Platform', title: 'Using the Index E-Platform' },
  { path: '/contact/compliance', heading: 'Report Compliance Activity', title: 'Report Compliance Activity' },
  { path: '/contact/technical', heading: 'Comments/Inquiries', title: 'Comments/Inquiries' },
  { path: '/contact/general', heading: 'Comments/Inquiries', title: 'Comments/Inquiries' },
  { path: '/contact/comments', heading: 'Comments/Inquiries', title: 'Comments/Inquiries' },
  { path: '/404', heading: 'Page not found', title: 'Not found' },
  { path: '/restricted', heading: 'Restricted', title: 'Restricted' },
];

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 375, height: 812 } },
] as const;

let browser: Browser;
const sessions: Partial<Record<(typeof WIDTHS)[number]['name'], Session>> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  for (const w of WIDTHS) sessions[w.name] = await openSession(browser, w.viewport);
});
afterAll(async () => {
  await browser?.close();
});

const shotName = (path: string, width: string) => `public${path.replace(/[^a-z0-9]+/gi, '-')}-${width}`;

describe.each(PUBLIC_ROUTES)('$path', ({ path, heading, title }) => {
  it.each(WIDTHS.map((w) => w.name))(
    'renders for a visitor at %s width with landmarks, a title, no console errors and no serious axe violation',
    async (width) => {
      const session = sessions[width]!;
      const { page } = session;
      session.problems.length = 0;
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(`${title} | Compliance Index`);
      expect(await page.getByRole('main').count()).toBe(1);
      expect(await page.getByRole('banner').count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
      // nothing wider than the viewport: the page reflows down to 375 px
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(describeFindings(path, await seriousViolations(page))).toEqual([]);
      await session.screenshot(shotName(path, width === 'desktop' ? '1280' : '375'));
      expect(session.problems).toEqual([]);
    },
  );
});

describe('methodology page', () => {
  it('shows the weights, PBA labels, bands and ASU thresholds of libs/scoring-rules', async () => {
    const { page } = sessions.desktop!;
    await page.goto('/about/methodology');
    const weights = page.getByRole('table', { name: 'Weights by precedent-adjustment level' });
    await weights.waitFor();
    const rows = await weights.locator('tbody tr').all();
    expect(rows).toHaveLength(4);
    for (const [level, row] of rows.entries()) {
      const cells = (await row.getByRole('cell').allTextContents()).map(Number);
      expect(cells.slice(0, VARIABLES.length)).toEqual(VARIABLES.map((v) => WEIGHTS[level as PbaLevel][v]));
      if (level > 0) expect(await row.getByRole('rowheader').textContent()).toContain(PBA_LABELS[level as 1 | 2 | 3]);
    }
    for (const [caption, bands] of [
      ['Compliance Index categories', COMPLIANCE_BANDS],
      ['Enforceability Index categories', ENFORCEABILITY_BANDS],
    ] as const) {
      const table = page.getByRole('table', { name: caption });
      const shown = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent.trim(), tr.querySelector('td')!.textContent.trim()]));
      expect(shown.map(([category]) => category)).toEqual(bands.map((b) => b.category));
      expect(shown.map(([, range]) => (range.match(/\d+/g) ?? []).map(Number))).toEqual(bands.map((b) => [b.min, b.max]));
    }
    const asu = page.getByRole('table', { name: 'ASU conditions' });
    expect(Number(await asu.locator('[data-threshold="A"]').textContent())).toBe(ASU_A_THRESHOLD);
    expect(Number(await asu.locator('[data-threshold="B"]').textContent())).toBe(ASU_B_THRESHOLD);
    await page.getByText('Score = 5(A + B) + 2.5(C + D + E + F)').waitFor();
  });
});

describe('FAQ', () => {
  it('opens /about/faq#watchlist on the watchlist answer after the one-second delay', async () => {
    const { page } = sessions.desktop!;
    await page.goto('/about/faq#watchlist');
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'watchlist', undefined, { timeout: 30_000 });
    const box = await page.locator('#watchlist').boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(200);
    expect(await page.locator('#watchlist').textContent()).toContain('read with added caution');
    expect(await page.locator('.faq-item').count()).toBe(10);
  });
});

describe('site chrome for a visitor', () => {
  it('offers sign-in, free access and the about pages in the header, the about pages, guides and contact in the footer, and a working skip link', async () => {
    const { page } = sessions.desktop!;
    await page.goto('/about');
    const banner = page.getByRole('banner');
    for (const name of ['Sign in', 'Get free access', 'About', 'Methodology', 'FAQ'])
      await banner.getByRole('link', { name, exact: true }).waitFor();
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'About the Index',
      'Methodology',
      'FAQ',
      'Using the Index E-Platform',
      'Purchasing access',
      'Report compliance activity',
      'Terms',
      'Privacy Policy',
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await footer.getByRole('link', { name: 'Methodology', exact: true }).click();
    await page.waitForURL('**/about/methodology');
    await page.getByRole('heading', { level: 1, name: 'Methodology' }).waitFor();
    // the new page starts at the top, with focus on its main region
    expect(await page.evaluate(() => [window.scrollY, document.activeElement?.id])).toEqual([0, 'main']);
    expect(
      await page
        .getByRole('navigation', { name: 'About the Index', exact: true })
        .getByRole('link', { name: 'Methodology' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('shows the how-to guide alone, with no empty video area, where no video is published', async () => {
    const { page } = sessions.desktop!;
    await page.goto('/useTheIndex');
    await page.getByRole('heading', { name: 'Step by step' }).waitFor();
    expect(await page.locator('#guide-useTheIndex > li').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.getByText(/not published/).count()).toBe(0);
  });
});

describe('Privacy Policy modal', () => {
  it('opens from the free-access form, passes axe while open, and closes with Escape back to its button', async () => {
    const { page } = sessions.desktop!;
    await page.goto('/login');
    const opener = page.getByRole('button', { name: 'Privacy Policy' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' });
    await dialog.getByText('15 September 2025').waitFor();
    await dialog.getByRole('heading', { level: 3, name: 'Your rights' }).waitFor();
    expect(describeFindings('/login with the Privacy Policy modal', await seriousViolations(page))).toEqual([]);
    await sessions.desktop!.screenshot('public-privacy-modal-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
