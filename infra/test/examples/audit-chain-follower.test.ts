import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { connect, type NatsConnection } from 'nats';

import { auditService } from '@cti/audit';
import { auditChainText as platformChainText, type AuditEntry, type DomainEvent } from '@cti/contracts';
import { connectEventBus, type EventBus } from '@cti/events';
import type { ServiceApp } from '@cti/service-kit';
import { createTestContext, eventually, natsCredentialsOf, publishedEvents, type TestContext } from '@cti/testing';

import { auditChainText, type Verdict } from '../../../examples/audit-chain-follower/src/chain-check';
import { FileCheckpoint } from '../../../examples/audit-chain-follower/src/checkpoint';
import { AuditChainFollower, type FollowerOptions } from '../../../examples/audit-chain-follower/src/follower';
import { repo } from '../support/processes';

/**
 * examples/audit-chain-follower, the consumer outside teams copy out of the repository, run
 * against the real audit service on a NATS server with the platform's users: it connects as
 * `integrations`, which reads the audit log's subject and publishes nothing.
 */

/** The audit service's development chain key (what a holder of the key would be given). */
const CHAIN_KEY = 'development-only-audit-chain-key-0123456789';
const run = promisify(execFile);

let ctx: TestContext;
let audit: ServiceApp;
/** The follower's connection, as integrators connect. */
let nc: NatsConnection;
/** What the tests do that no integrator may: publish the platform's events, read the stream by sequence. */
let harness: EventBus;
let dir: string;
const running: AuditChainFollower[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUDIT_CHAIN_CHECK_EVERY_MINUTES: '0' });
  audit = await ctx.start(auditService);
  const { user, password } = natsCredentialsOf('integrations');
  nc = await connect({ servers: ctx.env.NATS_URL, user, pass: password, inboxPrefix: `_INBOX.${user}` });
  harness = await connectEventBus({
    servers: ctx.env.NATS_URL,
    name: 'harness',
    credentials: natsCredentialsOf(),
    subjects: audit.events.bus.subjects,
    createStream: false,
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-follower-'));
});
afterAll(async () => {
  for (const f of running) await f.stop();
  await nc?.drain();
  await harness?.close();
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let logins = 0;
/** Events the platform records: the audit service stores each and publishes its entry. */
async function recordLogins(count: number) {
  for (let i = 0; i < count; i++) {
    const n = ++logins;
    const event = {
      id: randomUUID(),
      type: 'evt.identity.user.loggedIn',
      occurredAt: new Date().toISOString(),
      actor: { userId: `u-${n}`, name: `User ${n}`, groupNames: [] },
      data: { userId: `u-${n}`, email: `u${n}@example.com`, free: false },
    };
    await harness.js.publish(harness.subjects.toSubject(event.type), JSON.stringify(event), { msgID: event.id });
  }
  await publishedEvents(audit, 'evt.audit.entry.recorded', logins);
}

function follower(options: Partial<FollowerOptions> & { durable: string }) {
  const seen: Array<{ seq: number; verdict: Verdict }> = [];
  const malformed: number[] = [];
  const f = new AuditChainFollower({
    nc,
    stream: ctx.env.EVENTS_STREAM,
    subject: `${ctx.env.EVENTS_SUBJECT_PREFIX}.audit.entry.recorded`,
    chainKey: CHAIN_KEY,
    checkpoint: new FileCheckpoint(path.join(dir, `${options.durable}.json`)),
    onEntry: (e, verdict) => seen.push({ seq: e.data.seq, verdict }),
    onMalformed: (seq) => malformed.push(seq),
    ackWaitMs: 1000,
    ...options,
  });
  running.push(f);
  return { f, seen, malformed };
}

it('computes the chain’s text exactly as the platform does (its copy of the contract)', async () => {
  await recordLogins(2);
  for (const { data } of await publishedEvents(audit, 'evt.audit.entry.recorded', 2)) {
    expect(auditChainText(data)).toBe(platformChainText(data));
  }
  const withChange: AuditEntry = {
    ...(await publishedEvents(audit, 'evt.audit.entry.recorded', 1))[0]!.data,
    sourceEventId: 'ABCDEF00-0000-4000-8000-000000000000',
    change: {
      questionnaireId: 'q',
      groupId: 'g',
      questionId: '4.1',
      groupName: 'Ireland',
      periodId: 'p',
      periodName: '2025 March',
      sectionId: 4,
      question: 'Is it so?',
      before: null,
      after: 'Yes — “quoted”',
      userId: null,
      userName: 'Ann',
      stamp: '2025-03-01T10:00:00Z',
    },
  };
  expect(auditChainText(withChange)).toBe(platformChainText(withChange));
});

it('follows the audit chain from the events alone, in order, and carries on where it stopped after a restart', async () => {
  const first = follower({ durable: 'follower-a' });
  await first.f.start();
  await eventually(() => first.seen.length === logins);
  expect(first.seen.map((s) => [s.seq, s.verdict])).toEqual([
    [1, { ok: true, anchored: true }],
    ...Array.from({ length: logins - 1 }, (_, i) => [i + 2, { ok: true, anchored: false }]),
  ]);
  await first.f.stop();

  await recordLogins(2);
  const again = follower({ durable: 'follower-a' });
  await again.f.start();
  await eventually(() => again.seen.length === 2);
  // the checkpoint kept where the chain stood: the next entries link on, no re-anchoring
  expect(again.seen.map((s) => [s.seq, s.verdict.ok && !s.verdict.anchored])).toEqual([
    [logins - 1, true],
    [logins, true],
  ]);
  await again.f.stop();
});

it('handles an entry delivered again after a crash before its ack once (idempotent by event id)', async () => {
  let crashed = false;
  const crashing = follower({
    durable: 'follower-b',
    beforeAck: async () => {
      if (!crashed) {
        crashed = true;
        throw new Error('the process died before acking');
      }
    },
  });
  await crashing.f.start();
  await eventually(() => crashing.f.stats.duplicates >= 1, 20_000);
  await eventually(() => crashing.seen.length === logins);
  expect(crashing.seen.map((s) => s.seq)).toEqual(Array.from({ length: logins }, (_, i) => i + 1));
  expect(crashing.f.stats).toMatchObject({ checked: logins, broken: 0 });
  await crashing.f.stop();
});

it('replays from a stream sequence with a durable of its own, anchoring on its first entry', async () => {
  const entries = await publishedEvents(audit, 'evt.audit.entry.recorded', logins);
  // the stream sequence of entry #3, as a checkpoint would have kept it (read as the harness: the
  // integrations account may not read the stream by sequence)
  const third = entries.find((e) => e.data.seq === 3)!;
  const stream = ctx.env.EVENTS_STREAM;
  let streamSeq = 0;
  for (let seq = 1; seq <= (await harness.jsm.streams.info(stream)).state.last_seq; seq++) {
    const m = await harness.jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m && (JSON.parse(new TextDecoder().decode(m.data)) as DomainEvent).id === third.id) streamSeq = seq;
  }
  const replay = follower({ durable: 'follower-replay', fromStreamSeq: streamSeq });
  await replay.f.start();
  await eventually(() => replay.seen.length === logins - 2);
  expect(replay.seen[0]).toEqual({ seq: 3, verdict: { ok: true, anchored: true } });
  expect(replay.seen.every((s) => s.verdict.ok)).toBe(true);
  await replay.f.stop();
});

it('reports an entry that does not link to the chain or does not hash, and skips one the contract does not describe', async () => {
  const watcher = follower({ durable: 'follower-c' });
  await watcher.f.start();
  await eventually(() => watcher.seen.length === logins);
  const [last] = (await publishedEvents(audit, 'evt.audit.entry.recorded', logins)).slice(-1);
  // a forged entry on the subject, claiming the next position (published as only a platform process could)
  const subject = `${ctx.env.EVENTS_SUBJECT_PREFIX}.audit.entry.recorded`;
  const forged = {
    ...last,
    id: randomUUID(),
    data: { ...last!.data, seq: last!.data.seq + 1, previousHash: 'f'.repeat(64), descriptionText: 'forged' },
  };
  await harness.js.publish(subject, JSON.stringify(forged));
  await eventually(() => watcher.seen.length === logins + 1);
  expect(watcher.seen.at(-1)!.verdict).toMatchObject({ ok: false, reason: 'hash' });
  const keyless = follower({ durable: 'follower-d', chainKey: undefined });
  await keyless.f.start();
  await eventually(() => keyless.seen.length === logins + 1);
  // without the key, the broken link still shows
  expect(keyless.seen.at(-1)!.verdict).toMatchObject({ ok: false, reason: 'link', expectedSeq: logins + 1 });

  await harness.js.publish(subject, JSON.stringify({ ...forged, id: randomUUID(), data: { seq: 'not a number' } }));
  await eventually(() => watcher.malformed.length === 1);
  expect(watcher.seen.length).toBe(logins + 1);
  await watcher.f.stop();
  await keyless.f.stop();
});

it('cannot publish, and cannot take over the platform’s own durable', async () => {
  await expect(nc.jetstream().publish(`${ctx.env.EVENTS_SUBJECT_PREFIX}.audit.entry.recorded`, '{}', { timeout: 5000 })).rejects.toThrow(
    /Permissions Violation/,
  );
  const intruder = follower({ durable: 'audit' });
  await expect(intruder.f.start()).rejects.toThrow(/Permissions Violation/);
  running.splice(running.indexOf(intruder.f), 1);
});

describe('run as a program, as a team runs it after copying it out', () => {
  const main = path.join(repo, 'examples', 'audit-chain-follower', 'dist', 'src', 'main.js');
  const env = () => ({
    PATH: process.env.PATH ?? '',
    NATS_URL: ctx.env.NATS_URL,
    NATS_PASSWORD: natsCredentialsOf('integrations').password,
    EVENTS_STREAM: ctx.env.EVENTS_STREAM,
    EVENTS_SUBJECT_PREFIX: ctx.env.EVENTS_SUBJECT_PREFIX,
    AUDIT_CHAIN_KEY: CHAIN_KEY,
    STATE_FILE: path.join(dir, 'program.json'),
  });

  it('asks for a durable name of its own before anything else', async () => {
    expect(fs.existsSync(main)).toBe(true);
    const refused = await run(process.execPath, [main], { env: env() }).catch((err: { code: number; stderr: string }) => err);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('DURABLE is required: a name of your own') });
  });

  it('prints one line per entry of the chain', async () => {
    const child = execFile(process.execPath, [main], { env: { ...env(), DURABLE: 'acme-audit-mirror' } });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      await eventually(() => out.includes(`#${logins} ok`), 30_000);
      expect(out).toMatch(/^following the audit chain as durable acme-audit-mirror/m);
      expect(out).toMatch(/^#1 anchor Login: /m);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
