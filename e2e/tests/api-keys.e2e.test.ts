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
  await keys
    .getByRole('row', { name: /Member feed/ })
    .getByText(/^Revoked/)
    .waitFor();
  expect((await call()).status).toBe(401);
});
