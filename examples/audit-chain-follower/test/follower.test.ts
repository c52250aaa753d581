import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { connect, type NatsConnection } from 'nats';

import { auditService } from '@cti/audit';
import type { DomainEvent } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';
import { createTestContext, eventually, publishedEvents, type TestContext } from '@cti/testing';

import type { Verdict } from '../src/chain-check';
import { FileCheckpoint } from '../src/checkpoint';
import { AuditChainFollower, type FollowerOptions } from '../src/follower';

/** The audit service's development chain key (what a holder of the key would be given). */
const CHAIN_KEY = 'development-only-audit-chain-key-0123456789';

let ctx: TestContext;
let audit: ServiceApp;
let nc: NatsConnection;
let dir: string;
const running: AuditChainFollower[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUDIT_CHAIN_CHECK_EVERY_MINUTES: '0' });
  audit = await ctx.start(auditService);
  nc = await connect({ servers: ctx.env.NATS_URL });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-follower-'));
});
afterAll(async () => {
  for (const f of running) await f.stop();
  await nc.drain();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let logins = 0;
/** Events the platform records: the audit service stores each and publishes its entry. */
async function recordLogins(count: number) {
  const { bus } = audit.events;
  for (let i = 0; i < count; i++) {
    const n = ++logins;
    const event = {
      id: crypto.randomUUID(),
      type: 'evt.identity.user.loggedIn',
      occurredAt: new Date().toISOString(),
      actor: { userId: `u-${n}`, name: `User ${n}`, email: `u${n}@example.com`, groupNames: [] },
      data: { userId: `u-${n}`, email: `u${n}@example.com`, free: false },
    };
    await bus.js.publish(bus.subjects.toSubject(event.type), JSON.stringify(event), { msgID: event.id });
  }
  await publishedEvents(audit, 'evt.audit.entry.recorded', logins);
}

function follower(options: Partial<FollowerOptions> & { durable: string }) {
  const seen: Array<{ seq: number; verdict: Verdict }> = [];
  const f = new AuditChainFollower({
    nc,
    stream: ctx.env.EVENTS_STREAM,
    subject: `${ctx.env.EVENTS_SUBJECT_PREFIX}.audit.entry.recorded`,
    chainKey: CHAIN_KEY,
    checkpoint: new FileCheckpoint(path.join(dir, `${options.durable}.json`)),
    onEntry: (e, verdict) => seen.push({ seq: e.data.seq, verdict }),
    ackWaitMs: 1000,
    ...options,
  });
  running.push(f);
  return { f, seen };
}

it('follows the audit chain from the events alone, in order, and carries on where it stopped after a restart', async () => {
  await recordLogins(4);
  const first = follower({ durable: 'follower-a' });
  await first.f.start();
  await eventually(() => first.seen.length === 4);
  expect(first.seen.map((s) => [s.seq, s.verdict])).toEqual([
    [1, { ok: true, anchored: true }],
    [2, { ok: true, anchored: false }],
    [3, { ok: true, anchored: false }],
    [4, { ok: true, anchored: false }],
  ]);
  await first.f.stop();

  await recordLogins(2);
  const again = follower({ durable: 'follower-a' });
  await again.f.start();
  await eventually(() => again.seen.length === 2);
  // the checkpoint kept where the chain stood: the next entries link on, no re-anchoring
  expect(again.seen.map((s) => [s.seq, s.verdict.ok && !s.verdict.anchored])).toEqual([
    [5, true],
    [6, true],
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
  const jsm = await nc.jetstreamManager();
  // the stream sequence of entry #3, as a checkpoint would have kept it
  const third = entries.find((e) => e.data.seq === 3)!;
  const stream = ctx.env.EVENTS_STREAM;
  let streamSeq = 0;
  for (let seq = 1; seq <= (await jsm.streams.info(stream)).state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
    if (m && (JSON.parse(new TextDecoder().decode(m.data)) as DomainEvent).id === third.id) streamSeq = seq;
  }
  const replay = follower({ durable: 'follower-replay', fromStreamSeq: streamSeq });
  await replay.f.start();
  await eventually(() => replay.seen.length === logins - 2);
  expect(replay.seen[0]).toEqual({ seq: 3, verdict: { ok: true, anchored: true } });
  expect(replay.seen.every((s) => s.verdict.ok)).toBe(true);
  await replay.f.stop();
});

it('reports an entry that does not link to the chain, or does not hash to what it claims', async () => {
  const watcher = follower({ durable: 'follower-c' });
  await watcher.f.start();
  await eventually(() => watcher.seen.length === logins);
  const [last] = (await publishedEvents(audit, 'evt.audit.entry.recorded', logins)).slice(-1);
  // a forged entry on the subject, claiming the next position
  const forged = {
    ...last,
    id: crypto.randomUUID(),
    data: { ...last.data, seq: last.data.seq + 1, previousHash: 'f'.repeat(64), descriptionText: 'forged' },
  };
  await nc.jetstream().publish(`${ctx.env.EVENTS_SUBJECT_PREFIX}.audit.entry.recorded`, JSON.stringify(forged));
  await eventually(() => watcher.seen.length === logins + 1);
  expect(watcher.seen.at(-1)!.verdict).toMatchObject({ ok: false, reason: 'hash' });
  const keyless = follower({ durable: 'follower-d', chainKey: undefined });
  await keyless.f.start();
  await eventually(() => keyless.seen.length === logins + 1);
  // without the key, the broken link still shows
  expect(keyless.seen.at(-1)!.verdict).toMatchObject({ ok: false, reason: 'link', expectedSeq: logins + 1 });
  await watcher.f.stop();
  await keyless.f.stop();
});
