import type { Locator, Page } from 'playwright-core';

import { describeFindings, seriousViolations } from '../support/accessibility';
import { sessionsPerTest, signIn, type Session } from '../support/browser';
import {
  api,
  apiToken,
  exitButtons,
  exitQuestionnaire,
  IRELAND,
  irelandId,
  nav,
  openAsAdmin,
  openIrelandAsRespondent,
  openSection,
  RORY,
  ROISIN,
  signedInSessions,
  toast,
} from '../support/questionnaire';

// Questionnaire work is never lost and never lands on the wrong country: typed answers
// survive, leaving with unsaved changes asks first, each tab keeps its own questionnaire,
// admin notes save while a respondent holds the section, locks of pages left early are
// released, approvals and locks reach the other firm's page as they happen, and a
// respondent's day starts at their questionnaires. Every journey leaves Ireland's current
// questionnaire open, unlocked and without approvals for the journeys after it.

const openSession = sessionsPerTest('questionnaire-work-kept');
const session = signedInSessions(openSession);

/** Who holds the lock of the section at `path`, asked until nobody does or `ms` have passed. */
async function lockHolderOnceReleased(token: string, questionnaireId: string, path: string, ms: number): Promise<string | undefined> {
  const holder = async () => (await api<Record<string, string>>(token, `/api/questionnaire/navlocks/${questionnaireId}`))[path];
  const deadline = Date.now() + ms;
  let held = await holder();
  while (held !== undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    held = await holder();
  }
  return held;
}

/** Once the section page has settled: null when it is editable (its save buttons show), else the notice saying why it reads only. */
async function readOnlyNotice(page: Page): Promise<string | null> {
  const notice = page.locator('.lock-banner, .read-only-notice');
  await page.getByRole('button', { name: 'Save and Next' }).or(notice).first().waitFor();
  return (await notice.count()) ? notice.first().textContent() : null;
}

/** Rory edits Detention Rights (a/3); the admin opens it read-only, under a banner naming Rory. */
async function adminWatchesRoryEditing(rory: Session, admin: Session) {
  await openIrelandAsRespondent(rory.page);
  await openSection(rory.page, 'Variable A', /Detention Rights/, 'a/3');
  await rory.page.getByRole('button', { name: 'Save and Next' }).waitFor();
  await openAsAdmin(admin.page, 'Ireland');
  await openSection(admin.page, 'Variable A', /Detention Rights/, 'a/3');
  const banner = admin.page.getByRole('status').filter({ hasText: 'Rory Respondent is editing this section' });
  await banner.waitFor();
  return banner;
}

