/**
 * The platform's performance budgets, each measured and held to its target (`make bench`; it
 * builds first). Not part of `make test`, except the initial JavaScript, which the web build there
 * checks too: the rest need a quiet machine to say anything. Exits 1 when a budget is missed.
 *
 *   ONLY=<phase,…>   bundle, index-list, save, lcp, events, pdf, audit-report (default: all);
 *                    capacity (infra/README.md's per-replica figures) only when named
 *   ONLY=compare COMPARE_DIST=<another build's services/gateway/dist>   A/B of two gateway builds
 *   EVENT_RATE, EVENT_SECONDS (1000, 60), LIST_SECONDS (10), COMPARE_RUNS (12), COMPARE_SECONDS (3)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { capacity, streamBytesPerEvent } from './capacity';
import { eventsToAudit } from './events-to-audit';
import { compareGateways, indexListThroughput } from './index-list';
import { atRest, loadAverage, repoRoot, signIn, startPlatform } from './platform';

const PHASES = ['bundle', 'index-list', 'save', 'lcp', 'events', 'pdf', 'audit-report', 'capacity'] as const;
/** Measured only when ONLY names them. */
const ON_REQUEST: readonly Phase[] = ['capacity'];
type Phase = (typeof PHASES)[number];
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

interface Row {
  budget: string;
  measured: string;
  met: 'yes' | 'NO' | '(measured)';
}
const rows: Row[] = [];

/** Runs a budget's own script with BENCH_RESULT set, and reads what it wrote (`{ value, met, … }`). */
function script(args: string[], extraEnv: Record<string, string> = {}): { value: number; met: boolean; [k: string]: unknown } {
  const result = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cti-budget-')), 'result.json');
  const run = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv, BENCH_RESULT: result },
  });
  if (!fs.existsSync(result)) throw new Error(`${args.join(' ')} exited with ${run.status} and measured nothing`);
  return JSON.parse(fs.readFileSync(result, 'utf8')) as { value: number; met: boolean };
}
const ms = (n: number) => `${n.toFixed(0)} ms`;
const record = (budget: string, measured: string, met: boolean) => rows.push({ budget, measured, met: met ? 'yes' : 'NO' });

function bundle() {
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cti-bundle-')), 'report.json');
  spawnSync(process.execPath, ['web/scripts/bundle-report.mjs', '--json', json, '--no-fail'], { cwd: repoRoot, stdio: 'inherit' });
  const report = JSON.parse(fs.readFileSync(json, 'utf8')) as { routes: Array<{ path: string; js: number; overBudget: boolean }> };
  const index = report.routes.find((r) => r.path === '/index')!;
  record('/index initial JS ≤ 150 KB (gzipped)', `${(index.js / 1024).toFixed(1)} KB`, !index.overBudget);
}

async function onThePlatform(phases: Phase[]) {
  console.log('\nstarting the platform with demo data …');
  const platform = await startPlatform();
  try {
    const { stack } = platform;
    const reader = await signIn(stack.url, 'standard@example.com');
    await atRest(stack, reader.Token);
    if (phases.includes('index-list')) {
      const list = await indexListThroughput(stack, reader.Token, env('LIST_SECONDS', 10));
      const cpu = [list.gatewayCpuUsPerRequest, list.scoringCpuUsPerRequest].map((us) => (us === null ? '?' : us.toFixed(0)));
      rows.push({
        budget: 'the index list through the gateway (A/B figure, no budget)',
        measured: `${list.requestsPerSecond} req/s, p99 ${ms(list.p99)}, CPU µs/req gateway ${cpu[0]} scoring ${cpu[1]}, ${list.failures} failed`,
        met: '(measured)',
      });
    }
    if (phases.includes('capacity')) {
      for (const path of await capacity(stack, env('CAPACITY_SECONDS', 20))) {
        const cpu = Object.entries(path.cpuMsPerRequest).map(([name, ms]) => `${name} ${ms}`);
        rows.push({
          budget: path.path,
          measured: `${path.requestsPerSecond} req/s (${path.failures} failed); CPU ms/request: ${cpu.join(', ')}`,
          met: '(measured)',
        });
      }
      const stream = await streamBytesPerEvent(stack);
      rows.push({
        budget: 'the event stream (per replica of it)',
        measured: `${stream.messages} events, ${stream.bytes} bytes, ${Math.round(stream.bytes / Math.max(1, stream.messages))} bytes/event`,
        met: '(measured)',
      });
    }
    if (phases.includes('save')) {
      const save = script(['services/questionnaire/dist/bench/section-save-latency.js'], { BENCH_BASE_URL: stack.url });
      record('section save p95 ≤ 50 ms (through the gateway)', ms(save.value), save.met);
    }
    if (phases.includes('lcp')) {
      const lcp = script(['web/scripts/measure-lcp.mjs', '--url', stack.url]);
      const pages = Object.entries(lcp.pages as Record<string, number>).map(([page, m]) => `${page} ${ms(m)}`);
      record('LCP ≤ 1.5 s at 4× CPU throttling (median of 5)', pages.join(', '), lcp.met);
    }
    if (phases.includes('events')) {
      const [rate, seconds] = [env('EVENT_RATE', 1000), env('EVENT_SECONDS', 60)];
      const events = await eventsToAudit(stack, rate, seconds);
      const lost = events.events - events.seen;
      record(
        `event → audit row p99 ≤ 250 ms at ${rate}/s for ${seconds} s, 0 lost`,
        `p99 ${ms(events.p99)} (p50 ${ms(events.p50)}), ${lost} lost, ${events.publishedPerSecond.toFixed(0)}/s published`,
        events.p99 <= 250 && lost === 0,
      );
    }
  } finally {
    await platform.stop();
  }
}

async function main() {
  const started = loadAverage();
  console.log(`${os.cpus().length} cores, load average ${started} at the start`);
  if (process.env.ONLY === 'compare') {
    if (!process.env.COMPARE_DIST) throw new Error('ONLY=compare needs COMPARE_DIST: another build’s services/gateway/dist');
    return compareGateways(process.env.COMPARE_DIST, env('COMPARE_RUNS', 12), env('COMPARE_SECONDS', 3));
  }
  const only = (process.env.ONLY ?? '').split(',').filter(Boolean);
  const unknown = only.filter((p) => !(PHASES as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`ONLY=${unknown.join(',')}: the phases are ${PHASES.join(', ')} (or compare)`);
  const phases = only.length ? (only as Phase[]) : PHASES.filter((p) => !ON_REQUEST.includes(p));

  if (phases.includes('bundle')) bundle();
  if (phases.some((p) => ['index-list', 'save', 'lcp', 'events', 'capacity'].includes(p))) await onThePlatform(phases);
  if (phases.includes('pdf')) {
    const pdf = script(['services/documents/dist/bench/render-bench.js']);
    record('scorecard PDF p50 ≤ 60 ms (and ≥ 20 PDFs/s)', `${ms(pdf.value)}, ${(pdf.perSecond as number).toFixed(1)}/s`, pdf.met);
  }
  if (phases.includes('audit-report')) {
    const report = script(['services/audit/dist/bench/report-benchmark.js']);
    record('audit report p95 ≤ 100 ms over 1 M rows', ms(report.value), report.met);
  }
  console.log(`\nload average ${started} at the start, ${loadAverage()} at the end (a loaded machine makes every figure slower)`);
  console.table(rows);
  process.exitCode = rows.every((r) => r.met !== 'NO') ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
