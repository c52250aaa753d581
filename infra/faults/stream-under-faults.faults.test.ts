import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { pgCtl } from '@cti/local-infra';
import { eventually } from '@cti/testing';

import { startStack, type RunningStack } from '../dev/src/stack';
import { formatStatus, stackStatus } from '../dev/src/status';

import { AnswerStream, isAcknowledged } from './support/answer-stream';
import { formatTable, readEffects, tally, type Phase } from './support/ledger';

/**
 * The platform as real processes under the dev runner (embedded Postgres, nats-server,
 * every service, the gateway), a respondent saving answers through the gateway without
 * pause, and, one after another: NATS killed (-9), a service killed (-9), Postgres
 * restarted with `pg_ctl restart -m fast` and `-m immediate`, and questionnaire killed
 * (-9) while its outbox relay is in the middle of a batch. Nobody restarts anything by
 * hand: the runner and the processes themselves recover.
 *
 * Every request answered 2xx must have exactly one effect and exactly one audit row;
 * every other request must have been answered 5xx (never a 2xx without its effect, never
 * a 4xx for an outage); every service must answer ready again within 30 s of the fault's
 * end. The table of what happened per fault goes to stdout and test-output/faults-report.txt.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const outputDir = path.join(repoRoot, 'test-output');
/** Protectionism A, question 2: free text, shown unconditionally. */
const FREE_TEXT_QUESTION = '16.2';
/** Requests per phase: some before the fault, the rest after recovery. */
const BEFORE_FAULT = 150;
const PER_PHASE = 500;
const RECOVERY_LIMIT_MS = 30_000;

