import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

/**
 * Every route the web app declares (each feature's routes.ts), opened by an admin at
 * 1280 and 375 px: it renders with a title and a level-1 heading, nothing is wider than
 * the screen, axe-core (at 1280) finds no serious or critical violation, and a screenshot
 * of each width is kept in test-output/e2e.
 */
const FEATURES = path.resolve(__dirname, '..', '..', 'web', 'src', 'features');
const declaredPaths = fs
  .readdirSync(FEATURES)
  .map((feature) => path.join(FEATURES, feature, 'routes.ts'))
  .filter((file) => fs.existsSync(file))
  .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/path:\s*'([^']+)'/g)].map((m) => m[1]))
  .filter((p, i, all) => all.indexOf(p) === i)
  .sort();

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '375', viewport: { width: 375, height: 812 } },
] as const;

let browser: Browser;
const sessions: Record<string, Session> = {};
/** Real ids for route parameters, looked up once through the API. */
const params: Record<string, string> = { type: 'general' };

async function api<T>(page: Page, url: string): Promise<T | null> {
  const token = await page.evaluate(() => window.localStorage.getItem('cti.authToken'));
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${token}` } });
  return res.ok() ? ((await res.json()) as T) : null;
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const w of WIDTHS) {
    sessions[w.name] = await openSession(browser, w.viewport);
    await signIn(sessions[w.name].page, 'admin@example.com');
  }
  const page = sessions['1280'].page;
  const index = await api<Array<{ GroupId: string; Group: string; Score: number }>>(page, '/api/group/index/list');
  const scored = index?.find((row) => row.Group === 'Ireland') ?? index?.[0];
  if (scored) params.groupId = scored.GroupId;
  const products = await api<Array<{ Id: string }>>(page, '/api/product');
  if (products?.[0]) params.productId = products[0].Id;
});
afterAll(async () => {
  await browser?.close();
});

/** /index/:groupId → /index/<Ireland>; unknown parameters get a placeholder, optional ones are dropped. */
function concrete(routePath: string): string {
  const enforceability = routePath.startsWith('/enforceabilityIndex/');
  return routePath
    .replace(/^\/questionnaire\/\*$/, '/questionnaire/participation')
    .replace(/\/:[A-Za-z]+\?/g, '')
    .replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      enforceability && name === 'groupId' ? (params.enforceabilityGroupId ?? 'unknown') : (params[name] ?? 'unknown'),
    );
}

it('finds the routes of every feature', () => {
  expect(declaredPaths.length).toBeGreaterThan(10);
  expect(declaredPaths).toEqual(expect.arrayContaining(['/about', '/contact/:type', '/index', '/admin/auditlog']));
});

describe.each(declaredPaths)('%s', (routePath) => {
  it.each(WIDTHS.map((w) => w.name))('at %s px: renders with a title and a heading within the width, axe clean', async (width) => {
    if (routePath.startsWith('/enforceabilityIndex/:') && !params.enforceabilityGroupId) {
      const rows = await api<Array<{ GroupId: string }>>(sessions['1280'].page, '/api/group/index/enforceability/list');
      if (rows?.[0]) params.enforceabilityGroupId = rows[0].GroupId;
    }
    const session = sessions[width];
    const { page } = session;
    const url = concrete(routePath);
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    // let late data land before axe looks (the map never goes quiet: ten seconds at most, ample on a loaded machine)
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    expect(await page.title()).toMatch(/\S+ \| Compliance Index$/);
    expect(await page.getByRole('main').count()).toBe(1);
    // responsive down to 375 px: wide tables scroll inside their own box, the page never does
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await session.screenshot(`all-routes${url.replace(/[^a-z0-9]+/gi, '-')}-${width}`);
    // axe once per route (at 1280); the narrow width checks layout (the public pages' own test runs axe at both)
    if (width === '1280') expect(describeFindings(`${url} @${width}px`, await seriousViolations(page))).toEqual([]);
  });
});
