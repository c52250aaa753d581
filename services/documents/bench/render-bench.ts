/**
 * Renderer benchmark: the warm pool turning a one-page scorecard-like HTML into PDF.
 * Targets (issue "Documents and rendering"): p50 ≤ 60 ms per PDF and ≥ 20 PDFs/s on two
 * cores. Run after `tsc -b`: `node services/documents/dist/bench/render-bench.js [--check]`
 * (`--check` exits 1 when a target is missed). BENCH_POOL_SIZE, BENCH_RENDERS and
 * CHROMIUM_PATH adjust the run; BENCH_RESULT=<file> also writes `{ value, met }` there (p50 in ms,
 * met when both targets are; bench/src/budgets.ts).
 */
import fs from 'node:fs';
import os from 'node:os';

import { loadRenderAssets } from '../src/rendering/render-assets';
import { RenderPool } from '../src/rendering/render-pool';

const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 2);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 200);
const TARGET_P50_MS = 60;
const TARGET_PER_SECOND = 20;

const onePage = (
  i: number,
) => `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="assets/print.css"></head><body>
<img src="assets/logo.svg" alt="" height="32"><h1>Ireland — country scorecard #${i}</h1>
<p class="muted">Period 2026 1st Q · Compliance Index</p>
<table><thead><tr><th>Variable</th><th>Score</th><th>Weight</th></tr></thead><tbody>
${['A', 'B', 'C', 'D', 'E', 'F'].map((v, k) => `<tr><td>${v}</td><td>${(4 + (k % 3) * 0.5).toFixed(1)}</td><td>${k < 2 ? 5 : 2.5}</td></tr>`).join('')}
</tbody></table><h2>Explanatory comments</h2><p>${'The insolvency regime gives effect to Alternative A with a waiting period of 60 days. '.repeat(6)}</p>
</body></html>`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const pool = new RenderPool({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    size: POOL_SIZE,
    queueMax: RENDERS,
    timeoutMs: 30_000,
    assets: loadRenderAssets(),
  });
  const launchStarted = performance.now();
  await pool.start();
  const launchMs = performance.now() - launchStarted;
  for (let i = 0; i < 10; i++) await pool.render(onePage(i)); // warm-up

  // latency: one render at a time
  const latencies: number[] = [];
  for (let i = 0; i < Math.min(RENDERS, 100); i++) {
    const t = performance.now();
    await pool.render(onePage(i));
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);

  // throughput: enough requests in flight to keep every page busy
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: POOL_SIZE * 2 }, async () => {
      while (next < RENDERS) await pool.render(onePage(next++));
    }),
  );
  const perSecond = RENDERS / ((performance.now() - started) / 1000);
  await pool.close();

  const p50 = percentile(latencies, 50);
  const ok = p50 <= TARGET_P50_MS && perSecond >= TARGET_PER_SECOND;
  const line = (label: string, value: string, target: string, pass: boolean) =>
    console.log(`${label.padEnd(22)} ${value.padStart(10)}   target ${target.padEnd(8)} ${pass ? 'ok' : 'MISSED'}`);
  console.log(
    `renderer benchmark: ${os.cpus().length} cores, pool of ${POOL_SIZE} pages, ${RENDERS} one-page PDFs (browser launch ${launchMs.toFixed(0)} ms)`,
  );
  line('latency p50', `${p50.toFixed(1)} ms`, `≤ ${TARGET_P50_MS} ms`, p50 <= TARGET_P50_MS);
  console.log(`${'latency p95'.padEnd(22)} ${`${percentile(latencies, 95).toFixed(1)} ms`.padStart(10)}`);
  line('throughput', `${perSecond.toFixed(1)}/s`, `≥ ${TARGET_PER_SECOND}/s`, perSecond >= TARGET_PER_SECOND);
  if (process.env.BENCH_RESULT) fs.writeFileSync(process.env.BENCH_RESULT, JSON.stringify({ value: p50, perSecond, met: ok }));
  if (process.argv.includes('--check') && !ok) process.exitCode = 1;
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
