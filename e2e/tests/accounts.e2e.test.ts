import type { Page } from 'playwright-core';

import { baseUrl, sessionsPerTest, signIn } from '../support/browser';

const session = sessionsPerTest('accounts');

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}@example.org`;

/** Opens the dev mailbox for one address and follows the link of the newest mail whose text matches. */
async function followMailLink(page: Page, to: string, linkText: RegExp) {
  await page.goto(`/dev/mail`);
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(to);
  const link = page.getByRole('list', { name: 'E-mails' }).getByRole('link', { name: linkText }).first();
  await link.waitFor({ timeout: 60_000 });
  await link.click();
}

const newUser = { email: unique('nora.new'), first: 'Nora', last: 'Newcomer' };

it('free access: the form, the confirmation e-mail in the dev mailbox, its link to /index', async () => {
  const { page, problems } = await session();
  const email = unique('visitor');
  await page.goto('/login');
  const form = page.getByRole('region', { name: 'Free access' });
  await form.getByLabel('Name').fill('Vic Visitor');
  await form.getByLabel('Company').fill('Visiting Ventures');
  await form.getByLabel('E-mail address').fill(email);
  // Enter does nothing until the terms are ticked
  await form.getByLabel('E-mail address').press('Enter');
  expect(page.url()).toContain('/login');
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Gain free access' }).click();
  await page.waitForURL(`**/confirmEmail/${encodeURIComponent(email)}`);
  await page.getByText('An email has been sent with your confirmation link.').waitFor();

  await followMailLink(page, email, /Confirm e-mail and open the Index/);
  await page.waitForURL('**/index');
  await page.getByText("Thank you for agreeing to the 'Terms and Conditions'.").waitFor();
  await page.getByRole('button', { name: /Free User/ }).click();
  // the menu's entries, once it has opened (reading them at once raced its rendering)
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
  const entries = await page.getByRole('menuitem').allTextContents();
  expect(entries).not.toContain('My Account');
  expect(entries).toContain('Logout');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(problems).toEqual([]);
});

it('an admin adds a user; the welcome e-mail sets the password and leads to the login chooser and in', async () => {
  const admin = await session();
  await signIn(admin.page, 'admin@example.com');
  await admin.page.goto('/user/manage');
  await admin.page.getByRole('heading', { name: 'Users' }).waitFor();
  // an admin's user pages sit in the admin area, beside the other admin destinations
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Request Queue' }).waitFor();
  await admin.page.getByRole('button', { name: 'Add user' }).first().click();
  const dialog = admin.page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('First name').fill(newUser.first);
  await dialog.getByLabel('Last name').fill(newUser.last);
  await dialog.getByLabel('E-mail').fill(newUser.email);
  await dialog.getByLabel('Organization', { exact: true }).fill('Newcomer Leasing');
  await dialog.getByRole('group', { name: 'Roles' }).getByLabel('Standard').check();
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await admin.page.getByText('User added successfully').waitFor();
  await admin.page.getByRole('searchbox', { name: 'Filter users' }).fill(newUser.email);
  await admin.page.getByRole('button', { name: `${newUser.first} ${newUser.last}` }).waitFor();

  const { page, problems } = await session();
  await followMailLink(page, newUser.email, /Set your password/);
  await page.waitForURL('**/user/setPassword/**');
  await page.getByRole('heading', { name: 'Set your password' }).waitFor();
  // prefilled from the account the admin created
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="organization"]')?.value === 'Newcomer Leasing');
  await page.getByLabel('Organisation address').fill('1 Runway Road');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Please make sure the length of your passsword is more than 11 characters.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('nora-first-pass');
  await page.getByLabel('Confirm password').fill('nora-first-pass');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Successfully updated password.').waitFor();
  await page.waitForURL('**/user/flow?email=**');
  await page.getByRole('link', { name: 'Login CTC Compliance Index' }).click();
  await page.waitForURL('**/login?email=**');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(newUser.email);
  await page.getByLabel('Password').fill('nora-first-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  // a new user agrees to the terms first
  await page.waitForURL('**/agree');
  await page.getByLabel(/I have read and agree/).check();
  await page.getByRole('button', { name: 'I Agree' }).click();
  await page.waitForURL('**/index');
  expect(problems).toEqual([]);
});

it('forgot password: the reset e-mail in the dev mailbox, a new password, and sign-in with it', async () => {
  const { page, problems } = await session();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgotPassword');
  await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  await page.getByLabel('E-mail').fill(newUser.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your email for the Reset Password Link.').first().waitFor();

  await followMailLink(page, newUser.email, /^Reset password$/);
  await page.waitForURL('**/resetPassword/**');
  await page.getByRole('heading', { name: 'Reset password' }).waitFor();
  await page.getByLabel('E-mail').fill(newUser.email);
  // a common password is refused by the server, saying why
  await page.getByLabel('New password', { exact: true }).fill('password1234');
  await page.getByLabel('Confirm new password').fill('password1234');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('This password is too common: it appears in lists of breached passwords').first().waitFor();
  await page.getByLabel('New password', { exact: true }).fill('nora-second-pass');
  await page.getByLabel('Confirm new password').fill('nora-other-pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Please check your passwords, they do not match.').waitFor();
  await page.getByLabel('Confirm new password').fill('nora-second-pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Your password was reset successfully').waitFor();
  await page.waitForURL('**/login');
  await signIn(page, newUser.email, 'nora-second-pass');
  await page.waitForURL('**/index');
  // the refused common password is the only failed call
  expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
});

it('a request approved from the queue opens the accounts and e-mails them', async () => {
  const { page, problems } = await session();
  await signIn(page, 'admin@example.com');
  await page.getByRole('button', { name: /Ada Admin/ }).click();
  // admin destinations live in the admin area
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Request Queue' }).click();
  await page.waitForURL('**/user/requests');
  await page.getByRole('searchbox', { name: 'Filter requests' }).fill('new.lessor@example.org');
  await page.getByRole('row', { name: /new\.lessor@example\.org/ }).click();
  const dialog = page.getByRole('dialog', { name: /Access request from Lena Lessor/ });
  await dialog.getByRole('link', { name: 'Manage groups' }).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('You must fill out all fields other than the extra users field.').waitFor();
  await dialog.getByRole('group', { name: 'Roles' }).getByLabel('Standard').check();
  await dialog.getByLabel('Calculator group').selectOption({ label: 'Demo Lessors ACC' });
  await dialog.getByRole('group', { name: 'Groups' }).getByLabel('Filter groups').fill('Ireland');
  await dialog.getByRole('group', { name: 'Groups' }).getByLabel('Ireland').check();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('Request approved. The users have been sent a welcome email.').waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('row', { name: /new\.lessor@example\.org.*Approved/ }).waitFor();

  await page.goto('/user/manage');
  await page.getByRole('searchbox', { name: 'Filter users' }).fill('harbour aircraft');
  await page.getByRole('button', { name: 'Lena Lessor' }).waitFor();
  await page.getByRole('button', { name: 'Andy Analyst' }).waitFor();
  await page.goto('/dev/mail');
  await page.getByRole('searchbox', { name: 'Recipient' }).fill('analyst@example.org');
  await page.getByRole('list', { name: 'E-mails' }).getByRole('link', { name: 'Set your password' }).first().waitFor();
  expect(problems).toEqual([]);
});

it('a group manager sees only their users and files an external representative request', async () => {
  const { page, problems } = await session();
  await signIn(page, 'manager@example.com');
  await page.getByRole('button', { name: /Maeve Manager/ }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.waitForURL('**/user/manage');
  await page.getByRole('button', { name: 'Vera Viewer' }).waitFor();
  expect(await page.getByRole('button', { name: 'Ada Admin' }).count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'User area' }).getByRole('link').allTextContents()).toEqual([
    'User admin',
    'My account',
  ]);
  await page.getByRole('button', { name: 'External legal representative access request' }).click();
  const dialog = page.getByRole('dialog', { name: 'External legal representative access request' });
  await dialog.getByLabel('Name', { exact: true }).fill('Ellen Counsel');
  await dialog.getByLabel('E-mail', { exact: true }).fill('ellen@counsel.example');
  await dialog.getByLabel('Access expires').fill('2031-12-31');
  await dialog.getByLabel('Organization', { exact: true }).fill('Counsel Chambers');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await page.getByText('You must fill out all fields.').waitFor();
  await dialog.getByLabel('Organization address').fill('4 Inns Quay, Dublin');
  await dialog.getByRole('button', { name: 'Submit request' }).click();
  await page.getByText('Your request has been submitted. An administrator will review it.').waitFor();
  expect(problems).toEqual([]);
});

it('serves no source maps to visitors: the scripts name none and no map answers under /assets', async () => {
  const html = await (await fetch(`${baseUrl()}/login`)).text();
  const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    expect(await (await fetch(`${baseUrl()}${src}`)).text()).not.toContain('sourceMappingURL');
    expect((await fetch(`${baseUrl()}${src}.map`)).status).toBe(404);
  }
});
