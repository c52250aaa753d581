import type { Page } from 'playwright-core';

import { RoleIds } from '@cti/access';

import { sessionsPerTest, signIn } from '../support/browser';
import { accountMadeByAdmin } from '../support/journeys';

const session = sessionsPerTest('accounts-gates');

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.org`;

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Opens a path as a direct link (a full page load) and waits for the app to settle on a route. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => / \| Compliance Index$/.test(document.title), null, { timeout: 30_000 });
}

it('the pages open to a user who must still agree open on a direct link and on a reload; others go to /agree and back after', async () => {
  const { page, problems } = await session();
  const account = await accountMadeByAdmin([RoleIds.Standard]);
  await signIn(page, account.email, account.password);
  await page.waitForURL('**/agree');

  for (const path of ['/about/terms', '/about/privacy-policy', '/about/faq', '/about/methodology', '/contact/general']) {
    await open(page, path);
    expect(pathOf(page)).toBe(path);
    await page.reload();
    await page.waitForFunction(() => / \| Compliance Index$/.test(document.title));
    expect(pathOf(page)).toBe(path);
  }

  // any other page waits behind the gate, and is where agreeing leads
  await open(page, '/documents');
  await page.waitForURL('**/agree');
  await page.getByLabel('I have read and agree to the Terms and Conditions').check();
  await page.getByRole('button', { name: 'I Agree' }).click();
  await page.waitForURL('**/documents');
  expect(problems.filter((p) => !/status of 40[13]/.test(p))).toEqual([]);
});

it('Enter on the free-access form without the terms ticked says what is missing', async () => {
  const { page } = await session();
  await page.goto('/login');
  const form = page.getByRole('region', { name: 'Free access' });
  await form.getByLabel('E-mail address').press('Enter');
  await form.getByText('You must complete all fields to gain access').waitFor();
  await form.getByLabel('Name').fill('Vic Visitor');
  await form.getByLabel('Company').fill('Visiting Ventures');
  await form.getByLabel('E-mail address').fill(unique('visitor'));
  await form.getByLabel('E-mail address').press('Enter');
  await form.getByText('You must agree to the Terms and Conditions to gain access.').waitFor();
  expect(pathOf(page)).toBe('/login');
  await form.getByLabel(/I agree to the/).check();
  await expect(form.getByText('You must agree to the Terms and Conditions to gain access.').count()).resolves.toBe(0);
});

it('a carbon-calculator-only user is not held at the compliance index’s terms; the chooser offers nothing that cannot be used', async () => {
  const { page } = await session();
  const account = await accountMadeByAdmin([RoleIds.ACCFullAccess]);
  await signIn(page, account.email, account.password);
  await page.waitForURL('**/user/account');
  await page.getByRole('heading', { name: 'My account' }).waitFor();

  await open(page, '/user/account');
  expect(pathOf(page)).toBe('/user/account');

  await open(page, '/user/flow');
  await page.getByText('Your account gives access to the Carbon Calculator, which is not linked on this installation.').waitFor();
  // no button that does nothing, no way into an application the user holds no role of
  expect(await page.getByRole('button', { name: 'Login Carbon Calculator' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Login Carbon Calculator' }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Login CTC Compliance Index' }).count()).toBe(0);
});

it('a browser that blocks storage still renders, explains, and lets the user sign in for the page', async () => {
  const { context, page, problems } = await session();
  await context.addInitScript(() => {
    const refuse = () => {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    };
    Object.defineProperty(window, 'localStorage', { get: refuse, configurable: true });
    Object.defineProperty(window, 'sessionStorage', { get: refuse, configurable: true });
  });
  await page.goto('/login');
  await page.getByText(/This browser is blocking storage for this site/).waitFor();
  await signIn(page, 'standard@example.com');
  await page.waitForURL('**/index');
  await page
    .getByRole('button', { name: /Sam Standard/ })
    .first()
    .waitFor();
  expect(problems.filter((p) => /SecurityError|page error/.test(p))).toEqual([]);
});
