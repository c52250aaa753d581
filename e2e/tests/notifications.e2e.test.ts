import type { Page } from 'playwright-core';

import { formatPoints } from '@cti/scoring-rules';

import { baseUrl, sessionsPerTest, signIn } from '../support/browser';

const openSession = sessionsPerTest('notifications');

interface Row {
  GroupId: string;
  Group: string;
  Scored: boolean;
  Period: string | null;
}

/** Demo scores arrive through the consumers after start: wait until every demo country is scored in the last period. */
async function demoIreland(): Promise<Row> {
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@example.com', Password: 'demo-password' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const list = (await (
      await fetch(`${baseUrl()}/api/group/index/list`, { headers: { authorization: `Bearer ${Token}` } })
    ).json()) as Row[];
    const scored = Array.isArray(list) ? list.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && new Set(scored.map((r) => r.Period)).size === 1) return scored.find((r) => r.Group === 'Ireland')!;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('demo scores did not arrive');
}

/** As an admin: sets Ireland's variable A (implementation in national law) in the questionnaire editor and answers the value it had. */
async function setIrelandA(page: Page, value: (old: string) => string): Promise<string> {
  await page.goto('/manage/questionnaires');
  await page.getByRole('combobox', { name: 'Entity', exact: true }).selectOption('Ireland');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Open');
  // the editor is one action of the row's "…" menu
  await page
    .getByRole('button', { name: /^Actions for Ireland, / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Scores and notices' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('A · Implementation in national law').waitFor();
  const old = await dialog.getByLabel('A · Implementation in national law').inputValue();
  await dialog.getByLabel('A · Implementation in national law').fill(value(old));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Questionnaire Saved!').first().waitFor();
  return old;
}

it('a Standard user follows Ireland; an admin changes its variable A; the alert arrives by e-mail and in the app, leads to the scorecard, and its e-mail link unsubscribes', async () => {
  const ireland = await demoIreland();
  const reader = await openSession();
  await signIn(reader.page, 'standard@example.com');
  const page = reader.page;

  // Follow from the index row
  await page.goto('/index');
  await page.getByLabel('Search countries').fill('Ireland');
  const star = page.getByRole('button', { name: 'Follow Ireland' });
  // The star appears once the user's follows have loaded, after the row itself: wait for it, not the row.
  await star.or(page.getByText('No country matches this search.')).first().waitFor();
  if (!(await star.isVisible())) await page.getByRole('tab', { name: /no qualifying declarations/ }).click();
  await star.click();
  await page.getByText('You now follow Ireland.').first().waitFor();
  await page.getByRole('button', { name: 'Following Ireland' }).waitFor();
  // the scorecard and My account say so too
  await page.goto(`/index/${ireland.GroupId}`);
  await page.getByRole('button', { name: 'Following', pressed: true }).waitFor();
  await page.goto('/user/account');
  await page.getByRole('list', { name: 'Countries you follow' }).getByRole('link', { name: 'Ireland' }).waitFor();

  // an admin changes Ireland's variable A
  const admin = await openSession();
  await signIn(admin.page, 'admin@example.com');
  const oldA = await setIrelandA(admin.page, (old) => (old === '5' ? '4' : '5'));
  const newA = oldA === '5' ? '4' : '5';

  // the alert in the dev mailbox: one line saying what changed and why
  await page.goto('/dev/mail');
  await page.getByLabel('Recipient').fill('standard@example.com');
  const mail = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Ireland: score / }) });
  await mail.first().waitFor({ timeout: 90_000 });
  const subject = (await mail.first().getByRole('heading').textContent())!;
  // what moved and the points it moved (A weighs 5), as the explained history words it
  expect(subject).toContain(`A ${oldA}→${newA}, ${formatPoints(5 * (Number(newA) - Number(oldA)))}`);
  const stopLink = (await mail.first().getByRole('link', { name: 'Stop alerts about Ireland' }).getAttribute('href'))!;
  expect(await mail.first().getByRole('link', { name: 'Open Ireland scorecard' }).getAttribute('href')).toMatch(
    new RegExp(`/index/${ireland.GroupId}$`),
  );

  // and in the app, with the unread count in the header
  await page.goto('/index');
  await page.getByRole('link', { name: 'Alerts, 1 unread' }).click();
  await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();
  const alert = page.getByRole('list', { name: 'Alerts' }).getByRole('link', { name: subject });
  await alert.waitFor();
  // the link goes to the scorecard
  await alert.click();
  await page.waitForURL(new RegExp(`/index/${ireland.GroupId}$`));
  await page.getByRole('heading', { name: 'Ireland', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Alerts', exact: true }).waitFor();

  // the e-mail's link unsubscribes without signing in
  const anonymous = await openSession();
  await anonymous.page.goto(new URL(stopLink).pathname);
  await anonymous.page.getByText('You will no longer get alerts about Ireland.').waitFor();
  await anonymous.page.getByRole('button', { name: 'Undo' }).waitFor();
  await page.goto('/user/account');
  await page.getByText('You do not follow any country yet.').waitFor();

  // put the demo value back for the other journeys
  await setIrelandA(admin.page, () => oldA);
  for (const s of [reader, admin, anonymous]) expect(s.problems.filter((p) => !p.includes('401'))).toEqual([]);
});

it('follows a country from the map tooltip', async () => {
  const { page } = await openSession();
  await signIn(page, 'member@example.com');
  await page.goto('/map');
  await page.locator('.world-map[data-map-state="loaded"]').waitFor({ timeout: 60_000 });
  // keyboard: the map is one tab stop; the focused country's tooltip offers to follow it, Tab reaches the control
  await page.locator('.world-map g[tabindex="0"]').focus();
  const tooltip = page.getByTestId('map-tooltip');
  const follow = tooltip.getByRole('button', { name: 'Follow' });
  await follow.waitFor();
  const country = (await tooltip.locator('.map-tooltip-name').textContent())!;
  await page.keyboard.press('Tab');
  expect(await follow.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page.getByText(`You now follow ${country}.`).first().waitFor();
  await page.goto('/user/account');
  await page.getByRole('list', { name: 'Countries you follow' }).getByRole('link', { name: country }).waitFor();
  await page.getByRole('button', { name: `Stop following ${country}` }).click();
  await page.getByText('You do not follow any country yet.').waitFor();
});
