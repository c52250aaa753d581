import type { Page } from 'playwright-core';

import { sessionsPerTest, signIn } from '../support/browser';
import {
  ADMIN,
  api,
  apiToken,
  exitButtons,
  exitQuestionnaire,
  irelandId,
  openIrelandAsRespondent,
  openSection,
  RORY,
  ROISIN,
  signedInSessions,
  toast,
} from '../support/questionnaire';

// The big ways of losing typed text of issue 37, walked in the browser: every character
// typed is stored, or kept in the browser's draft and offered back when the section opens
// again, or discarded by the person after being told what. (The IDERA clearing, admin
// notes, Submit As Final and the consent are pinned down by the edit session's and the
// section page's jsdom tests and the service's tests.) Each journey leaves Ireland's
// current questionnaire open and unlocked for the journeys after it.

const openSession = sessionsPerTest('questionnaire-drafts');
const session = signedInSessions(openSession);

const DAYS = /Typical number of days to obtain possession/;
const SAVED = 'Your answers have been saved.';
/** A value no earlier run of the journey typed. */
const fresh = () => String(100 + Math.floor(Math.random() * 250));
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const editable = (page: Page, label: RegExp) => page.getByLabel(label).isEditable();

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function openRepossession(page: Page) {
  await openIrelandAsRespondent(page);
  await openSection(page, 'Variable E', /Repossession outside insolvency/, 'e/6');
  await page.getByLabel(DAYS).waitFor();
}

/** The answers stored for a section now, as an admin reads them. */
async function storedAnswers(sectionId: number): Promise<Record<string, unknown>> {
  const token = await apiToken(ADMIN);
  const questionnaireId = await irelandId(token);
  const info = await api<{ GroupId: string }>(token, `/api/questionnaire/info/${questionnaireId}`);
  const section = await api<{ Questions: Array<{ Id: string; Model: unknown }> }>(token, '/api/questionnaire/questions', {
    SectionId: sectionId,
    GroupId: info.GroupId,
    QuestionnaireId: questionnaireId,
    ignoreLock: true,
  });
  return Object.fromEntries(section.Questions.map((q) => [q.Id, q.Model]));
}

/** Journey 4: Back and Forward go through the leave guard; the draft kept is offered back; "Save and exit" saves. */
async function backAndForward(viewport: { width: number; height: number }) {
  const { page, problems } = await session(RORY, viewport);
  await openRepossession(page);
  expect(await exitButtons(page).allTextContents()).toEqual(['Exit']);
  const typed = fresh();
  await page.getByLabel(DAYS).fill(typed);
  expect(await exitButtons(page).allTextContents()).toEqual(['Save and exit', 'Exit without Saving']);

  await page.goBack({ waitUntil: 'commit' });
  const unsaved = dialog(page, 'Unsaved changes');
  await unsaved.waitFor();
  expect(await unsaved.textContent()).toContain('1. Typical number of days');
  expect(page.url()).toMatch(/\/questionnaire\/[^/]+\/e\/6$/);
  await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
  await page.waitForURL('**/questionnaire/*/participation');

  await page.goForward({ waitUntil: 'commit' });
  await page.waitForURL('**/questionnaire/*/e/6');
  const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved answers from' });
  await offer.waitFor();
  expect(await offer.textContent()).toContain(`Yours: ${typed}`);
  await offer.getByRole('button', { name: 'Restore' }).click();
  expect(await page.getByLabel(DAYS).inputValue()).toBe(typed);

  await page.getByRole('button', { name: 'Save and exit' }).click();
  await toast(page, SAVED);
  await page.waitForURL('**/manage/questionnaires');
  expect((await storedAnswers(22))['22.0']).toBe(Number(typed));
  expect(problems).toEqual([]);
}

