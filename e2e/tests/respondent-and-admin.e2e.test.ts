import type { Page } from 'playwright-core';

import { RoleIds } from '@cti/access';
import { CommerceMessages } from '@cti/contracts';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { baseUrl, sessionsPerTest, signIn } from '../support/browser';
import { accountMadeByAdmin, dataTable, tokenOf } from '../support/journeys';
import { IRELAND, nav, openIrelandAsRespondent, RORY } from '../support/questionnaire';

/**
 * Respondents and admins, at a 1440 px desktop and a 390 px phone: /admin/products only for
 * the Manage Products rule (page and API), the spec's admin entries in the user menu, the
 * questionnaire's side navigation (section states, real names, the variable letters
 * explained, deep links with the questionnaire's id that open in a new tab), the scoring
 * editor's plain wording, one questionnaires table with progress and approvals, and what
 * needs an admin's attention on the admin home; an admin's revoke of a user's API key asks
 * first, as the owner's does.
 */

const session = sessionsPerTest('respondent-and-admin');
const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;
const ADMIN = 'admin@example.com';

async function signedIn(email: string, viewport: { width: number; height: number }, password?: string) {
  const s = await session();
  await s.page.setViewportSize(viewport);
  await signIn(s.page, email, password);
  return s;
}

/** The user menu's entries, opened from its button (the user's name). */
async function userMenuEntries(page: Page, name: string): Promise<string[]> {
  await page.getByRole('button', { name }).click();
  const menu = page.getByRole('menu', { name });
  await menu.waitFor();
  return (await menu.getByRole('menuitem').allTextContents()).map((t) => t.trim());
}

async function noSeriousFindings(page: Page, where: string) {
  expect(describeFindings(where, await seriousViolations(page))).toEqual([]);
}

