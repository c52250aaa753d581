// Benchmarks of the platform's hot paths, each printed beside its reference measured in the
// same run on the same machine (absolute req/s on a shared machine mean little; ratios do).
//
//   npx tsc -b && node bench/hot-paths.mjs          (or `make bench`, which builds first)
//
// Part 1, the gateway hop (no database): a bare Fastify hello-world, a bare
// @fastify/reply-from hop to it, and the real gateway (built from its service definition,
// as `node services/gateway/dist/server.js` runs it) proxying to the same hello-world.
// Part 2, the platform (embedded Postgres, NATS, every service, demo data, the gateway's rate
// limit lifted): the index list through the gateway (200 and 304), at a fixed rate for its
// p99, scoring's index list called directly, a hit of the gateway's microcache (the public
// summary, no token), and login next to the argon2id verify ceiling.
//
// Exits 1 when a target is missed. Not part of `make test`.
//   DURATION     seconds per measured phase (default 10)
//   CONNECTIONS  autocannon connections (default 32)
//   RATE         the fixed rate of the latency phase (default 2000 req/s)
//   RATE_CONNECTIONS  autocannon connections of the latency phase (default 8; see below)
//   ONLY         `hop`, `platform`, `events` (the platform's event phase alone) or `login` (the
//                platform's login phase alone, with every process's CPU per login and at rest)
//   PAIRS        alternated 3 s runs of a target and its reference whose median ratio a target
//                reads (default 7): the hop against the bare hop, and the index list's 200, 304 and
//                direct call against hello-world
//   EVENT_RATE, EVENT_SECONDS  the event phase's rate and length (default 1000 events/s for 60 s;
//                EVENT_SECONDS=0 leaves it out of `platform`)
//   PROFILE_DIR  write a V8 CPU profile (--cpu-prof) of every server process there; read them
//                with `node bench/profile-top.mjs <dir>` (profiling slows the processes down)
//   ONLY=compare COMPARE_DIST=<another build's services/gateway/dist>  this build's gateway and
//                that one side by side on one hello-world upstream, their runs alternated, the CPU
//                per request of each pair divided (the machine's swings fall on both alike);
//                COMPARE_RUNS pairs (default 12) of COMPARE_SECONDS (3), on COMPARE_PATH
//                (default the forwarded index list; /api/group/index/public is a microcache hit)
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const fromWorkspace = (ws, name) => require(require.resolve(name, { paths: [path.join(repoRoot, ws)] }));
const autocannon = require('autocannon');
const { freePort } = require(path.join(repoRoot, 'libs/local-infra/dist/index.js'));

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);
const RATE = Number(process.env.RATE ?? 2000);
// At a fixed rate autocannon paces each connection on its own; with 32 connections (62 req/s each)
// its pacing alone gave a bare hello-world a p99 of 120-140 ms on this 2-core machine, with 8 about
// 2 ms. The latency phase measures the server, so it uses 8 and prints hello-world's p99 beside it.
const RATE_CONNECTIONS = Number(process.env.RATE_CONNECTIONS ?? 8);
const ONLY = process.env.ONLY ?? '';
const PAIRS = Number(process.env.PAIRS ?? 7);
const PROFILE_DIR = process.env.PROFILE_DIR ? path.resolve(process.env.PROFILE_DIR) : '';
const profileArgs = (name) => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : []);

/** Requests answered per server (by origin), warm-ups included: what `profile-top --requests` divides by. */
const answeredBy = new Map();
const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: CONNECTIONS, ...opts }, (err, result) => {
      if (err) return reject(err);
      const origin = new URL(opts.url).origin;
      answeredBy.set(origin, (answeredBy.get(origin) ?? 0) + result.requests.total);
      resolve(result);
    });
  });

const row = (name, r) => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  '2xx': r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** Every server process started here, stopped when the benchmark fails half-way. */
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Runs a small server script in a process of its own (as every service runs); resolves with its URL. */
function serve(name, code, env = {}) {
  const child = spawn(process.execPath, [...profileArgs(name), '-e', code], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    child.once('message', (url) =>
      resolve({
        pid: child.pid,
        url: String(url).replace('localhost', '127.0.0.1'),
        stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))),
      }),
    );
  });
}

