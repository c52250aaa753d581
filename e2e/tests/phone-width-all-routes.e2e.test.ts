import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { QUESTIONNAIRE_STEPS } from '@cti/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cti/demo-data';

import { baseUrl, launchBrowser, openSession, signIn, type Session } from '../support/browser';
import { ADMIN, exitQuestionnaire, irelandId, RORY } from '../support/questionnaire';

/**
 * A phone (390 × 844) never scrolls sideways: every route the web app declares (each feature's
 * routes.ts), walked by every kind of demo user and a visitor, in one browser with one context
 * per user. Routes are reached by the app's own navigation (as a link would), which keeps the
 * walk to seconds per user; each is measured once its heading shows and nothing is loading.
 * A route a user may not open shows what that user gets instead (sign-in, restricted), which
 * must fit too. Those who work in a questionnaire (a respondent, an admin) also walk every page
 * of one, Ireland's, which the routes declare only as `/questionnaire/*`.
 */
const PHONE = { width: 390, height: 844 };
const FEATURES = path.resolve(__dirname, '..', '..', 'web', 'src', 'features');
const declaredPaths = fs
  .readdirSync(FEATURES)
  .map((feature) => path.join(FEATURES, feature, 'routes.ts'))
  .filter((file) => fs.existsSync(file))
  .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]))
  .filter((p, i, all) => all.indexOf(p) === i)
  .sort();

/** A visitor who has not signed in, a free user, and one account per role of the demo (the second respondent adds nothing). */
const VISITOR = 'a visitor';
const FREE_USER = 'a free user';
const USERS = [VISITOR, FREE_USER, ...DEMO_ACCOUNTS.filter((a) => a.email !== 'respondent2@example.com').map((a) => a.email)];
const QUESTIONNAIRE_WORKERS = [RORY, ADMIN];

/** Free access as a visitor gets it: the form, then the confirmation link of the dev mailbox. */
async function signUpForFreeAccess(page: Page): Promise<void> {
  const email = `phone-${Date.now().toString(36)}@example.org`;
  await page.goto('/login');
  const form = page.getByRole('region', { name: 'Free access' });
  await form.getByLabel('Name').fill('Pat Phone');
  await form.getByLabel('Company').fill('Pocket Leasing');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Gain free access' }).click();
  await page.waitForURL(`**/confirmEmail/${encodeURIComponent(email)}`);
  await page.goto('/dev/mail');
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(email);
  const link = page
    .getByRole('list', { name: 'E-mails' })
    .getByRole('link', { name: /Confirm e-mail and open the Index/ })
    .first();
  await link.waitFor({ timeout: 60_000 });
  await link.click();
  await page.waitForURL('**/index');
}

let browser: Browser;
/** Real ids for route parameters, looked up once. */
const params: Record<string, string> = { type: 'general', source: 'unknown.pdf' };

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@example.com', Password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { Token: string }).Token;
  const get = async <T>(url: string): Promise<T | null> => {
    const res = await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${token}` } });
    return res.ok ? ((await res.json()) as T) : null;
  };
  const index = await get<Array<{ GroupId: string; Group: string }>>('/api/group/index/list');
  params.groupId = index?.find((r) => r.Group === 'Ireland')?.GroupId ?? 'unknown';
  params.enforceabilityGroupId = (await get<Array<{ GroupId: string }>>('/api/group/index/enforceability/list'))?.[0]?.GroupId ?? 'unknown';
  params.productId = (await get<Array<{ Id: string }>>('/api/product'))?.[0]?.Id ?? 'unknown';
  params.questionnaireId = await irelandId(token);
});
afterAll(async () => {
  await browser?.close();
});

function concrete(routePath: string): string {
  const enforceability = routePath.startsWith('/enforceabilityIndex/');
  return routePath
    .replace(/^\/questionnaire\/\*$/, '/questionnaire/participation')
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      enforceability && name === 'groupId' ? params.enforceabilityGroupId : (params[name] ?? 'unknown'),
    );
}

/** Goes to a path through the app's router (history and a popstate, as the router hears a link) and waits for the page to settle. */
async function visit(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      const heading = document.querySelector('h1');
      // a heading, and nothing still loading (spinners, busy regions, a map drawing)
      return (
        !!main &&
        !!heading &&
        !document.querySelector('.spinner, [aria-busy="true"], [data-map-state="loading"]') &&
        document.readyState === 'complete'
      );
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
}

/** What is wider than the screen, to name in a failure. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} (${Math.round(e.getBoundingClientRect().right)} px)`);
    return `${document.documentElement.scrollWidth} px wide: ${wide.join(', ')}`;
  });

it('walks the routes of every feature', () => {
  expect(declaredPaths.length).toBeGreaterThan(40);
  expect(declaredPaths).toEqual(expect.arrayContaining(['/index', '/historicalData/compare', '/dashboard/country', '/admin/auditlog']));
});

it.each(USERS.map((u) => [u]))(
  'at 390 px no route scrolls sideways for %s',
  async (who) => {
    const session: Session = await openSession(browser, PHONE);
    try {
      const { page } = session;
      if (who === VISITOR) await page.goto('/');
      else if (who === FREE_USER) await signUpForFreeAccess(page);
      else await signIn(page, who);
      const wide: string[] = [];
      const questionnairePages = QUESTIONNAIRE_WORKERS.includes(who)
        ? QUESTIONNAIRE_STEPS.map((step) => `/questionnaire/${encodeURIComponent(params.questionnaireId)}/${step.path}`)
        : [];
      for (const url of [...declaredPaths.map(concrete), ...questionnairePages]) {
        await visit(page, url);
        const found = await overflow(page);
        if (found) {
          wide.push(`${url} (shown: ${new URL(page.url()).pathname}): ${found}`);
          await session.screenshot(`phone-overflow-${who.split('@')[0].replace(/\W+/g, '-')}${url.replace(/[^a-z0-9]+/gi, '-')}`);
        }
      }
      // a respondent's page holds its section: leave as a person would, so the journeys after this one find it free
      if (questionnairePages.length) await exitQuestionnaire(page);
      expect(wide).toEqual([]);
    } finally {
      await session.context.close();
    }
  },
  600_000,
);
