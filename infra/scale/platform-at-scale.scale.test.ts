import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { AUDIT_GENESIS_HASH, SectionIds, type AuditChainCheck, type GroupIndexRow } from '@cti/contracts';
import { connectEventBus, SubjectSpace, type EventBus } from '@cti/events';
import { eventually } from '@cti/testing';

import { instanceNames, SERVICES, startStack, type RunningStack } from '../dev/src/stack';
import { formatStatus, stackStatus } from '../dev/src/status';

import {
  alertLedger,
  databaseConnections,
  effectsOfLoad,
  eventLedger,
  type AlertLedger,
  type EventLedger,
  type KindRow,
} from './support/effects';
import { call, LOAD_KINDS, PlatformLoad, type LoadOutcome, type Session } from './support/platform-load';
import { liveChangesAcrossReplicas, visibleAcrossGateways, type LiveSample } from './support/probes';
import { cutOffByAFault, kindTable, phaseRows, phaseTable, WINDOW_GRACE_MS, type PhaseRecord } from './support/report';

/**
 * The platform scaled out on one machine, as `REPLICAS=2 NATS_CLUSTER=3 make start` runs it:
 * two replicas of every service, two gateways behind the round-robin front (HAProxy), a
 * three-node NATS JetStream cluster (the events stream at three replicas), one Postgres. Under a
 * steady load of answer saves, score saves, follows, purchases and sign-ins through the front,
 * one after another: the events stream's leader node is killed (-9), then one replica of each
 * service, then a gateway, and at last every process is restarted one replica at a time (a
 * rolling restart). Nobody restarts anything by hand: the runner does, as the kubelet would.
 *
 * Checked: every acknowledged request made exactly one change and one audit row, nothing twice;
 * every event published once and recorded once, every consumer caught up; the audit chain checks
 * valid end to end with both audit replicas running, and audit's entries left in chain order;
 * each alert e-mailed once, each daily digest once per user; a score saved through one gateway
 * read through the other within a second; a section page on questionnaire replica 2 hearing a
 * lock release and an approval made on replica 1 within two seconds; failures only 5xx (or, at
 * the gateway's kill, a request in flight losing its connection), only while a fault lasted;
 * every process ready again within 30 s; Postgres connections within the
 * stated budget. The tables go to stdout and test-output/scale-report.txt.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const outputDir = path.join(repoRoot, 'test-output');
const REPLICAS = 2;
const NATS_NODES = 3;
/**
 * Requests (of every kind) before each fault, and in all per phase. CI's `make test` runs the
 * suite at half this load (`SCALE_LOAD=reduced`): every fault and check the same, fewer requests.
 */
const REDUCED = process.env.SCALE_LOAD === 'reduced';
const BEFORE_FAULT = REDUCED ? 30 : 60;
const PER_PHASE = REDUCED ? 100 : 200;
const RECOVERY_LIMIT_MS = 30_000;
const ACROSS_GATEWAYS_LIMIT_MS = 1000;
const LIVE_CHANGE_LIMIT_MS = 2000;
/** Protectionism A, question 2: free text, in a section the probes never lock. */
const FREE_TEXT_QUESTION = '16.2';
/** The section the other firm's respondent opens and leaves in the live probe. */
const PROBE_SECTION = SectionIds.Liens;
/**
 * Postgres connections: each process's pool (DB_POOL_SIZE, 10 by default) of every service's
 * replicas, scoring's read-model listener per replica, and a margin for this suite's own client
 * and the connections of a killed process Postgres has not yet noticed gone.
 */
const POOL_SIZE = 10;
const LISTENERS_PER_REPLICA = 1;
const CONNECTION_MARGIN = 10;
const CONNECTION_BUDGET = REPLICAS * (SERVICES.length * POOL_SIZE + LISTENERS_PER_REPLICA) + CONNECTION_MARGIN;

let stack: RunningStack;
let dataDir: string;
let db: pg.Client;
let bus: EventBus;
let load: PlatformLoad;
const phases: PhaseRecord[] = [];
const notes: string[] = [];
const acrossGateways: Array<{ when: string; ms: number | null; status: number | string }> = [];
const live: Array<{ when: string } & LiveSample> = [];
let connections = { max: 0, samples: 0 };
let connectionSampler: NodeJS.Timeout | null = null;

