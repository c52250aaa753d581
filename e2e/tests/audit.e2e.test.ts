import type { Page } from 'playwright-core';

import { sessionsPerTest, signIn } from '../support/browser';

const EMPTY = 'There were 0 results for this search. Please change your filters and try again.';

const openSession = sessionsPerTest('audit');

async function session(email: string) {
  const s = await openSession();
  await signIn(s.page, email);
  return s;
}

/** The body rows of the first table on the page. */
const bodyRows = (page: Page) => page.locator('table tbody tr');

async function addFilter(page: Page, key: string, value: string) {
  await page.getByLabel('Filter by').selectOption({ label: key });
  await page.getByLabel('Filter value').fill(value);
  await page.getByRole('button', { name: 'Add filter' }).click();
}

it('an admin filters the audit log by Action, opens a Response row and sees the diff of the two answers', async () => {
  const { page, problems, screenshot } = await session('admin@example.com');
  await page.goto('/admin/auditlog');
  await page.getByRole('heading', { name: 'Audit log' }).waitFor();

  // the last 30 days by default
  const start = await page.getByLabel('Start date').inputValue();
  const end = await page.getByLabel('End date').inputValue();
  expect(Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000)).toBe(30);

  // a filter needs a key and a value
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByText('Enter a valid filter first').waitFor();

  // suggestions come from api/filter/Action while typing
  await page.getByLabel('Filter by').selectOption({ label: 'Action' });
  await page.getByLabel('Filter value').fill('Resp');
  await page.locator('datalist option[value="Response"]').waitFor({ state: 'attached' });
  await page.getByLabel('Filter value').fill('Response');
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('list', { name: 'Filters in use' }).getByText('Response').waitFor();

  await page.getByRole('button', { name: 'Get report' }).click();
  await bodyRows(page).first().filter({ hasText: 'Changed the answer to' }).waitFor();
  const actions = await bodyRows(page).locator('td:first-child').allTextContents();
  expect(actions.length).toBeGreaterThan(0);
  expect(actions.length).toBeLessThanOrEqual(20);
  expect(new Set(actions)).toEqual(new Set(['Response']));
  // When reads MM/DD/YYYY h:mm:ss a in UTC plus the relative time
  expect(await bodyRows(page).first().locator('td').nth(4).textContent()).toMatch(
    /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} (am|pm) \(.+\)$/,
  );

  // a Response row opens Change Details with the word diff of the answers
  await bodyRows(page).first().click();
  const dialog = page.getByRole('dialog', { name: 'Change Details' });
  await dialog.waitFor();
  const diff = dialog.getByTestId('answer-diff');
  await diff.waitFor();
  expect(await diff.locator('ins, del').count()).toBeGreaterThan(0);
  await screenshot('audit-change-details');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // a filter matching nothing gives the 0-results message
  await addFilter(page, 'User', 'Nobody Of That Name');
  await page.getByRole('button', { name: 'Get report' }).click();
  await page.getByRole('cell', { name: EMPTY }).waitFor();

  // tamper evidence: the chain of the whole log checks out
  await page.getByRole('button', { name: 'Verify audit chain' }).click();
  await page
    .getByTestId('chain-check-result')
    .getByText(/^The audit log is intact: all [\d,]+ rows verified\.$/)
    .waitFor();
  expect(await page.getByTestId('chain-check-result').textContent()).toContain('by Ada Admin');
  expect(problems).toEqual([]);
});

it("a respondent opens a question's change history from the recent changes of the country dashboard", async () => {
  const { page, problems, screenshot } = await session('respondent@example.com');
  await page.goto('/dashboard/country');
  const section = page.locator('section.recent-changes');
  await section.getByRole('heading', { name: '10 Most Recent Changes' }).waitFor();
  const rows = section.locator('table tbody tr');
  await rows.first().getByRole('button').waitFor();
  expect(await rows.count()).toBeLessThanOrEqual(10);
  // Stamp as M/DD/YYYY
  expect(await rows.first().locator('td').nth(3).textContent()).toMatch(/^\d{1,2}\/\d{2}\/\d{4}$/);

  const question = (await rows.first().getByRole('button').textContent())!.trim();
  await rows.first().getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Change history' });
  await dialog.waitFor();
  await dialog.getByText(question).first().waitFor();
  const entries = dialog.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await entries.first().waitFor();
  expect(await entries.first().textContent()).toMatch(/Respondent/);
  await entries.first().getByTestId('answer-diff').waitFor();
  await screenshot('audit-change-history');
  expect(problems).toEqual([]);
});
