import type { Browser } from 'playwright-core';

import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

let browser: Browser;
let session: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await openSession(browser);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const state = expect.getState();
  if (state.assertionCalls !== state.numPassingAsserts) await session.screenshot(`foundation-failure-${Date.now()}`);
});

it('an admin logs in, sees the header, finds their login in the audit log, and logs out', async () => {
  const { page } = session;
  await signIn(page, 'admin@example.com');
  await page.waitForURL('**/index');
  await page.getByRole('link', { name: 'Compliance Index', exact: true }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Indexes' }).textContent()).toContain('Enforceability Index');
  const menuButton = page.getByRole('button', { name: /Ada Admin/ });
  await menuButton.waitFor();
  await page.getByText('Login successful.').waitFor();

  await menuButton.click();
  // admin destinations live in the admin area
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL('**/admin/auditlog');
  await page.getByRole('button', { name: 'Get report' }).click();
  const loginRow = page.getByRole('row').filter({ hasText: 'admin@example.com logged in' }).first();
  await loginRow.waitFor();
  expect(await loginRow.textContent()).toContain('Ada Admin');
  await session.screenshot('foundation-audit-log');

  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => window.localStorage.getItem('cti.authToken'))).toBeNull();
  // a signed-out visitor is sent back to login from a guarded page
  await page.goto('/admin/auditlog');
  await page.waitForURL('**/login');
  expect(session.problems).toEqual([]);
});

it('sends a user without the admin role to /restricted from the audit log', async () => {
  const viewer = await openSession(browser);
  await signIn(viewer.page, 'viewer@example.com');
  await viewer.page.goto('/admin/auditlog');
  await viewer.page.waitForURL('**/restricted');
  await viewer.page.getByRole('heading', { name: 'Restricted' }).waitFor();
  await viewer.context.close();
});

it('shows the 404 page with a link to login', async () => {
  const visitor = await openSession(browser);
  await visitor.page.goto('/404');
  await visitor.page.getByText('This page does not exist.').waitFor();
  expect(await visitor.page.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
  await visitor.context.close();
});
