#!/usr/bin/env node
/**
 * Largest Contentful Paint of the public landing page (/) and the Compliance Index (/index,
 * signed in) in Debian's Chromium, with the CPU slowed 4× through the Chrome DevTools
 * protocol (Emulation.setCPUThrottlingRate) and no network throttling (the stack on
 * loopback). Each page is loaded several times in a fresh browser context (cold cache);
 * the median is held to the budget. Not part of `make test`: start the stack first.
 *
 *   make start                                   # or any running installation
 *   node web/scripts/measure-lcp.mjs [--url http://localhost:8080] [--runs 5] [--cpu 4] [--budget 1500]
 *                                    [--email standard@example.com] [--password demo-password]
 *
 * Prints each run, the median per page and the machine's load average before and after
 * (a loaded machine makes every number slower); exits 1 when a median is over budget. With
 * BENCH_RESULT=<file> it also writes `{ value, pages, met }` there (the slower page's median in ms).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const url = option('--url', process.env.LCP_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const runs = Number(option('--runs', '5'));
const cpu = Number(option('--cpu', '4'));
const budget = Number(option('--budget', '1500'));
const email = option('--email', 'standard@example.com');
const password = option('--password', 'demo-password');

/** Records every LCP candidate; the last one before the page settles is the LCP. */
const OBSERVE_LCP = `
  window.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = { time: entry.startTime, size: entry.size, element: entry.element ? entry.element.tagName.toLowerCase() + (entry.element.className ? '.' + String(entry.element.className).split(' ')[0] : '') : null };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/** What shows that each page has drawn its content. */
const READY = { '/': 'main h1', '/index': 'main tbody tr' };

async function signIn() {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The stored session the app reads at start (it refreshes it first, as a returning user's browser does). */
const storeSession = (session) => {
  const { Token, RefreshToken, ...user } = session;
  return `
    localStorage.setItem('cti.user', ${JSON.stringify(JSON.stringify(user))});
    localStorage.setItem('cti.authToken', ${JSON.stringify(Token)});
    localStorage.setItem('cti.refreshToken', ${JSON.stringify(RefreshToken)});
    localStorage.setItem('cti.isFreeUser', 'false');
  `;
};

async function measure(browser, path, session) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (session) await context.addInitScript(storeSession(session));
  await context.addInitScript(OBSERVE_LCP);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await page.goto(`${url}${path}`, { waitUntil: 'load' });
  // settled: the page's own content is drawn, no request for a while, then a quiet second
  // for the last candidate to be reported
  await page.locator(READY[path]).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(() => window.__lcp);
  const landed = new URL(page.url()).pathname;
  // the app rotated the refresh token at start: the next run continues with the new one
  const next = session
    ? {
        ...session,
        Token: await page.evaluate(() => localStorage.getItem('cti.authToken')),
        RefreshToken: await page.evaluate(() => localStorage.getItem('cti.refreshToken')),
      }
    : null;
  await context.close();
  if (landed !== path) throw new Error(`${path} ended on ${landed}`);
  if (!lcp) throw new Error(`${path}: no largest-contentful-paint entry`);
  return { lcp, next };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const loadBefore = load();
console.log(`LCP at ${url}, CPU ${cpu}× slower (CDP Emulation.setCPUThrottlingRate), ${runs} cold runs per page, budget ${budget} ms`);
console.log(`machine: ${os.cpus().length} cores, load average (1/5/15 min) before: ${loadBefore}`);
let over = false;
const medians = {};
let session = await signIn();
for (const path of ['/', '/index']) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { lcp, next } = await measure(browser, path, path === '/' ? null : session);
    if (next) session = next;
    times.push(lcp.time);
    console.log(`  ${path.padEnd(7)} run ${i + 1}: ${Math.round(lcp.time)} ms (${lcp.element ?? 'element gone'}, ${lcp.size} px²)`);
  }
  const m = median(times);
  medians[path] = Math.round(m);
  const verdict = m <= budget ? 'within budget' : 'OVER BUDGET';
  if (m > budget) over = true;
  console.log(
    `${path.padEnd(7)} median LCP ${Math.round(m)} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))}): ${verdict}`,
  );
}
console.log(`load average after: ${load()}`);
await browser.close();
if (process.env.BENCH_RESULT)
  fs.writeFileSync(process.env.BENCH_RESULT, JSON.stringify({ value: Math.max(...Object.values(medians)), pages: medians, met: !over }));
process.exit(over ? 1 : 0);
