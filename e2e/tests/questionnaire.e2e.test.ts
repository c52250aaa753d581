import type { Browser, Page } from 'playwright-core';

import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

// The questionnaire journey: two respondents of different law firms of Ireland fill
// sections of the current questionnaire (the second meets the first one's lock),
// consent, both approve, one submits as final; the admin sees it Closed, exports it
// as PDF and opens it again for the journeys after this one (a new approval round).

let browser: Browser;
let rory: Session;
let roisin: Session;
let admin: Session;
const sessions: Session[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  for (const s of [(rory = await openSession(browser)), (roisin = await openSession(browser)), (admin = await openSession(browser))])
    sessions.push(s);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  const state = expect.getState();
  if (state.assertionCalls !== state.numPassingAsserts) {
    for (const [i, s] of sessions.entries()) await s.screenshot(`questionnaire-failure-${i}-${Date.now()}`);
  }
});

const QUESTIONNAIRE = 'Ireland September 2026 Questionnaire';

/** Chooses one action from a questionnaire row's "…" menu. */
async function rowAction(page: Page, row: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${row}` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: action }).click();
}

async function openIrelandQuestionnaire(page: Page) {
  await page.locator('.user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Questionnaires' }).click();
  await page.waitForURL('**/manage/questionnaires');
  await page.getByRole('link', { name: QUESTIONNAIRE }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await page.getByRole('heading', { name: 'Ireland September 2026' }).waitFor();
}

async function openSection(page: Page, group: string, label: RegExp) {
  const nav = page.getByRole('navigation', { name: 'Questionnaire sections' });
  const toggle = nav.getByRole('button', { name: group });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav.getByRole('link', { name: label }).click();
}

const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).first().waitFor();

it('two respondents of different firms fill sections, consent, approve and submit as final', async () => {
  const r1 = rory.page;
  const r2 = roisin.page;
  await signIn(r1, 'respondent@example.com');
  await signIn(r2, 'respondent2@example.com');

  // Rory: terms, then consent
  await openIrelandQuestionnaire(r1);
  await r1.getByRole('heading', { name: 'Terms of participation' }).waitFor();
  await r1.getByRole('button', { name: 'Save and Next' }).click();
  await r1.waitForURL('**/questionnaire/*/consent');
  await r1
    .getByRole('group', { name: /Your answer/ })
    .getByLabel('Yes')
    .check();
  await r1.getByRole('button', { name: 'Submit consent' }).click();
  await toast(r1, 'Thank you. Your consent has been recorded.');

  // Rory fills the Liens section; its conditional questions follow the first answer
  await openSection(r1, 'Variable A', /Liens/);
  await r1.waitForURL('**/questionnaire/*/a/2');
  const liensQ0 = r1.getByRole('group', { name: /Does national law confer non-consensual rights or liens/ });
  const whichLiens = r1.getByRole('group', { name: /Which non-consensual rights or liens exist/ });
  await whichLiens.waitFor();
  await liensQ0.getByLabel('No').check();
  await whichLiens.waitFor({ state: 'detached' });
  await liensQ0.getByLabel('Yes').check();
  await whichLiens.waitFor();
  const cases = r1.getByLabel(/Approximate number of cases in the last five years/);
  await cases.fill('4');
  await r1.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(r1, 'Your answers have been saved.');
  await r1.locator('.badge-changed').first().waitFor();

  // Roisin meets Rory's lock on Liens: banner, lock icon, read-only fields
  await openIrelandQuestionnaire(r2);
  await openSection(r2, 'Variable A', /Liens/);
  await r2.waitForURL('**/questionnaire/*/a/2');
  await r2.getByRole('status').filter({ hasText: 'Rory Respondent is editing this section' }).waitFor();
  expect(await r2.getByLabel(/Approximate number of cases in the last five years/).getAttribute('readonly')).not.toBeNull();
  expect(await r2.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  await r2
    .getByRole('navigation', { name: 'Questionnaire sections' })
    .getByRole('link', { name: /Liens/ })
    .getByRole('img', { name: 'Locked by Rory Respondent' })
    .waitFor();

  // Roisin fills Protectionism D (foreign arbitral awards) and moves on
  await openSection(r2, 'Variable E', /foreign arbitral awards/);
  await r2.waitForURL('**/questionnaire/*/e/3');
  const awardMonths = r2.getByLabel(/Typical time to obtain enforcement of a foreign arbitral award/);
  await awardMonths.fill('6');
  await r2.getByRole('button', { name: 'Save and Next' }).click();
  await toast(r2, 'Your answers have been saved.');
  await r2.waitForURL('**/questionnaire/*/e/4');

  // Rory leaves Liens; both approve the current answers
  await r1.getByRole('button', { name: 'Save and Next' }).click();
  await r1.waitForURL('**/questionnaire/*/a/3');
  const approve1 = r1.getByRole('button', { name: 'Approve' });
  await approve1.click();
  await toast(r1, 'You have approved the current answers.');
  await r1.waitForFunction(() => (document.querySelector('.approval-panel button') as HTMLButtonElement | null)?.disabled === true);
  expect(await r1.getByRole('button', { name: 'Submit As Final' }).count()).toBe(0);

  await r2.reload();
  await r2.locator('.approved-names').filter({ hasText: 'Rory Respondent' }).waitFor();
  await r2.getByRole('button', { name: 'Approve' }).click();
  await toast(r2, 'You have approved the current answers.');
  await r2.locator('.approved-names').filter({ hasText: 'Roisin Respondent' }).waitFor();
  await r2.getByRole('button', { name: 'Submit As Final' }).click();
  await toast(r2, 'Submitted and Closed the Questionnaire.');
  await r2.waitForURL('**/manage/questionnaires');
  expect(await r2.evaluate(() => window.sessionStorage.getItem('cti.currentQuestionnaire'))).toBeNull();
  await roisin.screenshot('questionnaire-submitted');

  expect(rory.problems).toEqual([]);
  expect(roisin.problems).toEqual([]);
});

it('the admin sees the questionnaire Closed, exports it as PDF and opens it again', async () => {
  const page = admin.page;
  await signIn(page, 'admin@example.com');
  await page.goto('/manage/questionnaires');
  await page.getByLabel('Entity').selectOption('Ireland');
  await page.getByLabel('Period').selectOption('September 2026');
  const status = page.getByLabel('Status of Ireland September 2026');
  await status.waitFor();
  expect(await status.inputValue()).toBe('Closed');
  await admin.screenshot('questionnaire-admin-closed');

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    rowAction(page, 'Ireland, September 2026', 'Export PDF'),
  ]);
  expect(download.suggestedFilename()).toBe('Ireland September 2026 Questionnaire.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // the closed questionnaire reads back-and-next only, with its closing date
  await rowAction(page, 'Ireland, September 2026', 'Go to questionnaire');
  await page.waitForURL('**/questionnaire/*/participation');
  await page.getByRole('button', { name: 'Exit' }).waitFor();
  await page
    .getByText(/^Closed/)
    .first()
    .waitFor();
  expect(await page.getByRole('button', { name: 'Save and Next' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Exit' }).click();
  await page.waitForURL('**/manage/questionnaires');

  await page.getByLabel('Entity').selectOption('Ireland');
  await page.getByLabel('Period').selectOption('September 2026');
  await page.getByLabel('Status of Ireland September 2026').selectOption('Open');
  // a status change is confirmed before it saves
  await page.getByRole('dialog', { name: 'Open this questionnaire?' }).getByRole('button', { name: 'Open questionnaire' }).click();
  await toast(page, 'Questionnaire Saved!');
  // reopening starts a new approval round, and says so
  await toast(page, 'Reopened: the approvals given before no longer count');
  await rowAction(page, 'Ireland, September 2026', 'Go to questionnaire');
  await page.waitForURL('**/questionnaire/*/participation');
  const panel = page.locator('.approval-panel');
  await panel.getByText(/^Reopened on \d{1,2}\/\d{2}\/\d{4}: the approvals given before it was reopened no longer count/).waitFor();
  await panel.getByText('No approvals of the current answers yet.').waitFor();
  await page.getByRole('button', { name: 'Exit' }).click();
  await page.waitForURL('**/manage/questionnaires');
  expect(admin.problems).toEqual([]);
});
