import fs from 'node:fs';

import type { Page } from 'playwright-core';

import { ApiKeyMessages } from '@cti/contracts';

import { baseUrl, sessionsPerTest, signIn } from '../support/browser';

const openSession = sessionsPerTest('api-keys');

/** The index is built from the demo scores after start: wait until it is served. */
async function indexServed(): Promise<void> {
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'admin@example.com', Password: 'demo-password' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl()}/api/group/index/list`, { headers: { authorization: `Bearer ${Token}` } });
    if (res.ok) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('the index was not served');
}

/** What a program calling the API with the key gets, called from the page like `curl` would. */
const callWithKey = (page: Page, key: string) =>
  page.evaluate(async (k) => {
    const res = await fetch('/api/v1/group/index/list', { headers: { Authorization: `ApiKey ${k}` } });
    const body = (await res.json()) as unknown;
    return { status: res.status, rows: Array.isArray(body) ? body.length : -1, message: (body as { message?: string }).message ?? null };
  }, key);

beforeAll(indexServed, 300_000);

it('a Standard subscriber creates a key on My account, reads the index with it, revokes it and is refused', async () => {
  const { page } = await openSession();
  await signIn(page, 'standard@example.com');
  await page.goto('/user/account');
  const section = page.getByRole('region', { name: 'API keys' });
  await section.getByLabel('Key name').fill('Pricing model');
  await section.getByRole('button', { name: 'Create key' }).click();
  const key = (await section.getByTestId('new-api-key').textContent())!.trim();
  expect(key).toMatch(/^cti_/);

  const before = await callWithKey(page, key);
  expect(before.status).toBe(200);
  expect(before.rows).toBeGreaterThan(0);

  // the key is shown once: the list names it by its first characters only
  await section.getByRole('button', { name: 'Done' }).click();
  const row = section.getByRole('row', { name: /Pricing model/ });
  await expect(row.textContent()).resolves.toContain(key.slice(0, 12));
  await expect(section.textContent()).resolves.not.toContain(key);

  // revoking asks first, in the page's own dialog (a browser dialog would fail the journey: none is accepted)
  await row.getByRole('button', { name: 'Revoke Pricing model' }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke key' }).click();
  await row.getByText(/^Revoked/).waitFor();

  const after = await callWithKey(page, key);
  expect(after).toEqual({ status: 401, rows: -1, message: ApiKeyMessages.invalid });
});

it('a country viewer sees no API keys section and the API refuses them', async () => {
  const { page } = await openSession();
  await signIn(page, 'viewer@example.com');
  await page.goto('/user/account');
  await page.getByRole('heading', { name: 'My account' }).waitFor();
  await page.getByRole('heading', { name: 'Access' }).waitFor();
  expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'viewer@example.com', Password: 'demo-password' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const refused = await fetch(`${baseUrl()}/api/user/apiKeys`, { headers: { authorization: `Bearer ${Token}` } });
  expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, ApiKeyMessages.notEntitled]);
});

it('an admin finds a member’s key in the users admin and revokes it, and the key is refused', async () => {
  const login = await fetch(`${baseUrl()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'member@example.com', Password: 'demo-password' }),
  });
  const { Token } = (await login.json()) as { Token: string };
  const created = await fetch(`${baseUrl()}/api/user/apiKeys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${Token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ Name: 'Member feed' }),
  });
  const { Key } = (await created.json()) as { Key: string };
  const call = () => fetch(`${baseUrl()}/api/v1/group/index/map`, { headers: { 'x-api-key': Key } });
  expect((await call()).status).toBe(200);

  const { page } = await openSession();
  await signIn(page, 'admin@example.com');
  await page.goto('/user/manage');
  await page.getByRole('searchbox', { name: 'Filter users' }).fill('member@example.com');
  await page.getByRole('button', { name: 'Morgan Member' }).click();
  const keys = page.getByRole('dialog').getByRole('group', { name: 'API keys' });
  await keys.getByRole('button', { name: 'Revoke Member feed' }).click();
  // the same question as the owner's revoke on My account, over the user modal
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke key' }).click();
  await keys
    .getByRole('row', { name: /Member feed/ })
    .getByText(/^Revoked/)
    .waitFor();
  expect((await call()).status).toBe(401);
});

/** The key's own figures from `RateLimit-Policy: "api-key";q=120;w=60` and `RateLimit: "api-key";r=119;t=42`. */
function keyLimitOf(headers: Headers): { quota: number; window: number; remaining: number; reset: number } {
  const policy = /q=(\d+);w=(\d+)/.exec(headers.get('ratelimit-policy') ?? '');
  const state = /r=(\d+);t=(\d+)/.exec(headers.get('ratelimit') ?? '');
  if (!policy || !state) throw new Error(`no rate-limit headers: ${headers.get('ratelimit-policy')} / ${headers.get('ratelimit')}`);
  return { quota: Number(policy[1]), window: Number(policy[2]), remaining: Number(state[1]), reset: Number(state[2]) };
}

it('an Enhanced subscriber reads the API reference, downloads an export with a key and paces itself by the key’s headers', async () => {
  const { page, problems } = await openSession();
  await signIn(page, 'enhanced@example.com');
  await page.goto('/user/account');
  const section = page.getByRole('region', { name: 'API keys' });

  // the reference, linked from the section, renders the document of /api/v1 (Redoc, from the gateway itself)
  const reference = section.getByRole('link', { name: 'API reference' });
  expect(await reference.getAttribute('href')).toBe('/api/v1/docs');
  // under the page's own Content Security Policy (the CSP guard fails the journey on any refusal)
  const docs = await page.context().newPage();
  await docs.setViewportSize({ width: 1440, height: 900 });
  await docs.goto('/api/v1/docs');
  await docs
    .getByRole('heading', { name: /Compliance Index API/ })
    .first()
    .waitFor();
  await docs.getByText('Rate limit', { exact: true }).first().waitFor();
  // the search runs in Redoc's worker
  await docs.getByPlaceholder('Search...').fill('export');
  await docs.getByRole('search').getByText('Everything the caller may see, as a ZIP of CSV and Excel files').first().waitFor();
  // on a phone the reference fits the width (its menu behind a button)
  await docs.setViewportSize({ width: 390, height: 844 });
  await docs
    .getByRole('heading', { name: /Compliance Index API/ })
    .first()
    .waitFor();
  expect(await docs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await docs.close();

  await section.getByLabel('Key name').fill('Export job');
  await section.getByRole('button', { name: 'Create key' }).click();
  const key = (await section.getByTestId('new-api-key').textContent())!.trim();

  // the export a program downloads with the key is the one the owner's Download button gives
  const headers = { 'x-api-key': key };
  const byKey = await fetch(`${baseUrl()}/api/v1/group/index/export/list?format=csv`, { headers });
  expect(byKey.status).toBe(200);
  expect(byKey.headers.get('content-type')).toMatch(/text\/csv/);
  const csv = Buffer.from(await byKey.arrayBuffer());
  // the owner's own download, with the Download CSV button of the index page
  await page.goto('/index');
  const downloads = page.getByRole('group', { name: 'Download Compliance Index' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    downloads.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  // byte for byte
  expect(fs.readFileSync(await download.path()).equals(csv)).toBe(true);
  expect(csv.toString('utf8').trim().split('\n').length).toBeGreaterThan(1);

  // a client that waits whenever the key's window is spent never meets a 429, past the key's quota
  const first = keyLimitOf(byKey.headers);
  let calls = 0;
  let waited = 0;
  let remaining = first.remaining;
  let reset = first.reset;
  while (calls < first.quota + 5) {
    if (remaining === 0) {
      waited++;
      await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
    }
    const res = await fetch(`${baseUrl()}/api/v1/group/index/list`, { method: 'HEAD', headers });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    ({ remaining, reset } = keyLimitOf(res.headers));
    calls++;
  }
  expect(waited).toBeGreaterThan(0);
  expect(problems).toEqual([]);
}, 240_000);