describe.each(SIZES)('at %s px', (_label, viewport) => {
  it('an admin outside the vendor’s domain cannot manage products, by the page or the API; the vendor’s admin can', async () => {
    const partner = await accountMadeByAdmin([RoleIds.Admin], 'partner.example');
    const { page, problems } = await signedIn(partner.email, viewport, partner.password);
    const entries = await userMenuEntries(page, partner.name);
    expect(entries).toEqual(
      expect.arrayContaining(['Admin', 'Users', 'Request Queue', 'Audit log', 'Purchase log', 'User groups', 'Periods']),
    );
    expect(entries).not.toContain('Manage Products');

    await page.goto('/admin/products');
    await page.waitForURL('**/restricted');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const token = await tokenOf(partner.email, partner.password);
    const refused = await fetch(`${baseUrl()}/api/product`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Partner product', Description: '', Price: 1 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(CommerceMessages.manageProductsOnly);
    expect(problems).toEqual([]);

    const vendor = await signedIn(ADMIN, viewport);
    expect(await userMenuEntries(vendor.page, 'Ada Admin')).toEqual([
      'Admin',
      'Users',
      'Request Queue',
      'Audit log',
      'Purchase log',
      'Manage Products',
      'User groups',
      'Periods',
      'Document library',
      'My Account',
      'Logout',
    ]);
    await vendor.page.getByRole('menuitem', { name: 'Manage Products' }).click();
    await vendor.page.waitForURL('**/admin/products');
    await vendor.page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
  });

  it('the respondent’s side navigation marks sections and keeps the questionnaire in the address, also in a new tab', async () => {
    const { page, context, problems } = await signedIn(RORY, viewport);
    await openIrelandAsRespondent(page);
    const address = new URL(page.url()).pathname;
    expect(address).toMatch(/^\/questionnaire\/[0-9a-f-]{36}\/participation$/);
    const id = address.split('/')[2];

    if (viewport.width <= 720) await page.getByRole('button', { name: /^Sections/ }).click();
    const sections = nav(page);
    await sections.getByText(/of 15 sections done/).waitFor();
    // the consent is marked as the sections are: Rory has answered it (the demo data's Yes)
    await sections.getByRole('link', { name: /Consent\W+done/ }).waitFor();
    // every section link says where it stands
    const links = await sections.getByRole('link').allInnerTexts();
    expect(links.length).toBeGreaterThan(1);
    await sections.getByRole('button', { name: /Variable B/ }).click();
    await sections.getByRole('link', { name: /B1 Insolvency \(Alternative A\)\W+(done|started|not started)/ }).waitFor();
    expect(await sections.getByRole('link', { name: /^B1 Variable B/ }).count()).toBe(0);
    await sections.getByRole('button', { name: /Variable E/ }).click();
    await sections.getByText(/scored in the index’s variables C to F/).waitFor();
    await noSeriousFindings(page, 'questionnaire shell');

    // the address of a page opens that page of that questionnaire in a new tab
    const tab = await context.newPage();
    await tab.setViewportSize(viewport);
    await tab.goto(`/questionnaire/${id}/a/2`);
    await tab.getByRole('heading', { name: IRELAND }).waitFor();
    await tab.locator('.section-page h2').waitFor();
    expect(new URL(tab.url()).pathname).toBe(`/questionnaire/${id}/a/2`);
    // the spec's address without an id leads to the respondent's one open questionnaire
    const old = await context.newPage();
    await old.setViewportSize(viewport);
    await old.goto('/questionnaire/participation');
    await old.waitForURL(`**/questionnaire/${id}/participation`);
    await old.getByRole('heading', { name: IRELAND }).waitFor();
    expect(problems).toEqual([]);
  });

  it('an admin revoking a user’s API key from the user modal is asked first, as the owner is on My account', async () => {
    const owner = await accountMadeByAdmin([RoleIds.Standard]);
    // a new account agrees to the terms before anything else
    const agreed = await fetch(`${baseUrl()}/api/user/agree`, {
      headers: { authorization: `Bearer ${await tokenOf(owner.email, owner.password)}` },
    });
    expect(agreed.status).toBe(200);
    const ownerToken = await tokenOf(owner.email, owner.password);
    const created = await fetch(`${baseUrl()}/api/user/apiKeys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: 'Pricing model' }),
    });
    expect(created.status).toBe(200);
    // the key as its owner's list says it stands
    const revokedAt = async () => {
      const res = await fetch(`${baseUrl()}/api/user/apiKeys`, { headers: { authorization: `Bearer ${ownerToken}` } });
      return ((await res.json()) as Array<{ Name: string; RevokedAt: string | null }>).find((k) => k.Name === 'Pricing model')?.RevokedAt;
    };
    expect(await revokedAt()).toBeNull();

    const { page, problems } = await signedIn(ADMIN, viewport);
    await page.goto('/user/manage');
    await page.getByRole('searchbox', { name: 'Filter users' }).fill(owner.email);
    await page.getByRole('button', { name: owner.name }).click();
    const keys = page.getByRole('dialog').getByRole('group', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Revoke Pricing model' }).click();
    const question = page.getByRole('dialog', { name: 'Revoke API key' });
    await question.getByText('Revoke the key “Pricing model”? Programs using it stop working at once.').waitFor();
    await noSeriousFindings(page, 'revoke question over the user modal');
    // Cancel: nothing is revoked, the user modal stays
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: /Edit user|Pat Partner/ }).waitFor();
    expect(await revokedAt()).toBeNull();
    // Revoke key: the key stops at once
    await keys.getByRole('button', { name: 'Revoke Pricing model' }).click();
    await question.getByRole('button', { name: 'Revoke key' }).click();
    await keys
      .getByRole('row', { name: /Pricing model/ })
      .getByText(/^Revoked/)
      .waitFor();
    expect(await revokedAt()).toEqual(expect.any(String));
    if (viewport.width <= 720) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(problems).toEqual([]);
  });

  it('the admin’s questionnaires are one table with progress and approvals; the editor speaks plainly; the home says what needs attention', async () => {
    const { page, problems } = await signedIn(ADMIN, viewport);
    await page.goto('/manage/questionnaires');
    const table = dataTable(page, 'Questionnaires');
    await table
      .getByText(/of 15 sections/)
      .first()
      .waitFor();
    expect(await page.getByRole('heading', { name: 'Open Questionnaires' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Previous Questionnaires' }).count()).toBe(0);
    if (viewport.width > 720) {
      const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.replace(/[↕↑↓▲▼]/g, '').trim());
      expect(headers).toEqual(expect.arrayContaining(['Progress', 'Approvals']));
    } else {
      expect(await table.innerText()).toMatch(/Progress/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    await noSeriousFindings(page, '/manage/questionnaires');

    // the scoring editor: titled for what it edits, plain labels, levels named as on the scorecard
    await page.getByLabel('Entity').selectOption('Ireland');
    await page.getByLabel('Period').selectOption('September 2026');
    await page.getByRole('button', { name: 'Actions for Ireland, September 2026' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Scores and notices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scores and notices: Ireland, September 2026' });
    await dialog.getByLabel('Apply a precedent adjustment').waitFor();
    expect(await dialog.getByLabel('Precedent level').locator('option').allTextContents()).toEqual([
      'Level I (adjustment .3)',
      'Level II (adjustment .5)',
      'Level III (adjustment .7)',
    ]);
    expect(await dialog.getByText(/isPBA|#notices/).count()).toBe(0);
    await noSeriousFindings(page, 'Scores and notices');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/admin');
    const attention = page.getByRole('region', { name: 'Needs attention' });
    await attention.getByText(/questionnaires? awaiting approval/).waitFor();
    await attention.locator('[data-attention="requests"]').getByText(/^\d+$/).waitFor();
    await attention.locator('[data-attention="payments"]').getByText(/^\d+$/).waitFor();
    expect(await attention.getByRole('link', { name: /^Request Queue:/ }).getAttribute('href')).toBe('/user/requests');
    await noSeriousFindings(page, '/admin');
    expect(problems).toEqual([]);
  });
});