const fastifyPath = JSON.stringify(require.resolve('fastify', { paths: [path.join(repoRoot, 'services/gateway')] }));
const replyFromPath = JSON.stringify(require.resolve('@fastify/reply-from'));
const onSigterm = `process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;

const helloWorld = () =>
  serve(
    'hello-world',
    `const app = require(${fastifyPath})({ logger: false });
     // the public summary's path is marked as scoring marks it, so a gateway keeps it (its microcache)
     app.get('/api/group/index/public', async (request, reply) => {
       reply.header('cache-control', 'public, max-age=1, s-maxage=1').header('etag', '"hello-1"');
       return { hello: 'world' };
     });
     app.get('/*', async () => ({ hello: 'world' }));
     ${onSigterm}
     app.listen({ port: 0, host: '127.0.0.1' }).then((a) => process.send(a));`,
  );

const bareHop = (upstream) =>
  serve(
    'reply-from-hop',
    `const app = require(${fastifyPath})({ logger: false });
     app.register(require(${replyFromPath}), { base: ${JSON.stringify(upstream)} });
     app.get('/*', (request, reply) => reply.from(request.url));
     ${onSigterm}
     app.listen({ port: 0, host: '127.0.0.1' }).then((a) => process.send(a));`,
  );

/**
 * The gateway as it runs in production (runService), every upstream pointed at `upstream`; `dist`
 * is the build to run (this one's by default).
 */
async function gatewayTo(upstream, { dist = path.join(repoRoot, 'services/gateway/dist'), name = 'gateway-hop' } = {}) {
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', NODE_ENV: 'production' };
  for (const name of ['IDENTITY', 'QUESTIONNAIRE', 'SCORING', 'DOCUMENTS', 'COMMERCE', 'AUDIT', 'NOTIFICATIONS'])
    env[`${name}_URL`] = upstream;
  const child = spawn(process.execPath, [...profileArgs(name), path.join(dist, 'src/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the gateway did not start within 60 s');
    const ok = await fetch(`${url}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid,
    url,
    stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))),
  };
}

/** CPU time (user + system) a process has used so far, in ms; Linux only (null elsewhere). */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of a process's main thread (JavaScript) and of its other threads (libuv's pool,
 * where argon2 runs, and V8's helpers), each as user and system (kernel) time; Linux only.
 */
function threadCpuMsOf(pid) {
  try {
    const sum = { main: { user: 0, system: 0 }, others: { user: 0, system: 0 } };
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      const into = Number(tid) === pid ? sum.main : sum.others;
      into.user += Number(fields[11]) * 10;
      into.system += Number(fields[12]) * 10;
    }
    return sum;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms) of each process of the platform: every service, NATS, and Postgres's backends
 * grouped by the service (database role) each serves, the rest of Postgres as `postgres`.
 */
