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
  signedInSessions,
  toast,
} from '../support/questionnaire';

// Issue 37's nine ways of losing typed text, each walked at 1440 px and at 390 px: every
// character typed is stored, or kept in the browser's draft and offered back when the
// section opens again, or discarded by the person after being told what. Each journey
// leaves Ireland's current questionnaire open and unlocked for the journeys after it.

const openSession = sessionsPerTest('questionnaire-drafts');
const session = signedInSessions(openSession);

const DAYS = /Typical number of days to obtain possession/;
const SAVED = 'Your answers have been saved.';
/** A value no earlier run of the journey typed. */
const fresh = () => String(100 + Math.floor(Math.random() * 250));
const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const editable = (page: Page, label: RegExp) => page.getByLabel(label).isEditable();

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

describe.each([
  { screen: 'desktop', width: 1440, height: 900 },
  { screen: 'phone', width: 390, height: 844 },
])('on a $screen ($width px)', (viewport) => {
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
  });

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
  });

  it('4. Back and Forward (the back gesture) go through the guard; the draft kept is offered back; "Save and exit" saves', async () => {
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
    expect(page.url()).toMatch(/\/questionnaire\/e\/6$/);
    await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
    await page.waitForURL('**/questionnaire/participation');

    await page.goForward({ waitUntil: 'commit' });
    await page.waitForURL('**/questionnaire/e/6');
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
  });

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
    await exitQuestionnaire(rory.page);
    expect(rory.problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
  });

  it('6. unticking the IDERA declaration names the answers it clears elsewhere, and is refused while another firm holds that section', async () => {
    const rory = await session(RORY, viewport);
    await openIrelandAsRespondent(rory.page);
    await openSection(rory.page, 'Variable A', /Summary of National Implementation/, 'a/0');
    await rory.page.getByLabel(/Article XIII \(irrevocable de-registration/).uncheck();
    await rory.page.getByRole('button', { name: /^Save$/ }).click();
    // first what this page hides, then what the service clears in Variable B
    const clears = dialog(rory.page, 'Saving clears answers');
    await clears.waitFor();
    expect(await clears.textContent()).toContain('Name the authority designated to record IDERAs');
    await clears.getByRole('button', { name: 'Save and clear these answers' }).click();
    await clears.filter({ hasText: 'in other sections' }).waitFor();
    expect(await clears.textContent()).toContain('Variable B');
    await clears.getByRole('button', { name: 'Cancel' }).click();
    expect((await storedAnswers(8))['8.3']).toContain(6);

    const roisin = await session(ROISIN, viewport);
    await openIrelandAsRespondent(roisin.page);
    await openSection(roisin.page, 'Variable B', /Variable B/, 'b/0');
    await roisin.page.getByRole('button', { name: 'Save and Next' }).waitFor();
    await rory.page.getByRole('button', { name: /^Save$/ }).click();
    await dialog(rory.page, 'Saving clears answers').getByRole('button', { name: 'Save and clear these answers' }).click();
    await toast(rory.page, 'which Roisin Respondent is editing now. Nothing was saved.');
    expect((await storedAnswers(8))['8.3']).toContain(6);
    await exitQuestionnaire(rory.page);
    await exitQuestionnaire(roisin.page);
    expect(rory.problems).toEqual([]);
  });

  it('7. admin notes typed on a section someone else holds: leaving asks, and the notes are offered back', async () => {
    const rory = await session(RORY, viewport);
    await openIrelandAsRespondent(rory.page);
    await openSection(rory.page, 'Variable A', /Detention Rights/, 'a/3');
    await rory.page.getByRole('button', { name: 'Save and Next' }).waitFor();

    const admin = await session(ADMIN, viewport);
    await openAsAdmin(admin.page, 'Ireland');
    await openSection(admin.page, 'Variable A', /Detention Rights/, 'a/3');
    await status(admin.page, 'Rory Respondent is editing this section').waitFor();
    const note = `Ask about the detention cases, ${fresh()}.`;
    await admin.page.getByRole('textbox', { name: 'Admin Notes' }).click();
    await admin.page.keyboard.type(note);
    await admin.page.getByRole('button', { name: 'Next', exact: true }).click();
    const unsaved = dialog(admin.page, 'Unsaved changes');
    await unsaved.waitFor();
    expect(await unsaved.textContent()).toContain('Admin Notes');
    await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
    await admin.page.waitForURL('**/questionnaire/a/4');

    await openSection(admin.page, 'Variable A', /Detention Rights/, 'a/3');
    const offer = admin.page.getByRole('alert').filter({ hasText: 'You have unsaved admin notes from' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Restore' }).click();
    await admin.page.getByRole('textbox', { name: 'Admin Notes' }).filter({ hasText: note }).waitFor();
    await admin.page.getByRole('button', { name: 'Save admin notes' }).click();
    await toast(admin.page, 'Admin note saved.');
    await exitQuestionnaire(admin.page);
    await exitQuestionnaire(rory.page);
    expect(admin.problems).toEqual([]);
  });

  it('8. the other firm submits as final: the page turns read-only, keeps the typed text, and says what to do', async () => {
    const rory = await session(RORY, viewport);
    await openRepossession(rory.page);
    const typed = fresh();
    await rory.page.getByLabel(DAYS).fill(typed);

    const token = await apiToken(ROISIN);
    const questionnaireId = await irelandId(token);
    for (const email of [RORY, ROISIN]) {
      const login = await fetch(`${new URL(rory.page.url()).origin}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: email, Password: 'demo-password' }),
      });
      const user = (await login.json()) as { Id: string; Token: string };
      await api(user.Token, '/api/finalize', { questionnaireId, userId: user.Id });
    }
    await api(token, `/api/finalize/close/${questionnaireId}`, {});

    const notice = rory.page.locator('.read-only-notice').filter({ hasText: 'This questionnaire was closed (submitted as final)' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await rory.page.getByLabel(DAYS).inputValue()).toBe(typed);
    expect(await editable(rory.page, DAYS)).toBe(false);
    for (const action of ['Copy my answers', 'Save as draft']) await notice.getByRole('button', { name: action }).waitFor();
    expect(await notice.getByRole('link', { name: 'Reopen request' }).getAttribute('href')).toMatch(/^\/contact\/general\?message=/);
    await notice.getByRole('button', { name: 'Save as draft' }).click();
    await toast(rory.page, 'Kept in this browser');

    // leaving still asks: the typed text is unsaved
    await rory.page.getByRole('button', { name: 'Exit', exact: true }).click();
    await dialog(rory.page, 'Unsaved changes').getByRole('button', { name: 'Keep as draft and leave' }).click();
    await rory.page.waitForURL('**/manage/questionnaires');

    // opened again, for the journeys after this one: the draft is offered, and discarded
    await api(await apiToken(ADMIN), '/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' });
    await openRepossession(rory.page);
    const offer = rory.page.getByRole('alert').filter({ hasText: 'You have unsaved answers from' });
    await offer.waitFor();
    expect(await offer.textContent()).toContain(`Yours: ${typed}`);
    await offer.getByRole('button', { name: 'Discard' }).click();
    await exitQuestionnaire(rory.page);
    expect(rory.problems).toEqual([]);
  });

  it('9. a consent picked and not submitted is kept on Next, and offered back', async () => {
    const { page, problems } = await session(RORY, viewport);
    await openIrelandAsRespondent(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/questionnaire/consent');
    const choice = (answer: 'Yes' | 'No') => page.getByRole('radio', { name: answer, exact: true });
    await choice('Yes').waitFor();
    const saved = (await choice('Yes').isChecked()) ? 'Yes' : 'No';
    const other = saved === 'Yes' ? 'No' : 'Yes';
    await choice(other).check();
    await page.getByText('Not submitted yet').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    const unsaved = dialog(page, 'Unsaved changes');
    await unsaved.waitFor();
    expect(await unsaved.textContent()).toContain('Consent (picked, not submitted)');
    await unsaved.getByRole('button', { name: 'Keep as draft and leave' }).click();
    await page.waitForURL('**/questionnaire/a/0');

    await openSection(page, 'Intro Questions', /Consent/, 'consent');
    const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved consent choice from' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Restore' }).click();
    expect(await choice(other).isChecked()).toBe(true);
    // the consent as it was, for the journeys after this one
    await choice(saved).check();
    await page.getByRole('button', { name: 'Submit consent' }).click();
    await toast(page, 'Thank you. Your consent has been recorded.');
    await exitQuestionnaire(page);
    expect(problems).toEqual([]);
  });
});
