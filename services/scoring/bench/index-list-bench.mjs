// Benchmark of the public index list through the gateway (issue 5), next to a bare Fastify
// hello-world measured in the same run on the same machine.
//
//   npx tsc -b && node services/scoring/bench/index-list-bench.mjs
//
// Starts the whole platform with demo data (embedded Postgres, NATS, every service, the
// gateway with its rate limit lifted) in a temporary directory, waits for the demo scores,
// then drives both servers with autocannon over loopback only:
//   1. hello-world, as fast as it goes;
//   2. GET /api/group/index/list through the gateway, as fast as it goes;
//   3. the same at a fixed 2,000 req/s, for its latency.
// Targets: (2) at least 0.30 of (1)'s req/s; p99 of (3) at most 10 ms. Exits 1 when missed.
// Every run is bounded in time (DURATION seconds per phase, default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const { startStack } = require(path.join(repoRoot, 'infra/dev/dist/stack.js'));

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const RATE = Number(process.env.RATE ?? 2000);

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });

const summary = (name, r) => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  max: r.latency.max,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
});

/** A bare Fastify hello-world in its own process (as the gateway is), on a free port. */
function startHelloWorld() {
  const code = `
    const app = require(${JSON.stringify(require.resolve('fastify', { paths: [path.join(repoRoot, 'services/gateway')] }))})({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    app.listen({ port: 0, host: '127.0.0.1' }).then((address) => process.send(address));
  `;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.once('message', (url) => resolve({ url, stop: () => child.kill('SIGTERM') })));
}

async function waitForDemoScores(base, token) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const rows = await (
      await fetch(`${base}/api/group/index/list`, { headers: { authorization: `Bearer ${token}` } })
    )
      .json()
      .catch(() => []);
    const scored = Array.isArray(rows) ? rows.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && new Set(scored.map((r) => r.Period)).size === 1) return rows.length;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('demo scores did not arrive within 5 minutes');
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-bench-'));
  // the gateway serves a web build; the benchmark needs none, so an empty page stands in
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><title>bench</title>');
  console.log(`starting the platform in ${dataDir} …`);
  const stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    demoData: true,
    verbose: false,
    webDist,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000' },
    log: () => undefined,
  });
  const hello = await startHelloWorld();
  try {
    const login = await fetch(`${stack.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: 'standard@example.com', Password: 'demo-password' }),
    });
    const { Token } = await login.json();
    const countries = await waitForDemoScores(stack.url, Token);
    const url = `${stack.url.replace('localhost', '127.0.0.1')}/api/group/index/list`;
    const headers = { authorization: `Bearer ${Token}` };
    console.log(`index list: ${countries} countries; ${DURATION} s per phase, ${CONNECTIONS} connections\n`);

    await run({ url: hello.url, duration: 2 }); // warm-up
    await run({ url, headers, duration: 2 });
    const results = [
      summary('hello-world (bare Fastify)', await run({ url: hello.url })),
      summary('index list via gateway', await run({ url, headers })),
      summary(`index list via gateway at ${RATE} req/s`, await run({ url, headers, overallRate: RATE })),
      // every answer is a 304 here (autocannon counts them as non-2xx)
      summary(
        'index list via gateway, client holds the ETag (304)',
        await run({ url, headers: { ...headers, 'if-none-match': (await fetch(url, { headers })).headers.get('etag') } }),
      ),
    ];
    console.table(results);
    const ratio = results[1].reqPerSec / results[0].reqPerSec;
    const checks = [
      { target: 'index list req/s ≥ 0.30 × hello-world', value: ratio.toFixed(2), ok: ratio >= 0.3 },
      {
        target: `p99 ≤ 10 ms at ${RATE} req/s`,
        value: `${results[2].p99} ms`,
        ok: results[2].p99 <= 10 && results[2].non2xx === 0 && results[2].errors === 0,
      },
      {
        target: 'no failed requests',
        value: results
          .slice(0, 3)
          .map((r) => r.non2xx + r.errors)
          .join('/'),
        ok: results.slice(0, 3).every((r) => r.non2xx === 0 && r.errors === 0),
      },
    ];
    console.table(checks);
    process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    hello.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