/** Once Rory has left, the admin's page drops the banner and offers the section for editing without a reload; both then leave. */
async function adminTakesOverWithoutReload(rory: Session, admin: Session, banner: Locator) {
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
  await admin.page.getByRole('button', { name: 'Save and Next' }).waitFor({ timeout: 15_000 });
  await exitQuestionnaire(admin.page);
  await exitQuestionnaire(rory.page);
  expect(rory.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
}

it('keeps typed autocomplete text and asks before unsaved changes are lost (navigation, Exit, closing the tab)', async () => {
  const { page, problems } = await session(ROISIN);
  await openIrelandAsRespondent(page);
  await openSection(page, 'Variable E', /choice of foreign law/, 'e/0');

  // free text where the question allows it: kept, saved, and still there after a reload
  const law = page.getByLabel(/Which governing law is most commonly chosen/);
  await law.fill('Singapore law');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(page, 'Your answers have been saved.');
  await page.reload();
  await page.getByRole('heading', { name: IRELAND }).waitFor();
  await page.getByLabel(/Which governing law is most commonly chosen/).waitFor();
  expect(await page.getByLabel(/Which governing law is most commonly chosen/).inputValue()).toBe('Singapore law');
  expect(await exitButtons(page).allTextContents()).toEqual(['Exit']);

  // unsaved changes: the left navigation asks, and staying keeps them
  const overrides = page.getByLabel(/Describe any mandatory local-law rules/);
  const typed = `Public policy of the forum (${Date.now()}).`;
  await overrides.fill(typed);
  expect(await exitButtons(page).allTextContents()).toEqual(['Save and exit', 'Exit without Saving']);
  await nav(page)
    .getByRole('link', { name: /foreign jurisdiction/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await dialog.waitFor();
  expect(page.url()).toMatch(/\/questionnaire\/[^/]+\/e\/0$/);
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await overrides.inputValue()).toBe(typed);

  // closing the tab asks too (beforeunload); dismissing it keeps the page
  const unload = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await unload).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  expect(await overrides.inputValue()).toBe(typed);

  // "Save and leave" saves, then goes where the link pointed
  await nav(page)
    .getByRole('link', { name: /foreign jurisdiction/ })
    .click();
  await dialog.getByRole('button', { name: 'Save and leave' }).click();
  await toast(page, 'Your answers have been saved.');
  await page.waitForURL('**/questionnaire/*/e/1');
  expect(await exitButtons(page).allTextContents()).toEqual(['Exit']);

  // "Discard and leave" drops the change; the saved text is there when coming back
  await page.getByLabel(/Cite decisions on foreign jurisdiction clauses/).fill('Not to be kept.');
  await page.getByRole('button', { name: 'Exit without Saving' }).click();
  await dialog.getByRole('button', { name: 'Discard and leave' }).click();
  await page.waitForURL('**/manage/questionnaires');
  await openIrelandAsRespondent(page);
  await openSection(page, 'Variable E', /choice of foreign law/, 'e/0');
  expect(await page.getByLabel(/Describe any mandatory local-law rules/).inputValue()).toBe(typed);
  await openSection(page, 'Variable E', /foreign jurisdiction/, 'e/1');
  expect(await page.getByLabel(/Cite decisions on foreign jurisdiction clauses/).inputValue()).not.toBe('Not to be kept.');
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
});

/**
 * Records, in the page, the value each text area labelled `label` holds as it enters the
 * document: what a reader (or a test reading at once) sees first.
 */
async function recordTextAreasAsAdded(page: Page, label: string) {
  await page.addInitScript((wanted) => {
    const seen: string[] = [];
    (window as unknown as { textAreasAdded: string[] }).textAreasAdded = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const area of node.matches('textarea') ? [node as HTMLTextAreaElement] : node.querySelectorAll('textarea')) {
            if (document.querySelector(`label[for="${area.id}"]`)?.textContent?.includes(wanted)) seen.push(area.value);
          }
        }
    }).observe(document, { childList: true, subtree: true });
  }, label);
  return {
    /** The values recorded since the last call. */
    take: () => page.evaluate(() => (window as unknown as { textAreasAdded: string[] }).textAreasAdded.splice(0)),
  };
}

it('shows a section with its saved answers from the first frame, never with empty fields first', async () => {
  const { page, problems } = await session(ROISIN);
  const added = await recordTextAreasAsAdded(page, 'Describe any mandatory local-law rules');
  const overrides = page.getByLabel(/Describe any mandatory local-law rules/);
  await openIrelandAsRespondent(page);
  await openSection(page, 'Variable E', /choice of foreign law/, 'e/0');
  await overrides.waitFor();
  const saved = await overrides.inputValue();
  expect(saved).not.toBe('');
  // the text area holds its answer as it appears (it used to appear empty, then again filled)
  expect([...new Set(await added.take())]).toEqual([saved]);

  // coming back from another section of the same questionnaire: the same
  await openSection(page, 'Variable E', /foreign jurisdiction/, 'e/1');
  await openSection(page, 'Variable E', /choice of foreign law/, 'e/0');
  await overrides.waitFor();
  expect([...new Set(await added.take())]).toEqual([saved]);
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
});

/**
 * Records, at the moment each radio button enters the document, its value and whether it is
 * checked: what the page's first frame shows, before any effect could change it.
 */
async function recordRadiosAsAdded(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { radiosAdded: string[] }).radiosAdded = seen;
    const record = (node: Node) => {
      if (!(node instanceof Element)) return;
      const radios = node.matches('input[type="radio"]') ? [node] : [...node.querySelectorAll('input[type="radio"]')];
      for (const radio of radios as HTMLInputElement[]) seen.push(`${radio.value}:${radio.checked ? 'checked' : 'unchecked'}`);
    };
    const { appendChild, insertBefore } = Node.prototype;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      const added = appendChild.call(this, node) as T;
      if (this.isConnected) record(node);
      return added;
    };
    Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
      const added = insertBefore.call(this, node, child) as T;
      if (this.isConnected) record(node);
      return added;
    };
  });
  return {
    /** The radios recorded since the last call. */
    take: () => page.evaluate(() => (window as unknown as { radiosAdded: string[] }).radiosAdded.splice(0)),
  };
}

