import type { Browser, Page } from 'playwright-core';

import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

const COUNTRY_VIEWER = 8;

let browser: Browser;
let buyer: Session;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await openSession(browser);
  admin = await openSession(browser);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const state = expect.getState();
  if (state.assertionCalls !== state.numPassingAsserts) {
    await buyer.screenshot(`commerce-failure-buyer-${Date.now()}`);
    await admin.screenshot(`commerce-failure-admin-${Date.now()}`);
  }
});

/** The session user the app keeps in browser storage (what the guard and menus read). */
async function storedUser(page: Page): Promise<{ Roles: number[]; Groups: Array<{ Name: string }> }> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('cti.user') ?? 'null'));
}

it('a standard user buys a per-country subscription for two countries; the admin refunds it and the access is gone', async () => {
  const { page } = buyer;
  await signIn(page, 'standard@example.com');
  expect((await storedUser(page)).Roles).not.toContain(COUNTRY_VIEWER);

  // the purchase-access page: the per-country card needs a country before it can be bought
  await page.goto('/purchaseAccess');
  const purchase = page.getByRole('button', { name: 'Purchase Per country' });
  await page.getByRole('heading', { name: 'Per country' }).waitFor();
  expect(await purchase.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: 'Canada' }).check();
  await page.getByRole('checkbox', { name: 'Brazil' }).check();
  await page.getByText('2 selected: $4,000 per annum').waitFor();
  await buyer.screenshot('commerce-purchase-access');
  await purchase.click();

  // checkout: the product, the countries and the amount in dollars
  await page.waitForURL(/\/checkout\/[^/?]+\?/);
  await page.getByText('Countries: Canada, Brazil').waitFor();
  await page.getByRole('cell', { name: /\$4,000/ }).waitFor();
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cti.checkout') ?? 'null'))).toMatchObject({ updatesRole: true });
  await buyer.screenshot('commerce-checkout');
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // the local payment provider's confirmation page
  await page.waitForURL('**/payment/local/**');
  await page.getByRole('heading', { name: 'Confirm your payment' }).waitFor();
  await buyer.screenshot('commerce-local-provider');
  await page.getByRole('button', { name: 'Pay $4,000' }).click();

  // back at checkout the payment completes, the session is refreshed, then thank you
  await page.waitForURL('**/thankyou', { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Thank you for your purchase' }).waitFor();
  expect(await page.evaluate(() => window.localStorage.getItem('cti.checkout'))).toBeNull();
  const after = await storedUser(page);
  expect(after.Roles).toContain(COUNTRY_VIEWER);
  expect(after.Groups.map((g) => g.Name)).toEqual(expect.arrayContaining(['Canada', 'Brazil']));
  expect(await page.getByRole('link', { name: 'Go to the Compliance Index' }).getAttribute('href')).toBe('/index');

  await page.getByRole('link', { name: 'View your purchase history' }).click();
  await page.waitForURL('**/history');
  const row = page.getByRole('row').filter({ hasText: 'Canada, Brazil — per-country subscription' });
  await row.waitFor();
  await buyer.screenshot('commerce-history');

  // the purchase history entry of the menu shows for a user with purchases
  await page.getByRole('button', { name: /Sam Standard/ }).click();
  await page.getByRole('menuitem', { name: 'Purchase History' }).waitFor();
  await page.keyboard.press('Escape');

  // the admin refunds it from the purchase log
  const a = admin.page;
  await signIn(a, 'admin@example.com');
  await a.goto('/admin/purchaseLog');
  const logRow = a.getByRole('row').filter({ hasText: 'Canada, Brazil — per-country subscription' }).filter({ hasText: 'Sam Standard' });
  await logRow.waitFor();
  expect(await logRow.textContent()).toContain('$4,000');
  await logRow.getByRole('button', { name: /^Refund / }).click();
  const dialog = a.getByRole('dialog', { name: 'Refund purchase' });
  await dialog
    .getByText('This will fully refund this purchase and unsubscribe from the service. Are you sure you want to continue.')
    .waitFor();
  await dialog.getByRole('button', { name: 'Yes, refund' }).click();
  await a.getByText('Success! This purchase has been refunded.').waitFor();
  await logRow.getByText(/^Refunded/).waitFor();
  await admin.screenshot('commerce-purchase-log-refunded');

  // the buyer's next session no longer carries CountryViewer or the two countries
  // (the refund reaches identity as an event: polled with a ceiling, not a count of tries)
  let roles: number[] = [COUNTRY_VIEWER];
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && roles.includes(COUNTRY_VIEWER);) {
    await page.reload();
    await page.getByRole('heading', { name: 'Purchase History' }).waitFor();
    roles = (await storedUser(page)).Roles;
    if (roles.includes(COUNTRY_VIEWER)) await page.waitForTimeout(500);
  }
  expect(roles).not.toContain(COUNTRY_VIEWER);
  expect((await storedUser(page)).Groups.map((g) => g.Name)).not.toEqual(expect.arrayContaining(['Canada']));
  await page.getByRole('row').filter({ hasText: 'Canada, Brazil — per-country subscription (refunded)' }).waitFor();

  expect(buyer.problems.filter((p) => p.startsWith('page error'))).toEqual([]);
  expect(admin.problems.filter((p) => p.startsWith('page error'))).toEqual([]);
});

