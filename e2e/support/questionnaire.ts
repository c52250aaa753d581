import type { Page } from 'playwright-core';

import { baseUrl, signIn, type Session } from './browser';

/** Pages of the questionnaire journeys: Ireland's current questionnaire of the demo data, as its respondents and an admin open it. */

export const IRELAND = 'Ireland September 2026';
export const RORY = 'respondent@example.com';
export const ROISIN = 'respondent2@example.com';
export const ADMIN = 'admin@example.com';

/** Signed-in sessions from a test file's `sessionsPerTest`: each call opens a fresh one at the given size and signs in. */
export function signedInSessions(openSession: () => Promise<Session>) {
  return async (email: string, viewport?: { width: number; height: number }): Promise<Session> => {
    const s = await openSession();
    if (viewport) await s.page.setViewportSize(viewport);
    await signIn(s.page, email);
    return s;
  };
}

/** A respondent opens Ireland by the country view's link, at its first page. */
export async function openIrelandAsRespondent(page: Page) {
  await page.goto('/manage/questionnaires');
  await page.getByRole('link', { name: `${IRELAND} Questionnaire` }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await page.getByRole('heading', { name: IRELAND }).waitFor();
}

/** The admin list, showing a country's current questionnaire (September 2026). */
export async function showInAdminList(page: Page, country: string) {
  await page.goto('/manage/questionnaires');
  await page.getByLabel('Entity').selectOption(country);
  await page.getByLabel('Period').selectOption('September 2026');
  await page.getByLabel(`Status of ${country} September 2026`).waitFor();
}

/** An admin opens a country's current questionnaire from the admin list. */
export async function openAsAdmin(page: Page, country: string) {
  await showInAdminList(page, country);
  await page.getByRole('button', { name: `Actions for ${country}, September 2026` }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Go to questionnaire' }).click();
  await page.waitForURL('**/questionnaire/*/participation');
  await page.getByRole('heading', { name: `${country} September 2026` }).waitFor();
}

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Questionnaire sections' });

/** Opens a section from the left navigation (on a phone, unfolding the section list first). */
export async function openSection(page: Page, group: string, label: RegExp, path: string) {
  // the shell folds its panels at 720 px and narrower
  if ((page.viewportSize()?.width ?? 1440) <= 720) {
    const fold = page.getByRole('button', { name: /^Sections/ });
    if ((await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
  }
  const toggle = nav(page).getByRole('button', { name: group });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav(page).getByRole('link', { name: label }).click();
  await page.waitForURL(`**/questionnaire/*/${path}`);
  await page.locator('.section-page h2').waitFor();
}

export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text }).first().waitFor();
/** The shell's exit buttons ("Exit", or "Save and exit" beside "Exit without Saving"). */
export const exitButtons = (page: Page) => page.locator('.questionnaire-exit button');

/** Leaves the questionnaire, discarding anything typed and unsaved (the journeys after it start clean). */
export async function exitQuestionnaire(page: Page) {
  // whichever the shell shows once it has settled (a restored draft turns "Exit" into the pair)
  await page
    .getByRole('button', { name: 'Exit without Saving' })
    .or(page.getByRole('button', { name: 'Exit', exact: true }))
    .click();
  const discard = page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard and leave' });
  // the dialog comes only when something is unsaved, and may come a moment after the click
  const left = page.waitForURL('**/manage/questionnaires');
  await Promise.race([
    left,
    discard.waitFor().then(
      () => discard.click(),
      () => undefined,
    ),
  ]);
  await left;
}

export async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: 'demo-password' }),
  });
  return ((await res.json()) as { Token: string }).Token;
}

export async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as T;
}

export async function irelandId(token: string): Promise<string> {
  const rows = await api<Array<{ QuestionnaireId: string; Country: string; Period: string }>>(token, '/api/questionnaire/open');
  return rows.find((r) => r.Country === 'Ireland' && r.Period === 'September 2026')!.QuestionnaireId;
}
