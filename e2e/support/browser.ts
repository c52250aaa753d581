import fs from 'node:fs';
import path from 'node:path';

import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTPUT = path.resolve(__dirname, '..', '..', 'test-output', 'e2e');

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through e2e/jest.config.js');
  return url;
};

/** Debian's Chromium, headless, with the flags this closed network needs (no downloads, ever). */
export async function launchBrowser(options: { webgl?: boolean } = {}): Promise<Browser> {
  const gpu = options.webgl ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : ['--disable-gpu'];
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      ...gpu,
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and failed page requests seen so far. */
  problems: string[];
  screenshot(name: string): Promise<string>;
}

/**
 * Content Security Policy violations any session of this test file met since they were
 * last taken: every journey fails on one (e2e/support/csp-guard.ts checks after each test).
 */
const cspViolations: string[] = [];
/** Takes (and clears) the violations seen so far; a test that provokes one on purpose takes it. */
export const takeCspViolations = (): string[] => cspViolations.splice(0);

interface ViolationReport {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/** Reports every `securitypolicyviolation` of every document of the context (frames included) to the test. */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__ctiCspViolation', (source, report: ViolationReport) => {
    cspViolations.push(
      `${report.directive} refused ${report.blocked || 'inline code'} on ${source.page?.url() ?? '?'} (${report.source}${report.sample ? `: ${report.sample}` : ''})`,
    );
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __ctiCspViolation?: (r: ViolationReport) => void }).__ctiCspViolation;
    document.addEventListener('securitypolicyviolation', (e) => {
      report?.({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample });
    });
  });
  // what the event does not reach (workers, refusals Chromium only logs)
  context.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) cspViolations.push(`console: ${m.text()}`);
  });
}

/**
 * A fresh context (own storage) on the stack (or another origin of it), collecting console errors and CSP violations.
 * `device` makes it a touch screen (`{ hasTouch: true, isMobile: true }`: taps, a phone's pointer).
 */
export async function openSession(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  origin = baseUrl(),
  device: { hasTouch?: boolean; isMobile?: boolean } = {},
): Promise<Session> {
  const context = await browser.newContext({ baseURL: origin, viewport, ...device });
  await watchCsp(context);
  // a ceiling, not a wait: on a loaded machine a page can take longer than Playwright's 30 s default
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return {
    context,
    page,
    problems,
    async screenshot(name: string) {
      fs.mkdirSync(OUTPUT, { recursive: true });
      const file = path.join(OUTPUT, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
  };
}

/** Signs in through the login form and waits for the index. */
export async function signIn(page: Page, email: string, password = 'demo-password'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * One browser for a test file and fresh sessions per test: a failing test leaves a
 * screenshot of each of its sessions in test-output/e2e, and every session is closed after
 * its test. Call at the top level of the file; use the returned function inside tests.
 */
export function sessionsPerTest(name: string): () => Promise<Session> {
  let browser: Browser;
  const open: Session[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    const state = expect.getState();
    if (state.assertionCalls !== state.numPassingAsserts) {
      for (const [i, s] of open.entries()) await s.screenshot(`${name}-failure-${i}-${Date.now()}`);
    }
    for (const s of open.splice(0)) await s.context.close();
  });
  return async () => {
    const s = await openSession(browser);
    open.push(s);
    return s;
  };
}