it('the admin manages products and sees every subscription with its status', async () => {
  const a = admin.page;
  await a.goto('/admin/products');
  const active = a.getByRole('table', { name: 'Active products' });
  const row = active.getByRole('row').filter({ hasText: 'Enhanced Subscription' });
  await row.waitFor();
  expect(await row.textContent()).toContain('$20,000');

  await a.getByRole('button', { name: 'Add', exact: true }).click();
  const modal = a.getByRole('dialog', { name: 'Add product' });
  await modal.getByLabel('Name').fill('Annual Briefing');
  await modal.getByLabel('Description').fill('The yearly briefing pack.');
  await modal.getByLabel('Price (USD)').fill('1,500');
  await modal.getByRole('button', { name: 'Save' }).click();
  const added = active.getByRole('row').filter({ hasText: 'Annual Briefing' });
  await added.waitFor();
  expect(await added.textContent()).toContain('$1,500');
  // row actions are in the row's "…" menu; creating a plan and deleting ask first
  const menu = added.getByRole('button', { name: 'Actions for Annual Briefing' });
  await menu.click();
  await a.getByRole('menu').getByRole('menuitem', { name: 'Create plan…' }).click();
  await a
    .getByRole('dialog', { name: 'Sell Annual Briefing as a yearly subscription?' })
    .getByRole('button', { name: 'Create plan' })
    .click();
  await a.getByText('Plan created.').waitFor();
  await menu.click();
  await a.getByRole('menu').getByRole('menuitem', { name: 'Remove plan…' }).waitFor();
  await a.getByRole('menu').getByRole('menuitem', { name: 'Delete…' }).click();
  await a.getByRole('dialog', { name: 'Delete Annual Briefing?' }).getByRole('button', { name: 'Delete product' }).click();
  const deleted = a.getByRole('table', { name: 'Deleted products' }).getByRole('row').filter({ hasText: 'Annual Briefing' });
  await deleted.waitFor();
  await admin.screenshot('commerce-products-admin');
  await deleted.getByRole('button', { name: 'Actions for Annual Briefing' }).click();
  await a.getByRole('menu').getByRole('menuitem', { name: 'Restore' }).click();
  await active.getByRole('row').filter({ hasText: 'Annual Briefing' }).waitFor();

  await a.goto('/user/subscriptions');
  await a.getByRole('heading', { name: 'Subscriptions' }).waitFor();
  const sub = a.getByRole('row').filter({ hasText: 'Sam Standard' });
  await sub.waitFor();
  expect(await sub.textContent()).toContain('Regional Lender');
  expect(await sub.textContent()).toContain('CANCELLED');
  await a.getByRole('searchbox').fill('no such organization');
  await a.getByText('There are no subscriptions.').waitFor();
  await admin.screenshot('commerce-subscriptions-admin');
});

it('My account lists subscriptions: admins every one with user and organization, CANCELLED with its reason', async () => {
  const a = admin.page;
  await a.goto('/user/account');
  // the admin's own subscriptions come first; every user's are under All subscriptions
  const section = a.getByRole('region', { name: 'All subscriptions' });
  await section.waitFor();
  const row = section.getByRole('row').filter({ hasText: 'Sam Standard' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Regional Lender');
  const status = row.getByText('CANCELLED');
  expect(await status.getAttribute('title')).toBe('Refunded by Ada Admin');
  // a cancelled subscription offers neither cancel nor renewal
  expect(await row.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
  await admin.screenshot('commerce-my-account-subscriptions');
});