let stack: RunningStack;
let dataDir: string;
let stream: AnswerStream;
let db: pg.Client;
/** The suite's own connection (superuser), opened again after Postgres restarted under it. */
async function reconnect() {
  await db?.end().catch(() => undefined);
  db = await eventually(
    async () => {
      const client = new pg.Client({ connectionString: stack.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    30_000,
    200,
  );
}
const phases: Phase[] = [];
const notes: string[] = [];

const pidOf = (name: string) => {
  const pid = stack.processes().find((p) => p.name === name)?.pid;
  if (!pid) throw new Error(`${name} has no running process`);
  return pid;
};

/** Readiness of every service and the gateway: true when all answer 200 (degraded counts as ready). */
async function readiness(): Promise<Record<string, boolean>> {
  const processes = stack.processes().filter((p) => p.kind === 'service' || p.kind === 'gateway');
  const answers = await Promise.all(
    processes.map(async (p) => {
      try {
        const res = await fetch(`http://127.0.0.1:${p.port}/health/ready`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return [p.name, res.ok] as const;
      } catch {
        return [p.name, false] as const;
      }
    }),
  );
  return Object.fromEntries(answers);
}
const allReady = async () => Object.values(await readiness()).every(Boolean);

/** Milliseconds from the fault's end until every service is ready again (up to a ceiling well above the limit). */
async function recoveryFrom(endedAt: number): Promise<number> {
  await eventually(allReady, 180_000, 100);
  return Date.now() - endedAt;
}

const requestsIn = (phase: string, n: number) => eventually(() => stream.countIn(phase) >= n, 300_000, 50);

/** Runs one fault inside the stream: some requests before it, the fault, recovery, the rest of the phase after. */
async function duringStream(name: string, fault: () => Promise<number>): Promise<void> {
  const startedAt = Date.now();
  stream.phase = name;
  await requestsIn(name, BEFORE_FAULT);
  const endedAt = await fault();
  const recoveryMs = await recoveryFrom(endedAt);
  await requestsIn(name, PER_PHASE);
  phases.push({ name, recoveryMs, tookMs: Date.now() - startedAt });
}

async function login(email: string, password: string) {
  const res = await fetch(`${stack.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: password }),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { Id: string; Token: string };
}

beforeAll(async () => {
  fs.mkdirSync(outputDir, { recursive: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-faults-'));
  fs.chmodSync(dataDir, 0o755);
  // the gateway serves a web build; this suite only calls /api
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>faults</title>');
  const log = fs.createWriteStream(path.join(outputDir, 'faults-stack.log'));
  const startedAt = Date.now();
  stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    webDist,
    demoData: true,
    verbose: false,
    env: {
      LOG_LEVEL: 'info',
      // one client IP sends everything; the run outlasts the default access token (3600 s is identity's ceiling) and section lock
      RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOCK_TTL_SECONDS: '3600',
    },
    log: (line) => log.write(`${line}\n`),
  });
  await reconnect();
  notes.push(`the platform started with its demo data in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}, 5 * 60_000);

afterAll(async () => {
  await stream?.stop();
  await db?.end().catch(() => undefined);
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

it('loses and doubles nothing, answers 5xx while failing, and recovers by itself from each fault', async () => {
  const session = await login('respondent@example.com', 'demo-password');
  const open = (await (
    await fetch(`${stack.url}/api/questionnaire/open`, { headers: { authorization: `Bearer ${session.Token}` } })
  ).json()) as Array<{ QuestionnaireId: string; Country: string }>;
  const questionnaire = open.find((q) => q.Country === 'Ireland');
  if (!questionnaire) throw new Error(`the demo respondent has no open questionnaire of Ireland: ${JSON.stringify(open)}`);
  stream = new AnswerStream({
    gatewayUrl: stack.url,
    accessToken: session.Token,
    questionnaireId: questionnaire.QuestionnaireId,
    userId: session.Id,
    questionId: FREE_TEXT_QUESTION,
    run: randomBytes(3).toString('hex'),
    concurrency: 6,
  });
  // one save end to end before the stream: the request shape is right and the audit pipeline works
  expect(await stream.save(stream.tokenOf(0))).toBe(200);
  await eventually(async () => (await readEffects(db, stream.tokenPattern)).audited.get(stream.tokenOf(0)) === 1, 60_000, 200);

  const baselineStartedAt = Date.now();
  stream.start();
  await requestsIn('baseline', PER_PHASE);
  phases.push({ name: 'baseline', recoveryMs: null, tookMs: Date.now() - baselineStartedAt });

  await duringStream('nats kill -9', async () => {
    const killedAt = Date.now();
    process.kill(pidOf('nats'), 'SIGKILL');
    // readiness says "not ready" while NATS is away (seen unless the runner was quicker than the poll)
    const seen = await eventually(async () => !(await allReady()), 10_000, 20).then(
      () => true,
      () => false,
    );
    notes.push(`nats kill -9: services reported not ready while NATS was away: ${seen ? 'yes' : 'not observed'}`);
    return killedAt;
  });

  await duringStream('audit kill -9', async () => {
    const killedAt = Date.now();
    process.kill(pidOf('audit'), 'SIGKILL');
    return killedAt;
  });

  for (const mode of ['fast', 'immediate'] as const) {
    await duringStream(`pg_ctl restart -m ${mode}`, async () => {
      const code = await pgCtl(path.join(dataDir, 'pg'), ['restart', '-m', mode], path.join(dataDir, `pg-restart-${mode}.log`));
      if (code !== 0) throw new Error(`pg_ctl restart -m ${mode} exited with ${code}`);
      // pg_ctl -w returns once the server accepts connections again: the fault is over
      const endedAt = Date.now();
      await reconnect();
      return endedAt;
    });
  }

  await duringStream('relay kill -9 mid-batch', async () => {
    // a backlog first: NATS stops answering (SIGSTOP) while saves go on and queue in the outbox
    const natsPid = pidOf('nats');
    const backlog = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from questionnaire.outbox where sent_at is null')).rows[0].n;
    process.kill(natsPid, 'SIGSTOP');
    try {
      await eventually(async () => (await backlog()) >= 300, 120_000, 100);
    } finally {
      process.kill(natsPid, 'SIGCONT');
    }
    // the relay drains it in batches, each one transaction holding its rows while it publishes:
    // questionnaire is killed while one such transaction is open
    const inBatch = await eventually(
      async () => {
        const rows = await db.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where usename = 'questionnaire' and state like 'idle in transaction%'
              and query ilike '%from "outbox"%for update skip locked%'`,
        );
        return rows.rows.length > 0;
      },
      60_000,
      5,
    ).then(
      () => true,
      () => false,
    );
    const killedAt = Date.now();
    process.kill(pidOf('questionnaire'), 'SIGKILL');
    notes.push(`relay kill -9 mid-batch: killed with a relay batch transaction open: ${inBatch ? 'yes' : 'no'}`);
    expect(inBatch).toBe(true);
    return killedAt;
  });

  await stream.stop();

  // everything committed reaches the audit log: wait until the outbox is drained and nothing more arrives
  const drainStartedAt = Date.now();
  let effects = await readEffects(db, stream.tokenPattern);
  const storedTotal = () => [...effects.stored.values()].reduce((a, b) => a + b, 0);
  const auditedTotal = () => [...effects.audited.values()].reduce((a, b) => a + b, 0);
  await eventually(
    async () => {
      effects = await readEffects(db, stream.tokenPattern);
      const unsent = (await db.query<{ n: number }>('select count(*)::int as n from questionnaire.outbox where sent_at is null')).rows[0].n;
      return unsent === 0 && auditedTotal() >= storedTotal();
    },
    300_000,
    500,
  );
  notes.push(`every committed save reached the audit log ${((Date.now() - drainStartedAt) / 1000).toFixed(1)} s after the stream stopped`);

  // what `make status` shows now: every process running and ready, the killed ones restarted by the runner
  const status = await eventually(async () => {
    const s = await stackStatus(dataDir);
    return s?.processes.every((p) => p.alive && p.ready && p.state === 'running') ? s : null;
  }, 60_000);
  const restarts = Object.fromEntries(status.processes.map((p) => [p.name, p.restarts]));

  const rows = tally(stream.outcomes, effects, phases);
  const statuses = new Map<string, number>();
  for (const o of stream.outcomes) statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
  const report = [
    'Fault injection: answer saves through the gateway while processes are killed and Postgres restarts',
    '',
    formatTable(rows),
    '',
    `answers by status: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    ...notes,
    '',
    'make status after the faults:',
    formatStatus(status.url, status.processes),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(outputDir, 'faults-report.txt'), report);
  process.stdout.write(`\n${report}\n`);

  const total = rows.at(-1)!;
  expect(total.requested).toBeGreaterThanOrEqual(2000);
  // every 2xx has exactly one effect and exactly one audit row
  const acknowledged = stream.outcomes.filter(isAcknowledged);
  expect(acknowledged.filter((o) => effects.stored.get(o.token) !== 1 || effects.audited.get(o.token) !== 1)).toEqual([]);
  // nothing doubled, acknowledged or not
  expect(stream.outcomes.filter((o) => (effects.stored.get(o.token) ?? 0) > 1 || (effects.audited.get(o.token) ?? 0) > 1)).toEqual([]);
  // what was not acknowledged was answered 5xx (503 while Postgres was away, 502 from the gateway while questionnaire was)
  expect(stream.outcomes.filter((o) => !isAcknowledged(o) && !(typeof o.status === 'number' && o.status >= 500))).toEqual([]);
  // and what was committed is audited, whatever its request was answered
  expect(auditedTotal()).toBe(storedTotal());
  // nobody restarted the killed processes by hand: the runner did, and make status counts it;
  // no other service and not the gateway died on the way (through both Postgres restarts either)
  const killed = ['nats', 'audit', 'questionnaire'];
  expect(killed.filter((name) => !(restarts[name] >= 1))).toEqual([]);
  const diedUnasked = status.processes.filter((p) => p.restarts > 0 && p.name !== 'postgres' && !killed.includes(p.name));
  expect(diedUnasked.map((p) => `${p.name} (${p.lastExit})`)).toEqual([]);
  // every service is ready again within 30 s of each fault's end, without a manual restart
  for (const phase of phases.slice(1))
    expect({ fault: phase.name, withinLimit: phase.recoveryMs! <= RECOVERY_LIMIT_MS }).toEqual({ fault: phase.name, withinLimit: true });
});
