import type { Browser, Page } from 'playwright-core';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { launchBrowser, openSession, signIn, type Session } from '../support/browser';
import { askFreeAccess, followMailLink, payLocally, until } from '../support/journeys';

/**
 * The finish of the product at a 1440 px desktop and a 390 px phone: nothing is sold to
 * respondents and admins, a free user meets one offer, the index tabs answer the arrow keys,
 * empty sign-in fields are marked where they are, no ring frames the page after a redirect,
 * revoking an API key asks in the page, a bought country opens from the thank-you page by its
 * name, My account's sentences read, and no page mixes two ways of writing a date.
 */

const WIDTHS = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

let browser: Browser;
const sessions: Session[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.context.close()));
});
afterAll(async () => {
  await browser?.close();
});

async function session(viewport: { width: number; height: number }): Promise<Session> {
  const s = await openSession(browser, viewport);
  sessions.push(s);
  return s;
}

const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function expectAccessible(page: Page, where: string) {
  expect(describeFindings(where, await seriousViolations(page))).toEqual([]);
}

/** A free user, signed up through the form and the e-mailed confirmation link. */
async function freeUser(page: Page, name: string): Promise<string> {
  const email = `polish-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  await askFreeAccess(page, { name, company: 'Polish Leasing', email });
  await page.waitForURL(`**/confirmEmail/${encodeURIComponent(email)}`);
  await followMailLink(page, email, /Confirm e-mail and open the Index/);
  await page.waitForURL('**/index');
  return email;
}

/** The date families a text holds: numeric (M/DD/YYYY), ISO (YYYY-MM-DD) and spelled out (23 Nov 2026, Nov 23, 2026). */
function dateFamilies(text: string): string[] {
  const families: Array<[string, RegExp]> = [
    ['numeric', /\b\d{1,2}\/\d{1,2}\/\d{4}\b/],
    ['iso', /\b\d{4}-\d{2}-\d{2}\b/],
    [
      'spelled',
      /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{4}\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}, \d{4}\b/,
    ],
  ];
  return families.filter(([, re]) => re.test(text)).map(([name]) => name);
}

describe.each(WIDTHS)('at %s px', (width, viewport) => {
  it('sells nothing to a respondent or an admin: no Upgrade, no cart, no offer on the index', async () => {
    for (const email of ['respondent@example.com', 'admin@example.com']) {
      const { page, problems } = await session(viewport);
      await signIn(page, email);
      await page.goto('/index');
      await page.getByRole('tablist', { name: 'Qualifying declarations' }).waitFor();
      const header = page.getByRole('banner');
      expect(await header.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
      expect(await header.getByRole('link', { name: 'Cart' }).count()).toBe(0);
      expect(await page.getByRole('complementary').count()).toBe(0);
      expect(await page.getByRole('main').textContent()).not.toContain('Standard plan or buy this country');
      expect(await pageFits(page)).toBe(true);
      expect(problems).toEqual([]);
    }
  });

  it('makes a free user one offer above the index, whose tabs move with the arrow keys', async () => {
    const s = await session(viewport);
    const { page, problems } = s;
    await freeUser(page, `Frida Free ${width}`);
    const offer = page.getByRole('complementary', { name: 'Your free access shows every country’s score and category' });
    await offer.waitFor();
    expect(await page.getByRole('complementary').count()).toBe(1);
    expect(await offer.getByRole('link', { name: 'Compare plans' }).getAttribute('href')).toBe('/purchaseAccess');
    const main = page.getByRole('main');
    await main.getByText('(scorecard not included in your access)').first().waitFor({ state: 'attached' });
    expect(await main.textContent()).not.toContain('Standard plan or buy this country');
    // Order is a quiet link per row, never a button
    expect(await main.getByRole('button', { name: /^Order/ }).count()).toBe(0);

    const made = page.getByRole('tab', { name: /^View country scores with qualifying/ });
    const notMade = page.getByRole('tab', { name: /no qualifying declarations made/ });
    await made.focus();
    await page.keyboard.press('ArrowRight');
    expect(await notMade.getAttribute('aria-selected')).toBe('true');
    expect(await notMade.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await made.getAttribute('aria-selected')).toBe('true');
    expect(await made.evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab leaves the tab list at once: the other tab is not a stop of its own
    expect(await notMade.getAttribute('tabindex')).toBe('-1');
    await s.screenshot(`polish-free-index-${width}`);
    await expectAccessible(page, `free index at ${width}`);
    expect(await pageFits(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('marks empty sign-in fields where they are, and draws no ring around the page after the redirect', async () => {
    const s = await session(viewport);
    const { page, problems } = s;
    await page.goto('/login');
    const form = page.getByRole('region', { name: 'Sign in' });
    await form.getByRole('button', { name: 'Login' }).click();
    const email = form.getByLabel('E-mail', { exact: true });
    const password = form.getByLabel('Password');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('Enter your e-mail address.').waitFor();
    await form.getByText('Enter your password.').waitFor();
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    await s.screenshot(`polish-login-empty-${width}`);
    await expectAccessible(page, `login with empty fields at ${width}`);

    // by keyboard, as a keyboard user signs in: focus then lands on the page, shown without a frame
    await email.fill('standard@example.com');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await password.fill('demo-password');
    await password.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const ring = await until(
      () =>
        page.evaluate(() => {
          const main = document.getElementById('main');
          if (document.activeElement !== main || !main) return null;
          const style = getComputedStyle(main);
          return { outline: style.outlineStyle, shadow: style.boxShadow };
        }),
      'focus on the main region after the redirect',
      30_000,
    );
    expect(ring).toEqual({ outline: 'none', shadow: 'none' });
    expect(problems).toEqual([]);
  });

  it('asks in the page before revoking an API key; My account reads naturally and writes its dates one way', async () => {
    const s = await session(viewport);
    const { page, problems } = s;
    await signIn(page, 'enhanced@example.com');
    await page.goto('/user/account');
    const section = page.getByRole('region', { name: 'API keys' }).or(page.locator('section[aria-labelledby="api-keys-title"]'));
    const name = `Polish feed ${width}`;
    await section.getByLabel('Key name').fill(name);
    await section.getByRole('button', { name: 'Create key' }).click();
    await section.getByRole('button', { name: 'Done' }).click();
    const row = section.getByRole('row', { name: new RegExp(name) }).or(section.getByRole('listitem').filter({ hasText: name }));
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByText(`Revoke the key “${name}”?`, { exact: false }).waitFor();
    await s.screenshot(`polish-revoke-${width}`);
    await expectAccessible(page, `revoke dialog at ${width}`);
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await row.getByText(/^Revoked/).waitFor();
    expect(dialogs).toBe(0);

    const main = page.getByRole('main');
    expect(await main.textContent()).not.toMatch(/access access/);
    expect(dateFamilies((await main.innerText()) ?? '').length).toBeLessThanOrEqual(1);
    expect(await pageFits(page)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a country viewer’s account says whose access it is, without “access access”', async () => {
    const { page, problems } = await session(viewport);
    await signIn(page, 'viewer@example.com');
    await page.goto('/user/account');
    await page.getByText('your country access comes with your account.', { exact: false }).waitFor();
    expect(await page.getByRole('main').textContent()).not.toContain('access access');
    expect(problems).toEqual([]);
  });

  it('never writes dates two ways on one page', async () => {
    const { page, problems } = await session(viewport);
    await signIn(page, 'admin@example.com');
    const routes = ['/user/account', '/history', '/admin/purchaseLog', '/documents', '/manage/periods', '/user/requests', '/notifications'];
    for (const route of routes) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // let the page's lists arrive
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const families = dateFamilies(await page.getByRole('main').innerText());
      expect({ route, families: families.length <= 1 ? 'one' : families }).toEqual({ route, families: 'one' });
    }
    expect(problems.filter((p) => !/status of 40[134]/.test(p))).toEqual([]);
  });

  it('names a bought country on the thank-you page: “Open Spain — per-country subscription”', async () => {
    const s = await session(viewport);
    const { page, problems } = s;
    await freeUser(page, `Tess Thanks ${width}`);
    // the first locked country leads to the page that sells it alone
    const locked = page.getByRole('link', { name: /\(scorecard not included in your access\)$/ }).first();
    const country = ((await locked.textContent()) ?? '').replace('(scorecard not included in your access)', '').trim();
    await locked.click();
    await page.waitForURL('**/restricted?country=**');
    await page.getByRole('link', { name: `Buy ${country}` }).click();
    await page.waitForURL(/\/checkout\//);
    await payLocally(page, '$2,000');
    const open = page.getByRole('link', { name: `Open ${country} — per-country subscription` });
    await open.waitFor();
    await s.screenshot(`polish-thankyou-${width}`);
    await expectAccessible(page, `thank-you at ${width}`);
    expect(await pageFits(page)).toBe(true);
    expect(problems.filter((p) => !/status of 40[13]/.test(p))).toEqual([]);
  });
});