const urlOf = (name: string) => `http://127.0.0.1:${stack.ports[name]}`;
const pidOf = (name: string) => {
  const pid = stack.processes().find((p) => p.name === name)?.pid;
  if (!pid) throw new Error(`${name} has no running process`);
  return pid;
};

/** Whether one process answers ready: its readiness (services, gateways), `/healthz` (a NATS node), or the front forwarding. */
async function readyOne(p: { name: string; kind: string; port: number }): Promise<boolean> {
  if (p.kind === 'nats') return (await stack.natsServers.find((n) => n.name === p.name)?.healthy()) ?? false;
  if (p.kind === 'postgres') return true;
  try {
    const res = await fetch(`http://127.0.0.1:${p.port}/health/ready`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}
const allReady = async () => (await Promise.all(stack.processes().map(readyOne))).every(Boolean);

/** Milliseconds from `since` until every process answers ready (polled up to a ceiling well above the limit). */
async function readyAgainAfter(since: number): Promise<number> {
  await eventually(allReady, 180_000, 100);
  return Date.now() - since;
}

const requestsIn = (phase: string, n: number) => eventually(() => load.countIn(phase) >= n, 600_000, 50);

/** One fault inside the load: some requests first, the fault, recovery, the rest of the phase. */
async function duringLoad(name: string, fault: () => Promise<number>, options: { dropsClientConnections?: boolean } = {}): Promise<void> {
  load.phase = name;
  await requestsIn(name, BEFORE_FAULT);
  const startedAt = Date.now();
  const endedAt = await fault();
  const recoveryMs = await readyAgainAfter(endedAt);
  phases.push({ name, window: { from: startedAt, to: Date.now() }, recoveryMs, ...options });
  await requestsIn(name, PER_PHASE);
}

/** Kills a process (-9): the fault ends there; the runner restarts it. */
const kill = (name: string) => async () => {
  process.kill(pidOf(name), 'SIGKILL');
  return Date.now();
};

async function signIn(email: string): Promise<Session> {
  const answer = await call(stack.url, 'POST', '/api/user/login', { body: { Email: email, Password: 'demo-password' } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const { Id, Token } = answer.body as { Id: string; Token: string };
  return { userId: Id, token: Token };
}

async function must<T>(what: string, answer: Promise<{ status: number | string; body: unknown }>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body as T;
}

beforeAll(async () => {
  fs.mkdirSync(outputDir, { recursive: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-scale-'));
  fs.chmodSync(dataDir, 0o755);
  // the gateways serve a web build; this suite only calls /api
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>scale</title>');
  const log = fs.createWriteStream(path.join(outputDir, 'scale-stack.log'));
  stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    webDist,
    demoData: true,
    verbose: false,
    replicas: REPLICAS,
    natsNodes: NATS_NODES,
    // twenty processes start on a machine of two cores, shared
    readyTimeoutMs: 600_000,
    restartDelayMs: { initial: 500, max: 5000 },
    env: {
      LOG_LEVEL: 'info',
      // one client address sends everything; the run outlasts the default access token (3600 s is identity's ceiling) and section lock
      RATE_LIMIT_PER_MINUTE: '1000000',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      LOCK_TTL_SECONDS: '3600',
      // the alert e-mails follow the score saves closely: each replica's dispatcher looks every half second
      NOTIFICATIONS_DISPATCH_MS: '500',
      NOTIFICATIONS_MAIL_PER_SECOND: '50',
      DB_POOL_SIZE: String(POOL_SIZE),
    },
    // the suite reads every durable consumer's state and the stream (the NATS users refuse anonymous clients)
    harnessNatsUser: 'scale-suite',
    log: (line) => log.write(`${line}\n`),
  });
  db = new pg.Client({ connectionString: stack.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  bus = await connectEventBus({
    servers: stack.natsUrl,
    name: 'scale-suite',
    subjects: new SubjectSpace(),
    createStream: false,
    credentials: stack.harnessNats ?? undefined,
  });
}, 20 * 60_000);

afterAll(async () => {
  if (connectionSampler) clearInterval(connectionSampler);
  await load?.stop();
  await bus?.close();
  await db?.end().catch(() => undefined);
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 180_000);

it('stays correct with two replicas of everything and a three-node NATS cluster, through kills and a rolling restart', async () => {
  // who takes part: respondents of two Irish firms, an admin, subscribers, buyers, someone signing in
  const [respondent, otherFirm, admin, standard, member, enhanced, viewer] = await Promise.all(
    [
      'respondent@example.com',
      'respondent2@example.com',
      'admin@example.com',
      'standard@example.com',
      'member@example.com',
      'enhanced@example.com',
      'viewer@example.com',
    ].map(signIn),
  );
  const open = await must<Array<{ QuestionnaireId: string; Country: string; GroupId?: string }>>(
    'the respondent’s questionnaires',
    call(stack.url, 'GET', '/api/questionnaire/open', { token: respondent.token }),
  );
  const ireland = open.find((q) => q.Country === 'Ireland');
  if (!ireland) throw new Error(`the demo respondent has no open questionnaire of Ireland: ${JSON.stringify(open)}`);
  const questionnaireId = ireland.QuestionnaireId;
  const scoringRecordOf = async (id: string) =>
    (
      await must<{ Questionnaire: Record<string, unknown> & { GroupId: string; PeriodId: string } }>(
        'the scoring record',
        call(stack.url, 'GET', `/api/group/index/scoring/${id}`, { token: admin.token }),
      )
    ).Questionnaire;
  const irelandRecord = await scoringRecordOf(questionnaireId);
  const irelandId = irelandRecord.GroupId;
  // the probe's country: another contracting state with a questionnaire open to scoring, scored by nothing else
  const list = await must<GroupIndexRow[]>('the index list', call(stack.url, 'GET', '/api/group/index/list', { token: admin.token }));
  const probe = (
    await db.query<{ questionnaireId: string }>(
      `select q.questionnaire_id as "questionnaireId" from scoring.questionnaires q join scoring.periods p on p.period_id = q.period_id
        where q.group_id = any($1) and q.group_id <> $2 and q.status <> 'Closed' order by p.created_at desc, q.group_id limit 1`,
      [list.filter((r) => !r.IsPublic).map((r) => r.GroupId), irelandId],
    )
  ).rows[0];
  if (!probe) throw new Error('no other country has a questionnaire open to scoring');
  const probeRecord = await scoringRecordOf(probe.questionnaireId);
  const kenyaLike = list.find((r) => r.GroupId === probeRecord.GroupId)!;
  const products = await must<Array<{ Id: string; Name: string }>>(
    'the products',
    call(stack.url, 'GET', '/api/product', { token: standard.token }),
  );
  const certified = products.find((p) => p.Name === 'CFT Download');
  if (!certified) throw new Error(`no certified scorecard product: ${products.map((p) => p.Name).join(', ')}`);

  // alerts: two subscribers e-mailed at once, two in a daily digest, about Ireland (each score save changes its notice)
  const immediate = [member, enhanced];
  const daily = [admin, standard];
  for (const [who, mode] of [...immediate.map((w) => [w, 'immediate'] as const), ...daily.map((w) => [w, 'daily'] as const)]) {
    await must('a follow', call(stack.url, 'PUT', `/api/follow/${irelandId}`, { token: who.token }));
    await must('the alert settings', call(stack.url, 'PUT', '/api/notifications/settings', { token: who.token, body: { Email: mode } }));
  }

  // Postgres connections, sampled through the whole run
  connectionSampler = setInterval(() => {
    databaseConnections(db).then(
      (n) => (connections = { max: Math.max(connections.max, n), samples: connections.samples + 1 }),
      () => undefined,
    );
  }, 1000);

  load = new PlatformLoad({
    url: stack.url,
    run: randomBytes(3).toString('hex'),
    respondent,
    questionnaireId,
    questionId: FREE_TEXT_QUESTION,
    admin,
    scoreRecord: irelandRecord,
    follower: standard,
    followedGroupId: kenyaLike.GroupId,
    // a certified scorecard is bought once per buyer and country: three buyers, every country on
    // sale (scored above zero: a country scored 0 has no certified scorecard to sell)
    buyers: [standard, viewer, otherFirm],
    orders: list
      .filter((r) => r.Scored && r.Score > 0 && r.PeriodId)
      .map((r) => ({ productId: certified.Id, groupId: r.GroupId, periodId: r.PeriodId! })),
    signIn: { email: 'viewer@example.com', password: 'demo-password' },
    answerClients: 3,
  });
  const loadStartedAt = new Date(Date.now() - 1000);

  // one answer end to end before the load: the request is right and the audit pipeline works
  expect(await load.answers.save(load.answers.tokenOf(0))).toBe(200);

  let probeValue = 1;
  const probeAcrossGateways = async (when: string) => {
    probeValue = probeValue === 1 ? 4 : 1;
    const sample = await visibleAcrossGateways({
      gatewayA: urlOf('gateway-1'),
      gatewayB: urlOf('gateway-2'),
      admin,
      reader: enhanced,
      record: probeRecord,
      value: probeValue,
    });
    acrossGateways.push({ when, ...sample });
  };
  const probeLive = async (when: string) => {
    const sample = await liveChangesAcrossReplicas({
      replica1: urlOf('questionnaire-1'),
      replica2: urlOf('questionnaire-2'),
      questionnaireId,
      groupId: irelandId,
      sectionId: PROBE_SECTION,
      viewer: respondent,
      actor: otherFirm,
    });
    live.push({ when, ...sample });
  };

  load.start();
  await requestsIn('baseline', PER_PHASE / 2);
  await probeAcrossGateways('baseline');
  await probeLive('baseline');
  await requestsIn('baseline', PER_PHASE);
  phases.push({ name: 'baseline', window: null, recoveryMs: null });

  // the node leading the events stream
  const leader = (await bus.jsm.streams.info('EVENTS')).cluster?.leader ?? 'cti-1';
  const leaderProcess = `nats-${leader.split('-').pop()}`;
  await duringLoad(`${leaderProcess} (stream leader) kill -9`, kill(leaderProcess));
  await probeAcrossGateways(`after ${leaderProcess}`);
  await probeLive(`after ${leaderProcess}`);

  let digestHourAt = new Date();
  for (const service of SERVICES) {
    if (service === 'notifications') {
      // the digest hour comes for the daily subscribers: both notifications replicas look for it at once,
      // and one of them is killed while they do
      digestHourAt = new Date((await db.query<{ now: string }>('select now()::text as now')).rows[0].now);
      await db.query(`update notifications.user_settings set next_digest_at = now() where user_id = any($1)`, [daily.map((d) => d.userId)]);
    }
    await duringLoad(`${service}-1 kill -9`, kill(`${service}-1`));
  }
  await probeAcrossGateways('after the services');

  // the clients' connections through the front to gateway-2 go with it
  await duringLoad('gateway-2 kill -9', kill('gateway-2'), { dropsClientConnections: true });
  await probeAcrossGateways('after gateway-2');

  // the rolling restart: each process asked to stop (SIGTERM: it drains), restarted by the runner, ready, then the next
  const rolled: Array<{ name: string; ms: number }> = [];
  await duringLoad('rolling restart, one replica at a time', async () => {
    for (const name of [...SERVICES, 'gateway'].flatMap((s) => instanceNames(s, REPLICAS))) {
      const before = pidOf(name);
      const asked = Date.now();
      process.kill(before, 'SIGTERM');
      const entry = () => stack.processes().find((p) => p.name === name)!;
      await eventually(
        async () => {
          const now = entry();
          return now.pid !== null && now.pid !== before && now.state === 'running' && (await readyOne(now));
        },
        180_000,
        100,
      );
      rolled.push({ name, ms: Date.now() - asked });
    }
    return Date.now();
  });
  await probeAcrossGateways('after the roll');
  await probeLive('after the roll');

  await load.stop();
  if (connectionSampler) clearInterval(connectionSampler);

  // everything committed is published, recorded, consumed and mailed: wait until nothing more moves
  let events: EventLedger = await eventLedger(db, (await bus.jsm.streams.info('EVENTS')).state.messages);
  await eventually(
    async () => {
      events = await eventLedger(db, (await bus.jsm.streams.info('EVENTS')).state.messages);
      if (events.unsent || events.unaudited) return false;
      for await (const consumer of bus.jsm.consumers.list('EVENTS')) {
        if (consumer.config.durable_name && (consumer.num_pending || consumer.num_ack_pending)) return false;
      }
      return true;
    },
    300_000,
    1000,
  );
  let alerts: AlertLedger = await alertLedger(
    db,
    daily.map((d) => d.userId),
    digestHourAt,
  );
  await eventually(
    async () => {
      alerts = await alertLedger(
        db,
        daily.map((d) => d.userId),
        digestHourAt,
      );
      return alerts.unsent === 0;
    },
    300_000,
    1000,
  );
  const kinds: KindRow[] = await effectsOfLoad(db, load, {
    followerId: standard.userId,
    followedGroupId: kenyaLike.GroupId,
    signInUserId: viewer.userId,
    startedAt: loadStartedAt,
  });

  // audit's entries left in chain order (seq 1, 2, … as published), whichever audit replica published them
  const entries = await auditEntriesInStreamOrder();
  const inOrder = entries.every(
    (e, i) => e.seq === i + 1 && (i === 0 ? e.previousHash === AUDIT_GENESIS_HASH : e.previousHash === entries[i - 1].hash),
  );

  // the chain verifies end to end, with both audit replicas running
  expect(
    await Promise.all(instanceNames('audit', REPLICAS).map((name) => readyOne(stack.processes().find((p) => p.name === name)!))),
  ).toEqual(instanceNames('audit', REPLICAS).map(() => true));
  const check = await chainCheck(admin);

  // what `make status` shows now: every process running and ready, the killed and rolled ones restarted by the runner
  const status = await eventually(async () => {
    const s = await stackStatus(dataDir);
    return s?.processes.every((p) => p.alive && p.ready && p.state === 'running') ? s : null;
  }, 120_000);

  const rows = phaseRows(load.outcomes, phases);
  const statuses = new Map<string, number>();
  for (const o of load.outcomes) statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
  const digestCounts = [...alerts.digestsPerUser.values()];
  const fmt = (ms: number | null) => (ms === null ? 'never' : `${ms} ms`);
  // the load's rate, what infra/README.md's capacity section takes as the demo load
  const loadSeconds = (Math.max(...load.outcomes.map((o) => o.endedAt)) - Math.min(...load.outcomes.map((o) => o.startedAt))) / 1000;
  const perSecond = (n: number) => (n / loadSeconds).toFixed(1);
  const loadRate = `load rate over ${loadSeconds.toFixed(0)} s: ${perSecond(load.outcomes.length)} requests/s (${LOAD_KINDS.map(
    (k) => `${k} ${perSecond(load.outcomes.filter((o) => o.kind === k).length)}/s`,
  ).join(', ')})`;
  const report = [
    `Scale-out: ${REPLICAS} replicas of every service, ${REPLICAS} gateways behind HAProxy, a ${NATS_NODES}-node NATS JetStream cluster (stream at R${NATS_NODES}), one Postgres`,
    `load through the front: answer saves (${3} respondents), score saves, follows, certified-scorecard purchases, sign-ins`,
    '',
    phaseTable(rows),
    '',
    kindTable(kinds),
    '',
    loadRate,
    `answers by status: ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`,
    `events: ${events.written} written to the outboxes, ${events.inStream} in the stream (${events.inStream - events.written} extra), ${events.unsent} unsent; ` +
      `${events.toAudit} to audit, ${events.unaudited} without their audit row, ${events.extraAuditRows} audit rows too many; every durable consumer caught up`,
    `audit entries: ${entries.length} published, in chain order (seq and links): ${inOrder ? 'yes' : 'NO'}`,
    `audit chain check (both audit replicas running): ${check.State}, valid ${String(check.Valid)}, ${check.Checked} of ${check.Total} rows`,
    `alerts: ${alerts.alerts} (${alerts.duplicateAlerts} twice), ${alerts.immediateMails} immediate e-mails, ${alerts.mailsNotOnce} e-mails not handed over exactly once, ${alerts.unsent} waiting`,
    `daily digests since the digest hour came (during notifications-1 kill -9): ${digestCounts.join(', ')} for the ${alerts.digestUsers} digest users`,
    `score saved through gateway-1, read through gateway-2 (limit ${ACROSS_GATEWAYS_LIMIT_MS} ms): ${acrossGateways.map((s) => `${s.when} ${fmt(s.ms)}`).join('; ')}`,
    `page on questionnaire-2, lock release / approval on questionnaire-1 (limit ${LIVE_CHANGE_LIMIT_MS} ms): ${live
      .map(
        (s) =>
          `${s.when} ${fmt(s.lockReleaseMs)} / ${fmt(s.approvalMs)}${s.approvalStatus === 200 ? '' : ` (approval answered ${s.approvalStatus})`}`,
      )
      .join('; ')}`,
    `Postgres client connections: at most ${connections.max} (${connections.samples} samples), budget ${CONNECTION_BUDGET} = ${REPLICAS} replicas × (${SERVICES.length} services × pool ${POOL_SIZE} + ${LISTENERS_PER_REPLICA} listener) + ${CONNECTION_MARGIN}`,
    `rolling restart, each process until ready again: ${rolled.map((r) => `${r.name} ${(r.ms / 1000).toFixed(1)} s`).join(', ')}`,
    ...notes,
    '',
    'make status after the run:',
    formatStatus(status.url, status.processes),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(outputDir, 'scale-report.txt'), report);
  process.stdout.write(`\n${report}\n`);

  const total = rows.at(-1)!;
  expect(total.requests).toBeGreaterThanOrEqual(PER_PHASE * phases.length);
  // every acknowledged request made exactly one change and one audit row; nothing twice
  expect(kinds.filter((k) => k.lost || k.duplicated)).toEqual([]);
  // failures were 5xx, or a connection cut by the gateway's kill, and only while a fault lasted
  expect(
    load.outcomes.filter(
      (o: LoadOutcome) => !cutOffByAFault(o, phases) && (typeof o.status !== 'number' || (o.status >= 300 && o.status < 500)),
    ),
  ).toEqual([]);
  expect({ outsideFaults: total.outsideFault, graceMs: WINDOW_GRACE_MS }).toEqual({ outsideFaults: 0, graceMs: WINDOW_GRACE_MS });
  // events: 0 lost, 0 duplicated
  expect({
    unsent: events.unsent,
    unaudited: events.unaudited,
    extraInStream: events.inStream - events.written,
    extraAuditRows: events.extraAuditRows,
  }).toEqual({
    unsent: 0,
    unaudited: 0,
    extraInStream: 0,
    extraAuditRows: 0,
  });
  expect(inOrder).toBe(true);
  expect(check).toMatchObject({ State: 'Done', Valid: true, Checked: check.Total });
  // each alert once, each digest once per user
  expect({ duplicateAlerts: alerts.duplicateAlerts, mailsNotOnce: alerts.mailsNotOnce }).toEqual({ duplicateAlerts: 0, mailsNotOnce: 0 });
  expect(alerts.immediateMails).toBeGreaterThan(0);
  expect(digestCounts).toEqual(daily.map(() => 1));
  // read-your-writes across gateways, and the live page across questionnaire replicas
  expect(acrossGateways.filter((s) => s.ms === null || s.ms > ACROSS_GATEWAYS_LIMIT_MS)).toEqual([]);
  expect(
    live.filter(
      (s) =>
        s.lockReleaseMs === null || s.lockReleaseMs > LIVE_CHANGE_LIMIT_MS || s.approvalMs === null || s.approvalMs > LIVE_CHANGE_LIMIT_MS,
    ),
  ).toEqual([]);
  // every process ready again within 30 s of each fault
  for (const phase of phases.filter((p) => p.recoveryMs !== null))
    expect({ fault: phase.name, withinLimit: phase.recoveryMs! <= RECOVERY_LIMIT_MS }).toEqual({ fault: phase.name, withinLimit: true });
  expect(connections.max).toBeLessThanOrEqual(CONNECTION_BUDGET);
});

/** `evt.audit.entry.recorded` in the order the stream holds them. */
async function auditEntriesInStreamOrder(): Promise<Array<{ seq: number; hash: string; previousHash: string }>> {
  const consumer = await bus.js.consumers.get('EVENTS', { filterSubjects: 'evt.audit.entry.recorded' });
  const entries: Array<{ seq: number; hash: string; previousHash: string }> = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 2000 });
    let got = 0;
    for await (const msg of batch) {
      got++;
      const data = (msg.json() as { data: { seq: number; hash: string; previousHash: string } }).data;
      entries.push({ seq: data.seq, hash: data.hash, previousHash: data.previousHash });
      if (msg.info.pending === 0) break;
    }
    if (!got || (await consumer.info(true)).num_pending === 0) return entries;
  }
}

/** Starts the audit chain's check as an admin and waits for its outcome. */
async function chainCheck(admin: Session): Promise<AuditChainCheck> {
  const started = await call(stack.url, 'POST', '/api/report/audit/verify', { token: admin.token });
  if (started.status !== 202 && started.status !== 200) throw new Error(`the chain check answered ${started.status}`);
  return eventually(
    async () => {
      const latest = await call(stack.url, 'GET', '/api/report/audit/verify', { token: admin.token });
      const check = latest.body as AuditChainCheck | null;
      return check && check.State !== 'Running' ? check : null;
    },
    300_000,
    500,
  );
}