async function openConsent(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/questionnaire/*/consent');
  await page.getByRole('heading', { name: 'Consent', exact: true }).waitFor();
}

it("shows a respondent's saved consent from the first frame, records a changed answer, and shows it in the admins' table", async () => {
  const rory = await session(RORY);
  const radios = await recordRadiosAsAdded(rory.page);
  const choice = (answer: 'Yes' | 'No') => rory.page.getByRole('radio', { name: answer, exact: true });
  await openIrelandAsRespondent(rory.page);
  await openConsent(rory.page);
  // the demo data's consent: Yes, shown as the radios appear (they used to appear unchecked)
  await choice('Yes').waitFor();
  expect(await choice('Yes').isChecked()).toBe(true);
  expect(await radios.take()).toEqual(['Yes:checked', 'No:unchecked']);
  // back and forth (the saved answer now comes from the page's cache): the same
  await rory.page.getByRole('button', { name: 'Back' }).click();
  await rory.page.waitForURL('**/questionnaire/*/participation');
  await openConsent(rory.page);
  await choice('Yes').waitFor();
  expect(await radios.take()).toEqual(['Yes:checked', 'No:unchecked']);

  await choice('No').check();
  await rory.page.getByRole('button', { name: 'Submit consent' }).click();
  await toast(rory.page, 'Thank you. Your consent has been recorded.');
  expect(await choice('No').isChecked()).toBe(true);
  await rory.page.reload();
  await choice('No').waitFor();
  expect(await radios.take()).toEqual(['Yes:unchecked', 'No:checked']);

  const admin = await session('admin@example.com');
  await openAsAdmin(admin.page, 'Ireland');
  await openConsent(admin.page);
  const roryRow = admin.page.getByRole('row').filter({ hasText: RORY });
  await roryRow.waitFor();
  expect(await roryRow.getByRole('cell').first().textContent()).toBe('No');

  // the demo data's consent again, for the journeys after this one
  await choice('Yes').check();
  await rory.page.getByRole('button', { name: 'Submit consent' }).click();
  await toast(rory.page, 'Thank you. Your consent has been recorded.');
  await admin.page.reload();
  await roryRow.waitFor();
  expect(await roryRow.getByRole('cell').first().textContent()).toBe('Yes');
  await exitQuestionnaire(rory.page);
  expect(rory.problems).toEqual([]);
  expect(admin.problems).toEqual([]);
});

it('keeps the questionnaire of each tab: another country in a second tab neither replaces it nor throws it out', async () => {
  const first = await session('admin@example.com');
  const tab1 = first.page;
  const tab2 = await first.context.newPage();
  await openAsAdmin(tab1, 'Ireland');
  await openAsAdmin(tab2, 'Norway');

  // tab 1 is still Ireland, also after a reload
  await tab1.reload();
  await tab1.getByRole('heading', { name: IRELAND }).waitFor();
  await openSection(tab1, 'Variable A', /Comments/, 'a/4');
  expect(await tab1.locator('.questionnaire-title h1').textContent()).toBe(IRELAND);

  // exiting in tab 2 leaves tab 1 where it is
  await exitQuestionnaire(tab2);
  await openSection(tab1, 'Variable B', /Insolvency/, 'b/0');
  expect(await tab1.locator('.questionnaire-title h1').textContent()).toBe(IRELAND);
  expect(tab1.url()).toMatch(/\/questionnaire\/[^/]+\/b\/0$/);
  await exitQuestionnaire(tab1);
  expect(first.problems).toEqual([]);
});

it("lets an admin save notes while a respondent holds the section, and pushes the lock's release to the admin's page", async () => {
  const rory = await session(RORY);
  const admin = await session('admin@example.com');
  const banner = await adminWatchesRoryEditing(rory, admin);
  const note = `Check the detention cases of ${new Date().toISOString()}.`;
  const editor = admin.page.getByRole('textbox', { name: 'Admin Notes' });
  await editor.click();
  await admin.page.keyboard.type(note);
  await admin.page.getByRole('button', { name: 'Save admin notes' }).click();
  await toast(admin.page, 'Admin note saved.');
  await admin.page.reload();
  await admin.page.getByRole('textbox', { name: 'Admin Notes' }).filter({ hasText: note }).waitFor();

  // Rory leaves the section: the admin's page follows without a reload (pushed, not the 30 s renewal)
  await openSection(rory.page, 'Variable A', /Liens/, 'a/2');
  await adminTakesOverWithoutReload(rory, admin, banner);
});

it("shows one firm's approval on the other firm's open page without a reload, and its withdrawal too", async () => {
  const rory = await session(RORY);
  const roisin = await session(ROISIN);
  await openIrelandAsRespondent(rory.page);
  await openIrelandAsRespondent(roisin.page);
  const roisinNames = roisin.page.locator('.approval-panel');
  await roisinNames.getByText('No approvals of the current answers yet.').waitFor();

  await rory.page.getByRole('button', { name: 'Approve' }).click();
  await toast(rory.page, 'You have approved the current answers.');
  await roisin.page.locator('.approved-names').filter({ hasText: 'Rory Respondent' }).waitFor({ timeout: 15_000 });

  // an answer change withdraws the approval, on Rory's page as well
  await openSection(roisin.page, 'Variable E', /foreign jurisdiction/, 'e/1');
  const q0 = roisin.page.getByRole('group', { name: /exclusive jurisdiction of foreign courts/ });
  await q0.getByLabel('Yes').waitFor();
  await ((await q0.getByLabel('Yes').isChecked()) ? q0.getByLabel('No') : q0.getByLabel('Yes')).check();
  await roisin.page.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(roisin.page, 'Your answers have been saved.');
  await rory.page.locator('.approval-panel').getByText('No approvals of the current answers yet.').waitFor({ timeout: 15_000 });
  await rory.page.waitForFunction(() => (document.querySelector('.approval-panel button') as HTMLButtonElement | null)?.disabled === false);
  await exitQuestionnaire(roisin.page);
  await exitQuestionnaire(rory.page);
  expect(rory.problems).toEqual([]);
  expect(roisin.problems).toEqual([]);
});

it("shows a release made before the page's change stream connected (on a busy machine the stream comes late)", async () => {
  const rory = await session(RORY);
  const admin = await session('admin@example.com');
  const token = await apiToken(RORY);
  const questionnaireId = await irelandId(token);
  // the admin page's change stream gets through only after Rory has left the section
  let connect: () => void = () => undefined;
  const mayConnect = new Promise<void>((resolve) => (connect = resolve));
  await admin.page.route('**/api/questionnaire/live/**', async (route) => {
    await mayConnect;
    await route.continue().catch(() => undefined);
  });
  const banner = await adminWatchesRoryEditing(rory, admin);

  await openSection(rory.page, 'Variable A', /Liens/, 'a/2');
  expect(await lockHolderOnceReleased(token, questionnaireId, '/questionnaire/a/3', 30_000)).toBeUndefined();
  // the release was published while the stream was not connected: the page looks again once it is
  connect();
  await adminTakesOverWithoutReload(rory, admin, banner);
});

it('releases the lock of a section left before it loaded', async () => {
  const { page, problems } = await session(ROISIN);
  const token = await apiToken(RORY);
  const questionnaireId = await irelandId(token);
  await openIrelandAsRespondent(page);

  // the IDERA section's load reaches the service (which grants the lock) but answers late
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let granted: () => void = () => undefined;
  const lockGranted = new Promise<void>((resolve) => (granted = resolve));
  await page.route('**/api/questionnaire/questions', async (route) => {
    if ((route.request().postDataJSON() as { SectionId: number }).SectionId !== 9) return route.continue();
    const response = await route.fetch();
    granted();
    await released;
    // the page may have dropped the request meanwhile; the service has answered it either way
    await route.fulfill({ response }).catch(() => undefined);
  });
  const toggle = nav(page).getByRole('button', { name: 'Variable A' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav(page)
    .getByRole('link', { name: /IDERA extension/ })
    .click();
  await lockGranted;
  expect(await api<Record<string, string>>(token, `/api/questionnaire/navlocks/${questionnaireId}`)).toMatchObject({
    '/questionnaire/a/1': 'Roisin Respondent',
  });
  // Roisin moves on before the page got its answer
  await nav(page)
    .getByRole('link', { name: /Comments/ })
    .click();
  await page.waitForURL('**/questionnaire/*/a/4');
  release();

  // released at once, not after the lock lapses (90 s)
  expect(await lockHolderOnceReleased(token, questionnaireId, '/questionnaire/a/1', 20_000)).toBeUndefined();
  await page.unroute('**/api/questionnaire/questions');
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
});