function platformCpuMs(stack) {
  const cpu = new Map();
  const add = (name, ms) => ms !== null && cpu.set(name, (cpu.get(name) ?? 0) + ms);
  const postmaster = stack.processes().find((p) => p.kind === 'postgres')?.pid;
  for (const p of stack.processes()) if (p.pid && p.pid !== postmaster) add(p.name, cpuMsOf(p.pid));
  if (!postmaster) return cpu;
  add('postgres', cpuMsOf(postmaster));
  // a backend that ended (a pool closing an idle connection) leaves the list below with its CPU,
  // which the postmaster collects when it reaps it (cutime and cstime, fields 16 and 17)
  try {
    const stat = fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1].split(' ');
    add('postgres (ended backends)', (Number(stat[13]) + Number(stat[14])) * 10);
  } catch {
    // Postgres stopped meanwhile
  }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(stat[1]) !== postmaster) continue;
      // a backend's title is `postgres: <role> <database> <client> <state>`
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const role = /^postgres: (\S+) \S+ \d/.exec(title)?.[1];
      add(role ? `postgres (${role})` : 'postgres', cpuMsOf(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return cpu;
}

/**
 * Runs one phase and adds the CPU time each listed server process spent per answered
 * request: unlike req/s, it barely moves when other work shares the machine.
 */
/** Each measured phase's window on the profiles' clock (µs), printed with PROFILE_DIR for profile-top's --from/--to. */
const phaseWindows = {};
const monotonicUs = () => (process.hrtime.bigint() / 1000n).toString();

async function measured(name, opts, processes) {
  const before = processes.map((p) => cpuMsOf(p.pid));
  const from = monotonicUs();
  const result = await run(opts);
  phaseWindows[name] = `--from ${from} --to ${monotonicUs()} --requests ${result.requests.total}`;
  const answered = result.requests.total || 1;
  const cpu = processes
    .map((p, i) => {
      const after = cpuMsOf(p.pid);
      return after === null || before[i] === null ? null : `${p.name} ${(((after - before[i]) * 1000) / answered).toFixed(0)}`;
    })
    .filter(Boolean)
    .join(', ');
  return { ...row(name, result), 'CPU µs/req': cpu };
}

const checks = [];
const check = (target, measured, reference, ok, note = '') => checks.push({ target, measured, reference, met: ok ? 'yes' : 'NO', note });
const ratio = (a, b) => (b ? a / b : 0);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The two of a pair in the order of run `i`: which goes first swaps every run, so a drift of the machine falls on both. */
const inTurn = (i, pair) => (i % 2 ? [...pair].reverse() : pair);
const answeredAll2xx = (result) => result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;

/**
 * `target`'s req/s divided by `reference`'s over PAIRS alternated 3 s runs, and their median: one
 * phase each is at the mercy of the machine's swings (hello-world alone moved 13-25k req/s within
 * a minute), a pair's two runs share them. `answered` says every answer was the expected kind.
 */
async function pairedRatio(reference, target, expected = answeredAll2xx) {
  const ratios = [];
  let answered = true;
  for (let i = 0; i < PAIRS; i++) {
    const perSecond = {};
    for (const [name, opts] of inTurn(i, [
      ['reference', reference],
      ['target', target],
    ])) {
      const result = await run({ ...opts, duration: 3 });
      answered &&= name === 'target' ? expected(result) : answeredAll2xx(result);
      perSecond[name] = result.requests.average;
    }
    ratios.push(ratio(perSecond.target, perSecond.reference));
  }
  return { median: median(ratios), ratios, answered };
}
/** How a paired ratio reads in the table of targets. */
const pairedText = (paired) =>
  `${paired.median.toFixed(2)}×, the median of ${PAIRS} alternated pairs (${paired.ratios.map((x) => x.toFixed(2)).join(' ')})`;

async function hopPart() {
  const hello = await helloWorld();
  const hop = await bareHop(hello.url);
  const gateway = await gatewayTo(hello.url);
  const path_ = '/api/group/index/list';
  try {
    for (const url of [hello.url, `${hop.url}${path_}`, `${gateway.url}${path_}`]) await run({ url, duration: 2 }); // warm-up
    const h = { name: 'hello', pid: hello.pid };
    const rows = [
      await measured('hello-world (bare Fastify)', { url: hello.url }, [h]),
      await measured('bare @fastify/reply-from hop → hello-world', { url: `${hop.url}${path_}` }, [{ name: 'hop', pid: hop.pid }, h]),
      await measured('gateway → hello-world', { url: `${gateway.url}${path_}` }, [{ name: 'gateway', pid: gateway.pid }, h]),
    ];
    console.table(rows);
    // one phase each swung 0.76-0.93× for one build within minutes: the target reads paired runs
    const paired = await pairedRatio({ url: `${hop.url}${path_}` }, { url: `${gateway.url}${path_}` });
    check(
      'gateway hop ≥ 0.9 × bare reply-from hop',
      pairedText(paired),
      `one phase each: ${rows[2].reqPerSec} ÷ ${rows[1].reqPerSec} req/s = ${ratio(rows[2].reqPerSec, rows[1].reqPerSec).toFixed(2)}×`,
      paired.median >= 0.9 && paired.answered && rows.every((x) => x.non2xx === 0 && x.errors === 0),
      `bare hop = ${ratio(rows[1].reqPerSec, rows[0].reqPerSec).toFixed(2)}× hello-world`,
    );
    return rows[0].reqPerSec;
  } finally {
    await gateway.stop();
    await hop.stop();
    await hello.stop();
  }
}

/**
 * Two builds of the gateway side by side (this one and COMPARE_DIST), on one hello-world, runs
 * alternated (which goes first swaps every pair): prints each build's CPU per request and the
 * median of the pairs' ratios. On a machine whose speed swings from minute to minute, a change of
 * a few µs shows only this way. Both builds resolve their packages from this checkout.
 */
async function comparePart() {
  const other = process.env.COMPARE_DIST;
  if (!other || !fs.existsSync(path.join(other, 'src/server.js')))
    throw new Error('ONLY=compare needs COMPARE_DIST: the services/gateway/dist of another build (for its packages, inside this checkout)');
  const runs = Number(process.env.COMPARE_RUNS ?? 12);
  const seconds = Number(process.env.COMPARE_SECONDS ?? 3);
  const path_ = process.env.COMPARE_PATH ?? '/api/group/index/list';
  const hello = await helloWorld();
  const builds = {
    this: await gatewayTo(hello.url, { name: 'gateway-this' }),
    other: await gatewayTo(hello.url, { dist: path.resolve(other), name: 'gateway-other' }),
  };
  const perRequest = { this: [], other: [] };
  try {
    for (const b of Object.values(builds)) await run({ url: `${b.url}${path_}`, duration: 2 }); // warm-up
    for (let i = 0; i < runs; i++) {
      for (const name of inTurn(i, ['this', 'other'])) {
        const before = cpuMsOf(builds[name].pid);
        const result = await run({ url: `${builds[name].url}${path_}`, duration: seconds });
        if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        perRequest[name].push(((cpuMsOf(builds[name].pid) - before) * 1000) / result.requests.total);
      }
    }
  } finally {
    for (const b of [...Object.values(builds), hello]) await b.stop();
  }
  const ratios = perRequest.this.map((us, i) => us / perRequest.other[i]);
  const range = (xs) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
  console.table({
    'this build': { 'CPU µs/req, median': median(perRequest.this).toFixed(0), range: range(perRequest.this) },
    [path.relative(repoRoot, other) || other]: {
      'CPU µs/req, median': median(perRequest.other).toFixed(0),
      range: range(perRequest.other),
    },
  });
  console.log(`${path_}: this build ÷ the other, CPU per request, median of ${runs} pairs: ${median(ratios).toFixed(2)}×`);
  console.log(`  pairs: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
}

/**
 * argon2id verifications per second this machine does with identity's parameters, in a process of
 * its own, and the CPU time (ms) that process spent per verification.
 */
function argon2Ceiling(concurrency) {
  const code = `
    const { hash, verify } = require(${JSON.stringify(require.resolve('@node-rs/argon2', { paths: [path.join(repoRoot, 'services/identity')] }))});
    const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
    (async () => {
      const stored = await hash('demo-password', options);
      await verify(stored, 'demo-password');
      let done = 0;
      const cpu = process.cpuUsage();
      const end = Date.now() + ${DURATION * 1000};
      await Promise.all(Array.from({ length: ${concurrency} }, async () => {
        while (Date.now() < end) { await verify(stored, 'demo-password'); done++; }
      }));
      const { user, system } = process.cpuUsage(cpu);
      process.send({ perSecond: done / ${DURATION}, cpuMsPerVerify: (user + system) / 1000 / done, systemMsPerVerify: system / 1000 / done });
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve) => child.once('message', resolve));
}

/**
 * What Chromium sends as Accept-Encoding on every request: the read phases send it, as the web
 * app's readers do, so long answers are measured as they are sent to them (gzip-compressed).
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * Bare Fastify servers answering GET with the body and headers `viaGateway` and `direct` answer
 * (the headers each hop sets itself, such as the request id, kept as they were once).
 */
async function floorsOf(viaGateway, direct, headers) {
  // the bytes as they came (fetch would decompress them, and leave Content-Encoding on)
  const answerOf = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const kept = {};
            for (const [name, value] of Object.entries(res.headers)) {
              if (!['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value;
            }
            resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
          });
        })
        .on('error', reject);
    });
  const floor = (name, answer) =>
    serve(
      name,
      `const app = require(${fastifyPath})({ logger: false });
       const headers = ${JSON.stringify(answer.headers)};
       const body = Buffer.from(${JSON.stringify(answer.body)}, 'base64');
       app.get('/*', (request, reply) => reply.headers(headers).send(body));
       ${onSigterm}
       app.listen({ port: 0, host: '127.0.0.1' }).then((a) => process.send(a));`,
    ).then((server) => ({ ...server, name }));
  return [
    await floor('floor: bare Fastify, the list with the gateway’s headers', await answerOf(viaGateway)),
    await floor('floor: bare Fastify, the list with scoring’s headers', await answerOf(direct)),
  ];
}

