import type { Locator, Page } from 'playwright-core';

import { baseUrl } from './browser';

/** Polls until `check` holds (the machine may be loaded: a generous ceiling, never a fixed sleep). */
export async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A DataTable by its caption: a table on wide screens, a list of cards where the table would
 * overflow (a phone).
 */
export const dataTable = (page: Page | Locator, caption: string): Locator =>
  page.getByRole('table', { name: caption }).or(page.getByRole('list', { name: caption }));

/** A demo account's access token, signed in through the API. */
export async function tokenOf(email: string, password = 'demo-password'): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: password }),
  });
  return ((await res.json()) as { Token: string }).Token;
}

/** A GET of the API with a token, from the test (not the page). */
export async function apiGet<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return (await res.json()) as T;
}

/** Follows the newest link of the dev mailbox for one address whose text matches. */
export async function followMailLink(page: Page, to: string, linkText: RegExp) {
  await page.goto('/dev/mail');
  await page.getByRole('searchbox', { name: 'Recipient' }).fill(to);
  const link = page.getByRole('list', { name: 'E-mails' }).getByRole('link', { name: linkText }).first();
  await link.waitFor({ timeout: 60_000 });
  await link.click();
}

/** Fills and sends the free-access form of /login. */
export async function askFreeAccess(page: Page, who: { name: string; company: string; email: string }) {
  await page.goto('/login#free-access');
  const form = page.getByRole('region', { name: 'Free access' });
  await form.getByLabel('Name').fill(who.name);
  await form.getByLabel('Company').fill(who.company);
  await form.getByLabel('E-mail address').fill(who.email);
  await form.getByLabel(/I agree to the/).check();
  await form.getByRole('button', { name: 'Gain free access' }).click();
}

/** Pays on the local payment provider's page the checkout sent the buyer to, and waits for the thank-you page. */
export async function payLocally(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await page.waitForURL('**/payment/local/**');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL('**/thankyou', { timeout: 60_000 });
}

/**
 * A new account made by the demo admin through the users API, its password set through the
 * welcome e-mail's link (as its owner would): `roles` as role ids, an address in `domain`.
 */
export async function accountMadeByAdmin(
  roles: number[],
  domain = 'example.org',
): Promise<{ email: string; password: string; name: string }> {
  const call = async <T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${baseUrl()}/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const email = `made-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@${domain}`;
  const person = { FirstName: 'Pat', LastName: 'Partner' };
  await call('api/user/register', {
    method: 'POST',
    token: await tokenOf('admin@example.com'),
    body: { ...person, Email: email, Roles: roles, Groups: [] },
  });
  const welcome = await until(async () => {
    const mails = await call<Array<{ Links: Array<{ Href: string }> }>>(`api/mail/dev/messages?to=${encodeURIComponent(email)}`);
    return mails.flatMap((m) => m.Links).find((l) => l.Href.includes('/user/setPassword/'))?.Href;
  }, `the welcome e-mail of ${email}`);
  const [, , , id, token] = new URL(welcome).pathname.split('/').map(decodeURIComponent);
  const password = 'made-by-admin-password';
  await call('api/user/setPasswordNewUser', {
    method: 'POST',
    body: { user: { Id: id, ...person, OrganizationName: 'Partner Ltd', OrganizationAddress: '1 Partner Road' }, password, token },
  });
  return { email, password, name: `${person.FirstName} ${person.LastName}` };
}