it("starts a respondent's day at their questionnaires: progress, approvals, who edits what, and back to the last section", async () => {
  const roisin = await session(ROISIN);
  await openIrelandAsRespondent(roisin.page);
  await openSection(roisin.page, 'Variable B', /Insolvency/, 'b/0');
  // she holds the section (a lock an earlier journey left would show here, naming its holder)
  expect(await readOnlyNotice(roisin.page)).toBeNull();

  const { page, problems, screenshot } = await openSession();
  await signIn(page, RORY);
  // signing in lands on the questionnaire dashboard, and the header leads back to it
  await page.waitForURL('**/dashboard/country');
  const header = page.getByRole('navigation', { name: 'Your work' });
  expect(await header.getByRole('link', { name: 'Questionnaire' }).getAttribute('href')).toBe('/dashboard/country');
  const card = page.locator('.progress-card').filter({ has: page.getByRole('heading', { name: IRELAND }) });
  await card.waitFor();
  expect(await card.textContent()).toMatch(/\d+ of 15 sections answered/);
  await card
    .locator('p')
    .filter({ hasText: /Being edited now:.*Insolvency \(Alternative A\) by Roisin Respondent/ })
    .waitFor();
  expect(await card.locator('p').filter({ hasText: 'Approvals:' }).textContent()).toContain('two law firms must approve');
  expect(describeFindings('respondent dashboard', await seriousViolations(page))).toEqual([]);

  // Rory works in Detention Rights, leaves, and comes back to it from the dashboard
  await card.getByRole('button', { name: `Open ${IRELAND} at the start` }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await openSection(page, 'Variable A', /Detention Rights/, 'a/3');
  await exitQuestionnaire(page);
  await page.getByRole('link', { name: 'Questionnaire', exact: true }).click();
  await page.waitForURL('**/dashboard/country');
  await card.getByRole('button', { name: `Continue ${IRELAND} at Detention Rights` }).click();
  await page.waitForURL('**/questionnaire/*/a/3');
  await screenshot('questionnaire-respondent-resumed');
  await exitQuestionnaire(page);

  // entering by the spec's link (at Participation) offers the way back too
  await page.goto('/manage/questionnaires');
  await page.getByRole('link', { name: `${IRELAND} Questionnaire` }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await page
    .getByRole('note')
    .filter({ hasText: 'You last worked on Detention Rights.' })
    .getByRole('link', { name: 'Continue there' })
    .click();
  await page.waitForURL('**/questionnaire/*/a/3');
  await exitQuestionnaire(page);
  await exitQuestionnaire(roisin.page);
  expect(problems).toEqual([]);
  expect(roisin.problems).toEqual([]);
});

it('folds the section list and the approval panel above the questions on a phone, with the save buttons in reach', async () => {
  const { page, problems, screenshot } = await session(ROISIN, { width: 390, height: 844 });
  await openIrelandAsRespondent(page);
  const sections = page.getByRole('button', { name: /^Sections/ });
  const approval = page.getByRole('button', { name: /^Approval\b/ });
  await sections.waitFor();
  expect(await sections.getAttribute('aria-expanded')).toBe('false');
  expect(await approval.getAttribute('aria-expanded')).toBe('false');
  expect(await nav(page).isVisible()).toBe(false);

  await sections.click();
  await openSection(page, 'Variable A', /Summary of National Implementation/, 'a/0');
  const title = page.locator('.section-page h2');
  // the folds sit above the questions; the list folded again after choosing a section
  const foldBox = (await page.locator('.questionnaire-aside').boundingBox())!;
  expect(foldBox.y + foldBox.height).toBeLessThanOrEqual((await title.boundingBox())!.y);
  expect(await page.getByRole('button', { name: /^Sections/ }).getAttribute('aria-expanded')).toBe('false');

  // a long section: its save buttons stay on screen while the questions scroll under them
  await page.evaluate(() => window.scrollTo(0, 0));
  const save = page.getByRole('button', { name: 'Save and Next' });
  await save.waitFor();
  const box = (await save.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(844 * 2);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  const middle = (await save.boundingBox())!;
  expect(middle.y + middle.height).toBeLessThanOrEqual(844);
  expect(middle.y).toBeGreaterThan(0);
  // while the folds scrolled away with the top of the page instead of covering the questions
  const aside = (await page.locator('.questionnaire-aside').boundingBox())!;
  expect(aside.y + aside.height).toBeLessThan(0);
  await screenshot('questionnaire-phone');
  expect(describeFindings('questionnaire on a phone', await seriousViolations(page))).toEqual([]);
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
});

it('lists answer options in one order: Yes before No', async () => {
  const { page, problems } = await session(ROISIN);
  await openIrelandAsRespondent(page);
  await openSection(page, 'Variable A', /Detention Rights/, 'a/3');
  const pending = page.getByRole('group', { name: /Is legislation pending that would limit detention rights/ });
  // the question shows once its conditions are worked out, which may come after the section's title
  await pending.locator('.choice span').nth(1).waitFor();
  expect(await pending.locator('.choice span').allTextContents()).toEqual(['Yes', 'No']);
  await exitQuestionnaire(page);
  expect(problems).toEqual([]);
});
