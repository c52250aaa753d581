import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { connectEventBus, SubjectSpace, type EventBus } from '@cti/events';

import type * as Stack from '../../infra/dev/src/stack';

export const repoRoot = path.resolve(__dirname, '..', '..');
export type RunningStack = Stack.RunningStack;

/** The dev runner's stack, as `make start` runs it (built by `tsc -b`, as the services it starts). */
const stackModule = () => import(pathToFileURL(path.join(repoRoot, 'infra/dev/dist/stack.js')).href) as Promise<typeof Stack>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The whole platform with demo data serving the built web app, its rate limit lifted (one client sends everything). */
export async function startPlatform(): Promise<{ stack: RunningStack; stop(): Promise<void> }> {
  const webDist = path.join(repoRoot, 'web', 'dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('web/dist is missing: `make bench` builds it first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const { startStack } = await stackModule();
  const stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    webDist,
    demoData: true,
    verbose: false,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000' },
    // reads every durable consumer's state (platform at rest, the events phase)
    harnessNatsUser: 'bench',
    // the services' own lines (warnings and worse) go to BENCH_LOG when it names a file
    log: (line) => process.env.BENCH_LOG && fs.appendFileSync(process.env.BENCH_LOG, `${line}\n`),
  });
  return {
    stack,
    async stop() {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(base: string, email: string): Promise<{ Id: string; Token: string }> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}`);
  return (await res.json()) as { Id: string; Token: string };
}

export const eventBusOf = (stack: RunningStack): Promise<EventBus> =>
  connectEventBus({
    servers: stack.natsUrl,
    name: 'bench',
    subjects: new SubjectSpace(),
    createStream: false,
    credentials: stack.harnessNats ?? undefined,
  });

/** Waits until every durable consumer of the stream has read and acked everything (at most 10 minutes). */
export async function consumersCaughtUp(bus: EventBus): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const behind: string[] = [];
    for await (const info of bus.jsm.consumers.list(bus.subjects.stream)) {
      if (info.num_pending || info.num_ack_pending) behind.push(info.name);
    }
    if (!behind.length) return;
    await sleep(500);
  }
  throw new Error('the platform did not catch up with its events within 10 minutes');
}

/**
 * The platform at rest: the demo scores served, every durable consumer caught up, then the index
 * list's version unchanged for 5 s. While the demo data's last events arrive, each rebuild drops
 * the kept answers, and a phase would measure rebuilds instead of what a reader meets.
 */
export async function atRest(stack: RunningStack, token: string): Promise<void> {
  const url = `${stack.url}/api/group/index/list`;
  const headers = { authorization: `Bearer ${token}` };
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('the demo scores did not arrive within 10 minutes');
    const rows = (await fetch(url, { headers })
      .then((r) => r.json())
      .catch(() => [])) as Array<{ Scored?: boolean; Period?: string }>;
    const scored = Array.isArray(rows) ? rows.filter((r) => r.Scored) : [];
    if (scored.length >= 45 && new Set(scored.map((r) => r.Period)).size === 1) break;
    await sleep(1000);
  }
  const bus = await eventBusOf(stack);
  await consumersCaughtUp(bus);
  await bus.close();
  let etag: string | null = null;
  let since = Date.now();
  while (Date.now() - since < 5000) {
    if (Date.now() > deadline) throw new Error('the index list kept changing for 10 minutes');
    const now = (await fetch(url, { headers })).headers.get('etag');
    if (now !== etag) [etag, since] = [now, Date.now()];
    await sleep(250);
  }
}

/** CPU time (user + system) a process has used so far, in ms; Linux only (null elsewhere). */
export function cpuMsOf(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Percentile of ascending values (the value at or below which `p` % of them lie). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
