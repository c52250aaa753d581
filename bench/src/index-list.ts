import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import autocannon from 'autocannon';

import { freePort } from '@cti/local-infra';

import { cpuMsOf, repoRoot, sleep, type RunningStack } from './platform';

/** What a browser sends besides its token: Chromium's Accept-Encoding (long answers go gzip-compressed). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const load = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result))),
  );

export interface ThroughputResult {
  requestsPerSecond: number;
  p99: number;
  gatewayCpuUsPerRequest: number | null;
  scoringCpuUsPerRequest: number | null;
  failures: number;
}

/**
 * The signed-in reader's index list through the gateway (the lists every reader opens first), closed
 * loop: requests a second, p99, and the CPU each process spent per request (req/s move with the
 * neighbours' load; CPU per request barely does). The figure A/B comparisons of the gateway read.
 */
export async function indexListThroughput(stack: RunningStack, token: string, seconds: number): Promise<ThroughputResult> {
  const url = `${stack.url}/api/group/index/list`;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  await load({ url, headers, duration: 2, connections: 32 }); // warm-up
  const pidOf = (name: string) => stack.processes().find((p) => p.name === name)?.pid;
  const [gateway, scoring] = [pidOf('gateway'), pidOf('scoring')];
  const before = [cpuMsOf(gateway), cpuMsOf(scoring)];
  const result = await load({ url, headers, duration: seconds, connections: 32 });
  const answered = result.requests.total || 1;
  const perRequest = (after: number | null, was: number | null | undefined) =>
    after === null || was === null || was === undefined ? null : ((after - was) * 1000) / answered;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    gatewayCpuUsPerRequest: perRequest(cpuMsOf(gateway), before[0]),
    scoringCpuUsPerRequest: perRequest(cpuMsOf(scoring), before[1]),
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

interface Server {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

function startProcess(args: string[], env: Record<string, string>, url: string): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = () =>
    new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.kill('SIGTERM'))));
  return (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not answer within 60 s`);
      if (
        await fetch(`${url}/health/ready`).then(
          (r) => r.status < 500,
          () => false,
        )
      )
        return { pid: child.pid!, url, stop };
      await sleep(200);
    }
  })();
}

/**
 * `ONLY=compare`: this build's gateway against another build's (`COMPARE_DIST`, its
 * services/gateway/dist), both forwarding the index list's path to one small upstream (a Fastify
 * answering a fixed list). Runs alternate between the two so the machine's swings fall on both;
 * each pair's CPU per request is divided. What an A/B of a hand-written piece against the library
 * it replaced reads.
 */
export async function compareGateways(otherDist: string, runs: number, seconds: number): Promise<void> {
  if (!fs.existsSync(path.join(otherDist, 'src/server.js'))) throw new Error(`COMPARE_DIST=${otherDist} holds no src/server.js`);
  const upstreamPort = await freePort();
  const fastify = JSON.stringify(require.resolve('fastify', { paths: [path.join(repoRoot, 'services/gateway')] }));
  const rows = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ Group: `Country ${i}`, Score: 4.5, Scored: true })));
  const upstream = await startProcess(
    [
      '-e',
      `const app = require(${fastify})({ logger: false });
       app.get('/health/ready', async () => ({ status: 'ok' }));
       app.get('/*', async (request, reply) => reply.type('application/json').send(${JSON.stringify(rows)}));
       process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
       app.listen({ port: ${upstreamPort}, host: '127.0.0.1' });`,
    ],
    {},
    `http://127.0.0.1:${upstreamPort}`,
  );
  const gatewayOf = async (dist: string) => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
    env.RATE_LIMIT_PER_MINUTE = '1000000000';
    for (const name of ['IDENTITY', 'QUESTIONNAIRE', 'SCORING', 'DOCUMENTS', 'COMMERCE', 'AUDIT', 'NOTIFICATIONS'])
      env[`${name}_URL`] = upstream.url;
    return startProcess([path.join(dist, 'src/server.js')], env, `http://127.0.0.1:${port}`);
  };
  const builds = {
    this: await gatewayOf(path.join(repoRoot, 'services/gateway/dist')),
    other: await gatewayOf(path.resolve(otherDist)),
  };
  const perRequest: Record<'this' | 'other', number[]> = { this: [], other: [] };
  const indexList = '/api/group/index/list';
  try {
    for (const b of Object.values(builds)) await load({ url: `${b.url}${indexList}`, duration: 2, connections: 32 });
    for (let i = 0; i < runs; i++) {
      for (const name of i % 2 ? (['other', 'this'] as const) : (['this', 'other'] as const)) {
        const before = cpuMsOf(builds[name].pid)!;
        const result = await load({ url: `${builds[name].url}${indexList}`, duration: seconds, connections: 32 });
        if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
        perRequest[name].push(((cpuMsOf(builds[name].pid)! - before) * 1000) / result.requests.total);
      }
    }
  } finally {
    for (const server of [builds.this, builds.other, upstream]) await server.stop();
  }
  const ratios = perRequest.this.map((us, i) => us / perRequest.other[i]);
  console.log(`gateway CPU µs per request on ${indexList}, median of ${runs} alternated runs of ${seconds} s:`);
  console.log(`  this build ${median(perRequest.this).toFixed(0)}, ${otherDist} ${median(perRequest.other).toFixed(0)}`);
  console.log(`  this ÷ other: ${median(ratios).toFixed(2)}× (pairs: ${ratios.map((r) => r.toFixed(2)).join(' ')})`);
}