/** The ETag the URL answers with now; says so when that ETag does not then answer 304. */
async function currentEtag(url, headers) {
  const etag = (await fetch(url, { headers })).headers.get('etag');
  const again = await fetch(url, { headers: { ...headers, 'if-none-match': etag ?? '' } });
  if (again.status !== 304) console.log(`note: ${url} with its own ETag ${etag} answered ${again.status}, not 304`);
  return etag ?? '';
}

async function waitForDemoScores(base, token) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const rows = await fetch(`${base}/api/group/index/list`, { headers: { authorization: `Bearer ${token}` } })
      .then((r) => r.json())
      .catch(() => []);
    const scored = Array.isArray(rows) ? rows.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && new Set(scored.map((r) => r.Period)).size === 1) return rows.length;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error('demo scores did not arrive within 10 minutes');
}

async function platformPart(helloReqPerSec) {
  const { startStack } = require(path.join(repoRoot, 'infra/dev/dist/stack.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-bench-'));
  // the gateway serves a web build; the benchmark needs none, so an empty page stands in
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!DOCTYPE html><title>bench</title>');
  console.log(`\nstarting the platform in ${dataDir} …`);
  const env = { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000' };
  const stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    demoData: true,
    verbose: false,
    webDist,
    env,
    // the services' own lines (warnings and worse at LOG_LEVEL=warn) go to BENCH_LOG when it names a file
    log: (line) => process.env.BENCH_LOG && fs.appendFileSync(process.env.BENCH_LOG, `${line}\n`),
    // node refuses --cpu-prof in NODE_OPTIONS: each service is started with it
    nodeArgs: (name) => profileArgs(name),
  });
  const hello = await helloWorld();
  try {
    const base = stack.url.replace('localhost', '127.0.0.1');
    const credentials = JSON.stringify({ Email: 'standard@example.com', Password: 'demo-password' });
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: credentials,
    });
    const { Token } = await login.json();
    if (ONLY === 'events') return await eventsToAudit(stack);
    if (ONLY === 'login') return await loginAlone(stack, base, credentials);
    const countries = await waitForDemoScores(base, Token);
    // what a browser sends: its token, and the encodings it accepts (Chromium's list)
    const plainHeaders = { authorization: `Bearer ${Token}` };
    const headers = { ...plainHeaders, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    // The read side is measured at rest, as it runs between score changes: while the demo data's
    // last events still arrive, each rebuild drops every replica's kept answers (scoring's and the
    // gateway's), and a phase then measures rebuilds and re-reads instead of the read path.
    await readSideAtRest(stack, `${base}/api/group/index/list`, headers);
    const viaGateway = `${base}/api/group/index/list`;
    const direct = `http://127.0.0.1:${stack.ports.scoring}/api/group/index/list`;
    console.log(`index list: ${countries} countries; ${DURATION} s per phase, ${CONNECTIONS} connections`);

    for (const url of [hello.url, viaGateway, direct]) await run({ url, headers, duration: 2 }); // warm-up
    const pidOf = (name) => stack.processes().find((p) => p.name === name)?.pid;
    const gw = { name: 'gateway', pid: pidOf('gateway') };
    const sc = { name: 'scoring', pid: pidOf('scoring') };
    // the version current now (the read model may have been rebuilt since the start), checked to answer 304
    const withEtag = { ...headers, 'if-none-match': await currentEtag(viaGateway, headers) };
    /** Autocannon counts 304s as non-2xx: every answer must be one. */
    const all304 = (r) => r['2xx'] === 0 && r.errors === 0 && r.timeouts === 0;
    const rows = [
      await measured('hello-world (bare Fastify)', { url: hello.url }, [{ name: 'hello', pid: hello.pid }]),
      await measured('index list via gateway', { url: viaGateway, headers }, [gw, sc]),
      await measured('index list via gateway, client holds the ETag (304)', { url: viaGateway, headers: withEtag }, [gw, sc]),
      await measured(
        `index list via gateway at ${RATE} req/s`,
        { url: viaGateway, headers, overallRate: RATE, connections: RATE_CONNECTIONS },
        [gw, sc],
      ),
      await measured('index list from scoring directly', { url: direct, headers }, [sc]),
      await measured('the same, the client accepting no compression', { url: direct, headers: plainHeaders }, [sc]),
    ];
    // what the load generator's own pacing adds at that rate: a bare hello-world paced the same way
    const helloAtRate = await measured(
      `hello-world at ${RATE} req/s`,
      { url: hello.url, overallRate: RATE, connections: RATE_CONNECTIONS },
      [{ name: 'hello', pid: hello.pid }],
    );
    rows.push(helloAtRate);
    // The floors: a bare Fastify (no hooks, no plugins) answering the very bytes the index list
    // answers, with the gateway's headers and with scoring's; what no work per request can go below.
    const floors = await floorsOf(viaGateway, direct, headers);
    // what scoring's direct target could reach at best: the floor with its headers, paired alike
    let scoringFloor;
    try {
      for (const floor of floors) rows.push(await measured(floor.name, { url: floor.url }, [{ name: 'floor', pid: floor.pid }]));
      scoringFloor = await pairedRatio({ url: hello.url }, { url: floors[1].url });
    } finally {
      for (const floor of floors) await floor.stop();
    }
    // the public summary through the gateway without a token: answered from the gateway's microcache
    // (scoring asked at most once a second), what a gateway cache hit costs
    const publicViaGateway = `${base}/api/group/index/public`;
    await run({ url: publicViaGateway, duration: 2 }); // warm-up
    const cacheHit = await measured('public summary via gateway (microcache hit)', { url: publicViaGateway }, [gw, sc]);
    rows.push(cacheHit);
    const loginConnections = LOGIN_CONNECTIONS;
    const logins = await measured(
      'login (argon2id) via gateway',
      {
        url: `${base}/api/user/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: credentials,
        connections: loginConnections,
      },
      [gw, { name: 'identity', pid: pidOf('identity') }],
    );
    rows.push(logins);
    const { perSecond: ceiling } = await argon2Ceiling(loginConnections);
    console.table(rows);
    // the read targets read paired runs against hello-world; the phases above give the CPU figures
    console.log(`pairing the read phases with hello-world (${PAIRS} pairs of 3 s each) …`);
    const helloAlone = { url: hello.url };
    const pairedReads = [
      await pairedRatio(helloAlone, { url: viaGateway, headers }),
      await pairedRatio(helloAlone, { url: viaGateway, headers: withEtag }, all304),
      await pairedRatio(helloAlone, { url: direct, headers }),
      await pairedRatio(helloAlone, { url: direct, headers: plainHeaders }),
    ];
    const hello2 = rows[0].reqPerSec;
    const noFailures = (r) => r.errors === 0 && r.non2xx === 0;
    /** A read target: the paired median held to `min` × hello-world; `answered` says the phase's answers were the expected ones. */
    const versusHello = (label, row, paired, min, answered = noFailures(row)) => {
      const single = `one phase each: ${row.reqPerSec} ÷ ${hello2} req/s = ${ratio(row.reqPerSec, hello2).toFixed(2)}×`;
      check(label, pairedText(paired), single, paired.median >= min && paired.answered && answered);
    };
    versusHello('index list via gateway ≥ 0.30 × hello-world', rows[1], pairedReads[0], 0.3);
    versusHello('304 via gateway ≥ 0.35 × hello-world', rows[2], pairedReads[1], 0.35, all304({ ...rows[2], timeouts: 0 }));
    check(
      `p99 ≤ 10 ms at ${RATE} req/s`,
      `${rows[3].p99} ms (${rows[3].reqPerSec} req/s reached, ${RATE_CONNECTIONS} connections)`,
      '10 ms',
      rows[3].p99 <= 10 && noFailures(rows[3]),
      `hello-world paced alike: p99 ${helloAtRate.p99} ms`,
    );
    versusHello('scoring index list ≥ 0.5 × hello-world', rows[4], pairedReads[2], 0.5);
    console.log(`scoring's index list, the client accepting no compression (measured, not a target): ${pairedText(pairedReads[3])}`);
    const rLogin = ratio(logins.reqPerSec, ceiling);
    check(
      'login ≥ 0.9 × argon2id verify ceiling',
      `${logins.reqPerSec} logins/s (${rLogin.toFixed(2)}×)`,
      `${ceiling.toFixed(1)} verifies/s`,
      rLogin >= 0.9 && noFailures(logins),
    );
    console.log(`gateway microcache hit: ${cacheHit.reqPerSec} req/s, ${ratio(cacheHit.reqPerSec, hello2).toFixed(2)}× hello-world`);
    for (const row of rows.filter((r) => r.name.startsWith('floor:'))) {
      console.log(`${row.name}: ${row.reqPerSec} req/s, ${ratio(row.reqPerSec, hello2).toFixed(2)}× hello-world`);
    }
    console.log(`floor with scoring's headers, paired with hello-world: ${pairedText(scoringFloor)}`);
    if (EVENT_SECONDS > 0) await eventsToAudit(stack);
    if (helloReqPerSec) console.log(`(hello-world in part 1: ${helloReqPerSec} req/s)`);
  } finally {
    await hello.stop();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const LOGIN_CONNECTIONS = 4;
const IDLE_SECONDS = 5;
// V8 is still optimizing the sign-in path after 2 s at a few dozen logins a second (its compiler
// threads showed in identity's CPU); the login phase alone is warmed up longer
const LOGIN_WARMUP_SECONDS = 6;

/**
 * The login phase alone, on a platform at rest (every durable consumer caught up with the demo
 * data's events): first the CPU every process spends per second doing nothing (pollers, timers),
 * then LOGIN_CONNECTIONS connections logging in through the gateway for DURATION seconds, with
 * the CPU of every process per login (identity split into its main thread and its other threads,
 * where argon2 runs) and, beside it, the idle share, then the argon2id verify ceiling.
 */
async function loginAlone(stack, base, credentials) {
  const { connectEventBus, SubjectSpace } = require(path.join(repoRoot, 'libs/events/dist/index.js'));
  const bus = await connectEventBus({ servers: stack.nats.url, name: 'bench', subjects: new SubjectSpace() });
  await consumersCaughtUp(bus);
  await bus.close();
  const url = `${base}/api/user/login`;
  const opts = { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: credentials, connections: LOGIN_CONNECTIONS };
  const identity = stack.processes().find((p) => p.name === 'identity').pid;

  const idleBefore = platformCpuMs(stack);
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const idleAfter = platformCpuMs(stack);
  const idlePerSecond = (name) => ((idleAfter.get(name) ?? 0) - (idleBefore.get(name) ?? 0)) / IDLE_SECONDS;

  await run({ ...opts, duration: LOGIN_WARMUP_SECONDS }); // warm-up
  const cpuBefore = platformCpuMs(stack);
  const threadsBefore = threadCpuMsOf(identity);
  const started = Date.now();
  // the profiles' clock (µs): profile-top's --from/--to keep only this phase
  const from = monotonicUs();
  const result = await run(opts);
  const to = monotonicUs();
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = platformCpuMs(stack);
  const threadsAfter = threadCpuMsOf(identity);
  const logins = result.requests.total || 1;
  const perLogin = (ms) => ((ms * 1000) / logins).toFixed(0);
  const busy = [...cpuAfter]
    .map(([name, ms]) => {
      const spent = ms - (cpuBefore.get(name) ?? 0);
      return {
        process: name,
        'CPU µs per login': Number(perLogin(spent)),
        'of which idle CPU': Number(perLogin(idlePerSecond(name) * seconds)),
        'idle CPU ms/s': Number(idlePerSecond(name).toFixed(1)),
      };
    })
    .filter((r) => r['CPU µs per login'] > 0 || r['idle CPU ms/s'] > 0)
    .sort((a, b) => b['CPU µs per login'] - a['CPU µs per login']);
  if (threadsBefore && threadsAfter) {
    for (const [thread, label] of [
      ['main', 'main thread'],
      ['others', 'other threads'],
    ]) {
      for (const kind of ['user', 'system']) {
        const ms = threadsAfter[thread][kind] - threadsBefore[thread][kind];
        busy.push({ process: `identity: ${label}, ${kind}`, 'CPU µs per login': Number(perLogin(ms)) });
      }
    }
  }
  busy.push({
    process: 'all processes',
    'CPU µs per login': Number(perLogin([...cpuAfter].reduce((t, [n, ms]) => t + ms - (cpuBefore.get(n) ?? 0), 0))),
  });
  // the gateway's CPU per login beside a GET through it at the same rate and connections: a proxied
  // request costs more when requests come one at a time than at thousands a second
  const { Token } = await (await fetch(url, { method: 'POST', headers: opts.headers, body: credentials })).json();
  const gateway = { name: 'gateway', pid: stack.processes().find((p) => p.name === 'gateway').pid };
  const loginRate = Math.max(1, Math.round(result.requests.average));
  const getAtLoginRate = await measured(
    `index list via gateway at ${loginRate} req/s`,
    {
      url: `${base}/api/group/index/list`,
      headers: { authorization: `Bearer ${Token}` },
      connections: LOGIN_CONNECTIONS,
      overallRate: loginRate,
    },
    [gateway],
  );
  const ceiling = await argon2Ceiling(LOGIN_CONNECTIONS);
  const logRow = {
    ...row('login (argon2id) via gateway', result),
    'CPU µs/req': `gateway ${perLogin(cpuAfter.get('gateway') - cpuBefore.get('gateway'))}`,
  };
  console.table([logRow, getAtLoginRate]);
  console.log(`CPU time per login by process (Postgres by the service each backend serves), and at rest (${IDLE_SECONDS} s before):`);
  console.table(busy);
  console.log(
    `argon2id verify ceiling: ${ceiling.perSecond.toFixed(1)} verifies/s, ${ceiling.cpuMsPerVerify.toFixed(2)} ms CPU per verify (${ceiling.systemMsPerVerify.toFixed(2)} ms of it system)`,
  );
  // also for `perf record -k CLOCK_MONOTONIC` of a service: `perf script --time <from/1e6>,<to/1e6>`
  console.log(`the measured phase (monotonic clock, µs): --from ${from} --to ${to} --requests ${result.requests.total}`);
  const r = ratio(logRow.reqPerSec, ceiling.perSecond);
  check(
    'login ≥ 0.9 × argon2id verify ceiling',
    `${logRow.reqPerSec} logins/s (${r.toFixed(2)}×)`,
    `${ceiling.perSecond.toFixed(1)} verifies/s`,
    r >= 0.9 && logRow.errors === 0 && logRow.non2xx === 0,
  );
}

const EVENT_RATE = Number(process.env.EVENT_RATE ?? 1000);
const EVENT_SECONDS = Number(process.env.EVENT_SECONDS ?? 60);
const EVENT_WARMUP_SECONDS = 3;

/**
 * Events published to the stream at EVENT_RATE for EVENT_SECONDS (as identity publishes a
 * login), and the time until each one's audit row can be read (audit's consumer writes it
 * in the hash chain). Rows are looked for every 20 ms, which bounds the error of each figure.
 * Like every other phase it starts on a platform at rest (every durable consumer caught up,
 * the demo data's events included) and after a warm-up at the same rate that is not measured.
 */
async function eventsToAudit(stack) {
  const { connectEventBus, SubjectSpace } = require(path.join(repoRoot, 'libs/events/dist/index.js'));
  const pg = fromWorkspace('services/audit', 'pg');
  const bus = await connectEventBus({ servers: stack.nats.url, name: 'bench', subjects: new SubjectSpace() });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  await consumersCaughtUp(bus);

  /** Publishes `count` logins at EVENT_RATE without waiting for earlier acks (a steady rate, not a closed loop). */
  const publishSteadily = async (count, onPublish) => {
    const started = Date.now();
    const inFlight = new Set();
    for (let sent = 0; sent < count;) {
      const due = Math.min(count, Math.floor(((Date.now() - started) / 1000) * EVENT_RATE));
      for (; sent < due; sent++) {
        const id = crypto.randomUUID();
        const event = {
          id,
          type: 'evt.identity.user.loggedIn',
          occurredAt: new Date().toISOString(),
          actor: null,
          data: { userId: `bench-${sent % 100}`, email: `bench-${sent % 100}@example.com`, free: false },
        };
        onPublish(id);
        // a publish that fails (NATS overloaded) is an event lost, not a crash of the benchmark
        const p = bus.js
          .publish(bus.subjects.toSubject(event.type), JSON.stringify(event), { msgID: id })
          .catch(() => undefined)
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.allSettled([...inFlight]);
    return (Date.now() - started) / 1000;
  };

  console.log(`\nevents: warming up at ${EVENT_RATE}/s for ${EVENT_WARMUP_SECONDS} s (not measured) …`);
  await publishSteadily(EVENT_RATE * EVENT_WARMUP_SECONDS, () => undefined);
  await consumersCaughtUp(bus);

  const published = new Map();
  const seen = new Map();
  let lastSeq = (await db.query('select coalesce(max(seq), 0)::text as seq from audit.audit_rows')).rows[0].seq;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      // by the index on seq, whatever the planner's statistics of a table growing 1,000 rows a second
      // say: with no limit (or a large one) it scanned the whole table at every poll (10 ms at 60,000
      // rows), taking CPU from the platform measured; 500 rows a poll is 25,000 rows a second
      const { rows } = await db.query(
        'select id, seq::text as position from audit.audit_rows where seq > $1 order by audit_rows.seq limit 500',
        [lastSeq],
      );
      const now = Date.now();
      for (const r of rows) {
        if (published.has(r.id) && !seen.has(r.id)) seen.set(r.id, now);
        lastSeq = r.position;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  console.log(`events: ${EVENT_RATE}/s for ${EVENT_SECONDS} s into the stream, timed until audit's row is readable …`);
  const cpuBefore = platformCpuMs(stack);
  const total = EVENT_RATE * EVENT_SECONDS;
  const sentFor = await publishSteadily(total, (id) => published.set(id, Date.now()));
  const deadline = Date.now() + 120_000;
  while (seen.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  polling = false;
  await poller;
  const cpuAfter = platformCpuMs(stack);
  const busy = [...cpuAfter]
    .map(([name, ms]) => ({ process: name, 'CPU µs per event': Math.round(((ms - (cpuBefore.get(name) ?? 0)) * 1000) / total) }))
    .filter((r) => r['CPU µs per event'] > 0)
    .sort((a, b) => b['CPU µs per event'] - a['CPU µs per event']);
  console.log('CPU time per event published, by process (Postgres by the service each backend serves; `postgres` is this');
  console.log("benchmark's own poller), until the last row was seen:");
  console.table(busy);
  await db.end();
  await bus.close();
  const latencies = [...seen.entries()].map(([id, at]) => at - published.get(id)).sort((a, b) => a - b);
  const pct = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Infinity;
  const lost = total - seen.size;
  console.table([
    {
      events: total,
      'sent in s': sentFor.toFixed(1),
      'rows seen': seen.size,
      lost,
      p50: pct(0.5),
      p95: pct(0.95),
      p99: pct(0.99),
      max: latencies.at(-1),
    },
  ]);
  check(
    `event → audit row p99 ≤ 250 ms at ${EVENT_RATE}/s for ${EVENT_SECONDS} s, 0 lost`,
    `p99 ${pct(0.99)} ms, ${lost} not seen within 2 min`,
    `${(total / sentFor).toFixed(0)} events/s published`,
    pct(0.99) <= 250 && lost === 0,
  );
}

/** Waits until every durable consumer of the stream has read and acked everything (at most 10 minutes). */
/** Every durable consumer caught up, then the index list's version unchanged for 5 s. */
async function readSideAtRest(stack, url, headers) {
  const { connectEventBus, SubjectSpace } = require(path.join(repoRoot, 'libs/events/dist/index.js'));
  const bus = await connectEventBus({ servers: stack.nats.url, name: 'bench', subjects: new SubjectSpace() });
  await consumersCaughtUp(bus);
  await bus.close();
  const deadline = Date.now() + 600_000;
  let etag = null;
  let since = Date.now();
  while (Date.now() - since < 5000) {
    if (Date.now() > deadline) throw new Error('the index list kept changing for 10 minutes');
    const now = (await fetch(url, { headers })).headers.get('etag');
    if (now !== etag) [etag, since] = [now, Date.now()];
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function consumersCaughtUp(bus) {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const behind = [];
    for await (const info of bus.jsm.consumers.list(bus.subjects.stream)) {
      if (info.num_pending || info.num_ack_pending) behind.push(info.name);
    }
    if (!behind.length) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the platform did not catch up with its events within 10 minutes');
}

async function main() {
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`${os.cpus().length} CPUs, load average ${load()} at the start`);
  if (ONLY && !['hop', 'platform', 'events', 'login', 'compare'].includes(ONLY))
    throw new Error(`ONLY=${ONLY}: hop, platform, events, login or compare`);
  // a comparison of two builds, not a check of the targets
  if (ONLY === 'compare') return await comparePart();
  let hello = 0;
  if (!ONLY || ONLY === 'hop') hello = await hopPart();
  if (ONLY !== 'hop') await platformPart(hello);
  console.log(`\nload average ${load()} at the end (on a shared machine ratios hold better than req/s)`);
  console.table(checks);
  if (PROFILE_DIR) {
    console.log(`CPU profiles in ${PROFILE_DIR}; requests each server answered while profiled (for profile-top --requests):`);
    console.table(Object.fromEntries(answeredBy));
    console.log("each phase alone (profile-top options; only that phase's samples count):");
    for (const [phase, window] of Object.entries(phaseWindows)) console.log(`  ${phase}: ${window}`);
  }
  process.exitCode = checks.every((c) => c.met === 'yes') ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
