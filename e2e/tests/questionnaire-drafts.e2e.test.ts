import type { Page } from 'playwright-core';

import { sessionsPerTest, signIn } from '../support/browser';
import {
  ADMIN,
  api,
  apiToken,
  exitButtons,
  exitQuestionnaire,
  irelandId,
  openAsAdmin,
  openIrelandAsRespondent,
  openSection,
  RORY,
  ROISIN,
  showInAdminList,
  signedInSessions,
  toast,
} from '../support/questionnaire';

// The nine ways of losing typed text of issue 37, walked in the browser at 1440 and 390 px:
// every character typed is stored, or kept in the browser's draft and offered back when the
// section opens again, or discarded by the person after being told what. Each journey leaves
// Ireland's current questionnaire open, unlocked, with its demo answers and consent and
// without approvals for the journeys after it.

const openSession = sessionsPerTest('questionnaire-drafts');
const session = signedInSessions(openSession);

const DAYS = /Typical number of days to obtain possession/;
const SAVED = 'Your answers have been saved.';
/** A value no earlier run of the journey typed. */
const fresh = () => String(100 + Math.floor(Math.random() * 250));
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const editable = (page: Page, label: RegExp) => page.getByLabel(label).isEditable();

interface Viewport {
  width: number;
  height: number;
}
const DESKTOP: Viewport = { width: 1440, height: 900 };
const PHONE: Viewport = { width: 390, height: 844 };

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
async function backAndForward(viewport: Viewport) {
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

/** Journeys 1-2: a second tab of the same respondent reads only until it takes over; the first keeps its text; its Exit releases only its own lock. */
async function twoTabs(viewport: Viewport) {
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
}

/** Journey 3: what is typed during a save's round trip is kept, with its focus: Enter in a text box, and rich text. */
async function typedDuringSave(viewport: Viewport) {
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
  await page.keyboard.press('Control+End');
  const first = ` First ${fresh()}.`;
  await page.keyboard.type(first);
  const saving = page.waitForRequest('**/api/questionnaire/save/**');
  await page.getByRole('button', { name: /^Save$/ }).click();
  await saving;
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Second.');
  release();
  await toast(page, SAVED);
  expect(await editor.textContent()).toContain(`${first.trim()} Second.`);
  await page.keyboard.type(' Third.');
  expect(await editor.textContent()).toContain('Second. Third.');
  await page.unroute('**/api/questionnaire/save/**');
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
}

/** Journey 5: the session ends in another tab (logout); the typed text is offered back after signing in again. */
async function sessionEndsElsewhere(viewport: Viewport) {
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
}

const SUMMARY = /Summary of National Implementation/;
const IDERA_DECLARATION = /Article XIII \(irrevocable de-registration and export request authorisation, IDERA\)/;
const STEPS = /Describe the steps and the obstacles/;

/** Journey 6: unticking the IDERA declaration names what it clears in other sections first, and is refused while another firm holds one of them. */
async function ideraDeclarationWithdrawn(viewport: Viewport) {
  const roisin = await session(ROISIN, viewport);
  const rory = await session(RORY, viewport);
  // Roisin edits Variable B, whose q6 (asked only where the State declared IDERA) is answered
  await openIrelandAsRespondent(roisin.page);
  await openSection(roisin.page, 'Variable B', /Insolvency/, 'b/0');
  await roisin.page.getByRole('button', { name: 'Save and Next' }).waitFor();
  const before = { summary: await storedAnswers(8), variableB: await storedAnswers(14) };
  expect(before.summary['8.3']).toContain(6);
  expect(before.variableB['14.6']).not.toBeNull();

  // while she is there, Rory withdraws the declaration in the Summary
  await openIrelandAsRespondent(rory.page);
  await openSection(rory.page, 'Variable A', SUMMARY, 'a/0');
  const declaration = rory.page.getByLabel(IDERA_DECLARATION);
  await declaration.uncheck();
  await rory.page.getByRole('button', { name: /^Save$/ }).click();
  // first the answer of this section the change hides
  const clears = dialog(rory.page, 'Saving clears answers');
  await clears.filter({ hasText: 'which your changes hide' }).waitFor();
  expect(await clears.textContent()).toContain('Name the authority designated to record IDERAs');
  await clears.getByRole('button', { name: 'Save and clear these answers' }).click();
  // then the server refuses: Roisin holds a section it would clear; nothing is stored, the change stays on the page
  await toast(
    rory.page,
    'This change would clear answers in Insolvency (Alternative A), which Roisin Respondent is editing now. Nothing was saved.',
  );
  expect(await declaration.isChecked()).toBe(false);
  expect(await exitButtons(rory.page).allTextContents()).toEqual(['Save and exit', 'Exit without Saving']);
  expect(await storedAnswers(8)).toEqual(before.summary);
  expect(await storedAnswers(14)).toEqual(before.variableB);

  // once she has left, saving again names the answers it would clear in the other sections, and asks
  await exitQuestionnaire(roisin.page);
  await rory.page.getByRole('button', { name: /^Save$/ }).click();
  await clears.filter({ hasText: 'which your changes hide' }).waitFor();
  await clears.getByRole('button', { name: 'Save and clear these answers' }).click();
  const elsewhere = clears.filter({ hasText: 'in other sections' });
  await elsewhere.waitFor();
  expect(await elsewhere.textContent()).toContain(
    'Insolvency (Alternative A): In insolvency proceedings, do the registry and export authorities act on an IDERA at the request of its holder?',
  );
  // cancelling saves nothing
  await elsewhere.getByRole('button', { name: 'Cancel' }).click();
  await clears.waitFor({ state: 'detached' });
  expect(await storedAnswers(8)).toEqual(before.summary);
  expect(await storedAnswers(14)).toEqual(before.variableB);
  await declaration.check();
  await exitQuestionnaire(rory.page);
  // the refused save (409) is the one failed request
  expect(rory.problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
  expect(roisin.problems).toEqual([]);
}

/** Journey 7: an admin's notes on a section someone else holds ask before Back and Next, are kept as a draft and offered back, and save. */
async function adminNotesOnAHeldSection(viewport: Viewport) {
  const rory = await session(RORY, viewport);
  const admin = await session(ADMIN, viewport);
  await openIrelandAsRespondent(rory.page);
  await openSection(rory.page, 'Variable A', /Detention Rights/, 'a/3');
  await rory.page.getByRole('button', { name: 'Save and Next' }).waitFor();
  await openAsAdmin(admin.page, 'Ireland');
  await openSection(admin.page, 'Variable A', /Detention Rights/, 'a/3');
  await status(admin.page, 'Rory Respondent is editing this section').waitFor();

  const note = `Ask about the ${fresh()} detention cases.`;
  const editor = admin.page.getByRole('textbox', { name: 'Admin Notes' });
  await editor.click();
  await admin.page.keyboard.type(note);
  // Back asks, naming the note; it is kept as a draft on leaving
  await admin.page.getByRole('button', { name: 'Back', exact: true }).click();
  const unsaved = dialog(admin.page, 'Unsaved changes');
  await unsaved.waitFor();
  expect(await unsaved.locator('.unsaved-list').textContent()).toBe('Admin Notes');
  await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
  await admin.page.waitForURL('**/questionnaire/*/a/2');

  // coming back, the note is offered; restored, Next asks too, and saves it while Rory still holds the section
  await openSection(admin.page, 'Variable A', /Detention Rights/, 'a/3');
  const offer = admin.page.getByRole('alert').filter({ hasText: 'You have unsaved admin notes from' });
  await offer.waitFor();
  expect(await offer.textContent()).toContain(note);
  await offer.getByRole('button', { name: 'Restore' }).click();
  await editor.filter({ hasText: note }).waitFor();
  await status(admin.page, 'Rory Respondent is editing this section').waitFor();
  await admin.page.getByRole('button', { name: 'Next', exact: true }).click();
  await unsaved.waitFor();
  await unsaved.getByRole('button', { name: 'Save and leave' }).click();
  await toast(admin.page, 'Admin note saved.');
  await admin.page.waitForURL('**/questionnaire/*/a/4');
  const token = await apiToken(ADMIN);
  const stored = await api<{ Comment: string }>(token, '/api/questionnaire/adminComment', {
    questionnaireId: await irelandId(token),
    sectionId: 11,
  });
  expect(stored.Comment).toContain(note);
  await exitQuestionnaire(admin.page);
  await exitQuestionnaire(rory.page);
  expect(rory.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
}

/** Unfolds the approval panel on a phone, then approves the current answers. */
async function approve(page: Page) {
  if ((page.viewportSize()?.width ?? 1440) <= 720) {
    const fold = page.getByRole('button', { name: /^Approval\b/ });
    if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
  }
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await toast(page, 'You have approved the current answers.');
}

/** An admin opens Ireland's questionnaire again from the admin list (a new approval round). */
async function reopenIreland(page: Page) {
  await showInAdminList(page, 'Ireland');
  await page.getByLabel('Status of Ireland September 2026').selectOption('Open');
  await page.getByRole('dialog', { name: 'Open this questionnaire?' }).getByRole('button', { name: 'Open questionnaire' }).click();
  await toast(page, 'Questionnaire Saved!');
}

/** Journey 8: the other firm's Submit As Final turns the open page read-only, keeps the typed text on it and in the draft, and says so. */
async function closedWhileTyping(viewport: Viewport) {
  const roisin = await session(ROISIN, viewport);
  const rory = await session(RORY, viewport);
  const token = await apiToken(ADMIN);
  const questionnaireId = await irelandId(token);
  try {
    await openIrelandAsRespondent(roisin.page);
    await approve(roisin.page);
    await openRepossession(roisin.page);
    const steps = roisin.page.getByLabel(STEPS);
    const typed = `Court order within ${fresh()} days.`;
    await steps.fill(typed);

    // Rory approves too, and submits the questionnaire as final while Roisin's text is unsaved
    await openIrelandAsRespondent(rory.page);
    await approve(rory.page);
    await rory.page.getByRole('button', { name: 'Submit As Final' }).click();
    await toast(rory.page, 'Submitted and Closed the Questionnaire.');

    // her page reads only, says what happened and what to do, and keeps her text
    const notice = status(roisin.page, 'This questionnaire was closed (submitted as final) while you were typing');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your unsaved answer stays on this page and in this browser');
    await notice.getByRole('link', { name: 'Reopen request' }).waitFor();
    await notice.getByRole('button', { name: 'Copy my answers' }).waitFor();
    expect(await steps.inputValue()).toBe(typed);
    expect(await steps.isEditable()).toBe(false);
    // leaving asks, naming what is unsaved
    await exitButtons(roisin.page).first().click();
    const unsaved = dialog(roisin.page, 'Unsaved changes');
    await unsaved.waitFor();
    expect(await unsaved.locator('.unsaved-list').textContent()).toMatch(STEPS);
    await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
    await roisin.page.waitForURL('**/manage/questionnaires');

    // reopened, the section offers her text back, and it saves
    const admin = await session(ADMIN, DESKTOP);
    await reopenIreland(admin.page);
    await openRepossession(roisin.page);
    const offer = roisin.page.getByRole('alert').filter({ hasText: 'You have unsaved answers from' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain(`Yours: ${typed}`);
    await offer.getByRole('button', { name: 'Restore' }).click();
    expect(await steps.inputValue()).toBe(typed);
    await roisin.page.getByRole('button', { name: /^Save$/ }).click();
    await toast(roisin.page, SAVED);
    expect(Object.values(await storedAnswers(22))).toContain(typed);
    await exitQuestionnaire(roisin.page);
    expect(roisin.problems).toEqual([]);
    expect(rory.problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  } finally {
    // the journeys after this one need the questionnaire open, also when this one failed half-way
    const info = await api<{ Status: string }>(token, `/api/questionnaire/info/${questionnaireId}`);
    if (info.Status !== 'Open') await api(token, '/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' });
  }
}

/** Journey 9: a consent picked and not submitted asks on Next, is kept as a draft and offered back, and is discarded only when told. */
async function consentKeptAsDraft(viewport: Viewport) {
  const { page, problems } = await session(RORY, viewport);
  const choice = (answer: string) => page.getByRole('radio', { name: answer, exact: true });
  const openConsent = async () => {
    await page.getByRole('heading', { name: 'Consent', exact: true }).waitFor();
    await choice('Yes').waitFor();
  };
  await openIrelandAsRespondent(page);
  await page.getByRole('button', { name: 'Save and Next' }).click();
  await page.waitForURL('**/questionnaire/*/consent');
  await openConsent();
  const given = (await choice('Yes').isChecked()) ? 'Yes' : 'No';
  const other = given === 'Yes' ? 'No' : 'Yes';
  await choice(other).check();
  await page.getByText('Not submitted yet').waitFor();

  // Next asks, naming the consent; it is kept as a draft on leaving
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const unsaved = dialog(page, 'Unsaved changes');
  await unsaved.waitFor();
  expect(await unsaved.locator('.unsaved-list').textContent()).toBe('Consent (picked, not submitted)');
  await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
  await page.waitForURL('**/questionnaire/*/a/0');

  // back on the consent page, the choice is offered beside the one recorded, which has not changed
  await page.getByRole('button', { name: 'Save and Back' }).click();
  await page.waitForURL('**/questionnaire/*/consent');
  await openConsent();
  const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved consent choice from' });
  await offer.waitFor();
  expect(await offer.textContent()).toContain(`Yours: ${other}`);
  expect(await offer.textContent()).toContain(`Stored now: ${given}`);
  await offer.getByRole('button', { name: 'Restore' }).click();
  await offer.waitFor({ state: 'detached' });
  expect(await choice(other).isChecked()).toBe(true);
  const token = await apiToken(ADMIN);
  const consents = await api<Array<{ Answer: string; Email: string }>>(token, `/api/consent/${await irelandId(token)}`);
  expect(consents.find((c) => c.Email === RORY)?.Answer).toBe(given);

  // discarded when told: Back asks, and the recorded answer shows again
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await unsaved.waitFor();
  await unsaved.getByRole('button', { name: 'Discard and leave' }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await page.getByRole('button', { name: 'Save and Next' }).click();
  await page.waitForURL('**/questionnaire/*/consent');
  await openConsent();
  expect(await choice(given).isChecked()).toBe(true);
  expect(await page.getByRole('alert').filter({ hasText: 'You have unsaved consent choice' }).count()).toBe(0);
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
}

/** Each way of losing typed text of the issue, by its number there, and the journey walking it at a width. */
const JOURNEYS: Array<[string, (viewport: Viewport) => Promise<void>]> = [
  [
    '1-2. one respondent in two tabs: the second reads only until it takes over; the first keeps its text, and its Exit releases only its own lock',
    twoTabs,
  ],
  ["3. keeps what is typed during a save's round trip, with its focus: Enter in a text box, and rich text", typedDuringSave],
  ['4. Back and Forward (the back gesture) go through the guard; the draft kept is offered back; "Save and exit" saves', backAndForward],
  ['5. the session ends in another tab (logout): the typed text is offered back after signing in again', sessionEndsElsewhere],
  [
    '6. unticking the IDERA declaration names the answers it clears elsewhere and asks; refused while another firm holds that section',
    ideraDeclarationWithdrawn,
  ],
  [
    '7. admin notes on a section someone else holds: Back and Next ask, the note is kept as a draft, offered back and saved',
    adminNotesOnAHeldSection,
  ],
  ["8. the other firm's Submit As Final: the page reads only, keeps the typed text and its draft, and says so", closedWhileTyping],
  ['9. a consent picked and not submitted is kept as a draft on Next and offered back', consentKeptAsDraft],
];

describe.each([
  ['a desktop (1440 px)', DESKTOP],
  ['a phone (390 px)', PHONE],
])('on %s', (_, viewport) => {
  it.each(JOURNEYS)('%s', (_name, walk) => walk(viewport), 240_000);
});