describe('on a desktop (1440 px)', () => {
  const viewport = DESKTOP;

  it('1-2. one respondent in two tabs: the second reads only until it takes over; the first keeps its text, and its Exit releases only its own lock', async () => {
    const rory = await session(RORY, viewport);
    const tab1 = rory.page;
    await openRepossession(tab1);
    const typed = fresh();
    await tab1.getByLabel(DAYS).fill(typed);

    const tab2 = await rory.context.newPage();
    await tab2.setViewportSize(viewport);
    await openRepossession(tab2);
    await status(tab2, 'You are editing this section in another tab').waitFor();
    expect(await editable(tab2, DAYS)).toBe(false);

    // the lock moves here, and what the first tab typed comes along through the draft
    await tab2.getByRole('button', { name: 'Take over here' }).click();
    await tab2.waitForFunction((value) => {
      const input = [...document.querySelectorAll('input[type="number"]')][0] as HTMLInputElement | undefined;
      return input?.value === value && !input.readOnly;
    }, typed);
    // the first tab reads only now, with its text still there
    await status(tab1, 'You took this section over in another tab').waitFor();
    expect(await tab1.getByLabel(DAYS).inputValue()).toBe(typed);
    expect(await editable(tab1, DAYS)).toBe(false);

    await tab2.getByRole('button', { name: /^Save$/ }).click();
    await toast(tab2, SAVED);
    expect((await storedAnswers(22))['22.0']).toBe(Number(typed));

    // Exit in the first tab releases only its locks: the second still holds the section
    await exitQuestionnaire(tab1);
    const token = await apiToken(ROISIN);
    const locks = await api<Record<string, string>>(token, `/api/questionnaire/navlocks/${await irelandId(token)}`);
    expect(locks['/questionnaire/e/6']).toBe('Rory Respondent');
    await exitQuestionnaire(tab2);
    expect(rory.problems).toEqual([]);
  }, 240_000);

  it("3. keeps what is typed during a save's round trip, with its focus: Enter in a text box, and rich text", async () => {
    const { page, problems } = await session(ROISIN, viewport);
    let release: () => void = () => undefined;
    await page.route('**/api/questionnaire/save/**', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await openIrelandAsRespondent(page);
    await openSection(page, 'Variable E', /choice of foreign law/, 'e/0');
    const law = page.getByLabel(/Which governing law is most commonly chosen/);
    const overrides = page.getByLabel(/Describe any mandatory local-law rules/);
    await law.fill(`Irish law ${fresh()}`);
    const sent = page.waitForRequest('**/api/questionnaire/save/**');
    await law.press('Enter');
    await sent;
    // typed on while the save is under way
    const more = `Public policy of the forum, ${fresh()}.`;
    await overrides.fill(more);
    release();
    await toast(page, SAVED);
    expect(await overrides.inputValue()).toBe(more);
    expect(await overrides.evaluate((el) => el === document.activeElement)).toBe(true);
    // what was typed on is still unsaved, and saves
    const savingMore = page.waitForRequest('**/api/questionnaire/save/**');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await savingMore;
    release();
    await page.waitForFunction(() => [...document.querySelectorAll('.questionnaire-exit button')].every((b) => b.textContent === 'Exit'));

    await openSection(page, 'Variable A', /Comments/, 'a/4');
    const editor = page.getByRole('textbox', {
      name: 'General comments on the implementation of the Convention and the Aircraft Protocol in the State.',
    });
    await editor.click();
    await page.keyboard.press('End');
    const first = ` First ${fresh()}.`;
    await page.keyboard.type(first);
    const saving = page.waitForRequest('**/api/questionnaire/save/**');
    await page.getByRole('button', { name: /^Save$/ }).click();
    await saving;
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Second.');
    release();
    await toast(page, SAVED);
    expect(await editor.textContent()).toContain(`${first.trim()} Second.`);
    await page.keyboard.type(' Third.');
    expect(await editor.textContent()).toContain('Second. Third.');
    await page.unroute('**/api/questionnaire/save/**');
    await exitQuestionnaire(page);
    expect(problems).toEqual([]);
  }, 240_000);

  it('4. Back and Forward (the back gesture) go through the guard; the draft kept is offered back; "Save and exit" saves', () =>
    backAndForward(DESKTOP));

  it('5. the session ends in another tab (logout): the typed text is offered back after signing in again', async () => {
    const rory = await session(RORY, viewport);
    await openRepossession(rory.page);
    const typed = `Court order in ${fresh()} days.`;
    const steps = rory.page.getByLabel(/Describe the steps and the obstacles/);
    await steps.fill(typed);

    const other = await rory.context.newPage();
    await other.setViewportSize(viewport);
    await other.goto('/manage/questionnaires');
    await other.locator('.user-menu-button').click();
    await other.getByRole('menuitem', { name: 'Logout' }).click();
    await other.waitForURL('**/login');
    // the questionnaire tab follows the shared session out
    await rory.page.waitForURL('**/login');

    await signIn(rory.page, RORY);
    await openRepossession(rory.page);
    const offer = rory.page.getByRole('alert').filter({ hasText: 'You have unsaved answers from' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Restore' }).click();
    expect(await steps.inputValue()).toBe(typed);
    // the text restored is unsaved again: leaving offers to save it
    await rory.page.getByRole('button', { name: 'Exit without Saving' }).waitFor();
    await exitQuestionnaire(rory.page);
    expect(rory.problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
  });
});

// CI time: the phone walks the back gesture only; the other journeys run the same code at both widths
describe('on a phone (390 px)', () => {
  it('4. Back and Forward (the back gesture) go through the guard; the draft kept is offered back; "Save and exit" saves', () =>
    backAndForward(PHONE));
});
