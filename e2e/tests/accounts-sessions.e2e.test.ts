import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

import type { Browser, BrowserContext, Page } from 'playwright-core';

import { launchBrowser } from '../support/browser';

/*
 * Two tabs open for longer than the access token lives. This file runs stacks of its own
 * (identity and the gateway only: the pages used are identity's) whose access tokens
 * live 6 seconds, so every few seconds both tabs need a new token at the same moment.
 * With Web Locks the rotation grace window is 2 seconds: a tab that kept using a refresh
 * token another tab spent rounds ago would end the session, so only tabs that really
 * share one pass. Without Web Locks the tabs race by design and the server's grace
 * window covers them: that stack has the production window (30 seconds), as a 2-second
 * one would depend on how fast a loaded machine reloads two tabs.
 */
const ACCESS_TOKEN_SECONDS = 6;
const GRACE_SECONDS = 2;
const PRODUCTION_GRACE_SECONDS = 30;
const repoRoot = path.resolve(__dirname, '..', '..');
let stacks: { tight: OwnStack; production: OwnStack };
let browser: Browser;
const stackLog: string[] = [];

interface OwnStack {
  url: string;
  process: ChildProcess;
  dataDir: string;
}

/** Starts e2e/fixtures/stack-process.cjs with this grace window and waits for the URL it prints. */
async function startOwnStack(graceSeconds: number): Promise<OwnStack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-e2e-sessions-'));
  fs.chmodSync(dataDir, 0o755);
  const env = {
    STACK_DATA_DIR: dataDir,
    STACK_WEB_DIST: path.resolve(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'web', 'dist')),
    STACK_SERVICES: 'identity',
    LOG_LEVEL: 'info',
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_SECONDS),
    REFRESH_REUSE_GRACE_SECONDS: String(graceSeconds),
  };
  const child = spawn(process.execPath, [path.join(repoRoot, 'e2e', 'fixtures', 'stack-process.cjs')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: child.stderr }).on('line', (line) => stackLog.push(line));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code}: ${stackLog.slice(-20).join('\n')}`)));
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve({ url: (JSON.parse(line) as { url: string }).url, process: child, dataDir }));
  });
}

async function stopOwnStack(stack: OwnStack | undefined) {
  if (!stack) return;
  if (stack.process.exitCode === null) {
    const exited = new Promise((r) => stack.process.once('exit', r));
    stack.process.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(stack.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  const tight = await startOwnStack(GRACE_SECONDS);
  const production = await startOwnStack(PRODUCTION_GRACE_SECONDS);
  stacks = { tight, production };
  browser = await launchBrowser();
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await stopOwnStack(stacks?.tight);
  await stopOwnStack(stacks?.production);
}, 60_000);

const contexts: BrowserContext[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function newContext(stack: OwnStack, options: { withoutWebLocks?: boolean } = {}) {
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  // an older browser (or plain http on another host): tabs are not kept apart, the server's grace window is
  if (options.withoutWebLocks) await context.addInitScript(() => Object.defineProperty(navigator, 'locks', { value: undefined }));
  return context;
}

/** Page errors (not the 401s a renewal starts with) seen in a tab. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** Waits until the access token the tabs share has expired (its `exp` has passed). */
async function tokenExpired(page: Page) {
  await page.waitForFunction(
    () => {
      const token = window.localStorage.getItem('cti.authToken');
      if (!token) return false;
      const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
      return Date.now() > payload.exp * 1000 + 300;
    },
    null,
    { timeout: 60_000, polling: 200 },
  );
}

/** A page of the user area, with its data, for a signed-in admin. */
async function shows(page: Page, heading: string, rowsOf: string) {
  await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('table', { name: rowsOf }).getByRole('row').nth(1).waitFor({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).not.toBe('/login');
}

/** An admin moves between these pages through the admin area's navigation (no page load). */
const openInAdminArea = (page: Page, link: 'Users' | 'Request Queue') =>
  page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: link, exact: true }).click();

async function twoTabsStaySignedIn(context: BrowserContext) {
  const first = await context.newPage();
  const firstProblems = watch(first);
  await first.goto('/login');
  await first.getByLabel('E-mail', { exact: true }).fill('admin@example.com');
  await first.getByLabel('Password').fill('demo-password');
  await first.getByRole('button', { name: 'Login' }).click();
  await first.waitForURL((url) => !url.pathname.startsWith('/login'));
  await first.goto('/user/manage');
  await shows(first, 'Users', 'Users');

  const second = await context.newPage();
  const secondProblems = watch(second);
  await second.goto('/admin/groups');
  await shows(second, 'User groups', 'User groups');

  // round 1: both tabs open a page they have not loaded yet, at the same moment
  await tokenExpired(first);
  await Promise.all([openInAdminArea(first, 'Request Queue'), second.goto('/user/requests')]);
  await Promise.all([shows(first, 'Request Queue', 'Access requests'), shows(second, 'Request Queue', 'Access requests')]);

  // round 2: both tabs reload at once (each renews the stored session as it starts)
  await tokenExpired(first);
  await Promise.all([first.reload(), second.reload()]);
  await Promise.all([shows(first, 'Request Queue', 'Access requests'), shows(second, 'Request Queue', 'Access requests')]);

  // round 3: again, well past the second lifetime
  await tokenExpired(second);
  await Promise.all([first.goto('/admin/groups'), openInAdminArea(second, 'Users')]);
  await Promise.all([shows(first, 'User groups', 'User groups'), shows(second, 'Users', 'Users')]);

  expect([...firstProblems, ...secondProblems]).toEqual([]);
  // the server never saw a spent refresh token come back (which would have ended the session)
  expect(stackLog.filter((line) => /refresh token reused/.test(line))).toEqual([]);
}

it('two tabs open longer than the access token lives stay signed in in both', async () => {
  await twoTabsStaySignedIn(await newContext(stacks.tight));
});

it('without Web Locks, the tabs share tokens through storage and the server’s grace window covers a race', async () => {
  await twoTabsStaySignedIn(await newContext(stacks.production, { withoutWebLocks: true }));
});
