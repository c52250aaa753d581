/**
 * Notifications benchmark: a period release affecting N countries × M followers.
 *
 *   npx tsc -b services/notifications && node services/notifications/dist/bench/release-benchmark.js \
 *     [--countries 50] [--followers 10000] [--rate 50] [--dir /tmp/cti-notify-bench]
 *
 * Starts its own PostgreSQL and NATS in --dir (emptied first), identity in this process
 * (the mail port with its dev mailbox, and users' access) and notifications as a process of
 * its own (its real server, so its memory is its own). M users each follow the N countries
 * with daily digests. Then:
 *   1. the release: one `evt.scoring.scores.saved` per country, as scoring publishes it; times
 *      until all N × M alerts are queued (must be under 60 s);
 *   2. the digest hour: times the M digests (N alerts each) handed to the mail port at
 *      --rate e-mails per second, and prints notifications' memory every 10 % of the way.
 * Exits non-zero when queueing takes 60 s or more, or a digest is missing or doubled.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { RoleIds } from '@cti/access';
import type { DomainEvent, ScorecardFacts } from '@cti/contracts';
import { connectEventBus, SubjectSpace } from '@cti/events';
import { identityService } from '@cti/identity';
import { freePort, startNats, startPostgres } from '@cti/local-infra';
import { buildService } from '@cti/service-kit';
import { signTestToken, testKeyPair } from '@cti/testing';

const QUEUE_BUDGET_MS = 60_000;

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const count = (n: number) => n.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const facts = (periodId: string, periodName: string, a: number, score: number, category: string): ScorecardFacts => ({
  periodId,
  periodName,
  A: a,
  B: 4,
  C: 3,
  D: 3,
  E: 3,
  F: 3,
  isPBA: false,
  PBA: null,
  score,
  category,
  watchlist: false,
  isSpecialNotice: false,
  notice: null,
  suspended: false,
  qualifyingDeclarations: true,
  asu: 'Eligible',
});

/** notifications' own memory, from its /metrics (the kit's process metrics). */
async function memoryOf(url: string): Promise<{ rss: number; heap: number; external: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rss: value('process_resident_memory_bytes'),
    heap: value('nodejs_heap_size_used_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

async function main() {
  const countries = Number(option('countries', '50'));
  const followers = Number(option('followers', '10000'));
  const rate = Number(option('rate', '50'));
  const dir = path.resolve(option('dir', path.join(os.tmpdir(), 'cti-notify-bench')));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  log(
    `notifications benchmark: ${countries} countries × ${count(followers)} followers, digests at ${rate} e-mails/s, on ${os.cpus().length} cores`,
  );

  const postgres = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), password: 'bench', ephemeral: true });
  const nats = await startNats({ port: await freePort(), storeDir: path.join(dir, 'nats') });
  const setup = new pg.Client({ connectionString: postgres.url });
  await setup.connect();
  await setup.query('create database notify_bench');
  await setup.end();
  const databaseUrl = postgres.urlFor('notify_bench');
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const keys = testKeyPair();
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    EVENTS_STREAM: 'NOTIFY_BENCH',
    EVENTS_SUBJECT_PREFIX: 'bench',
    JWT_PUBLIC_KEY: keys.publicKey,
    SERVICE_TOKEN: 'bench-service-token-0123456789',
    PUBLIC_URL: 'http://localhost:8080',
  };

  const identity = await buildService(identityService, {
    env: { ...common, PORT: '0', JWT_PRIVATE_KEY: keys.privateKey, MAIL_POLL_MS: '1000' },
  });
  await identity.listen({ port: 0, host: '127.0.0.1' });
  const identityAddress = identity.server.address();
  const identityUrl = `http://127.0.0.1:${typeof identityAddress === 'object' && identityAddress ? identityAddress.port : 0}`;

  const port = await freePort();
  const notificationsUrl = `http://127.0.0.1:${port}`;
  const server = path.resolve(__dirname, '..', 'src', 'server.js');
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      ...common,
      PORT: String(port),
      HOST: '127.0.0.1',
      IDENTITY_URL: identityUrl,
      NOTIFICATIONS_MAIL_PER_SECOND: String(rate),
      NOTIFICATIONS_DISPATCH_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let failed = false;
  try {
    for (let ready = false; !ready; await sleep(200)) {
      if (child.exitCode !== null) throw new Error(`notifications exited with ${child.exitCode}`);
      ready = await fetch(`${notificationsUrl}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
    }

    // countries through identity's API (its events reach notifications), users straight into identity's tables
    const admin = signTestToken({ sub: randomUUID(), roles: [RoleIds.Admin], isAdmin: true, name: 'Bench Admin' });
    const groupIds: string[] = [];
    for (let i = 0; i < countries; i++) {
      const res = await identity.inject({
        method: 'POST',
        url: '/api/group',
        headers: { authorization: `Bearer ${admin}` },
        payload: {
          Name: `Country ${String(i + 1).padStart(3, '0')}`,
          Type: 'Country',
          CountryId: `Q${String.fromCharCode(65 + (i % 26))}`,
        },
      });
      groupIds.push((res.json() as { Id: string }).Id);
    }
    const users = await db.query<{ id: string }>(
      `insert into identity.users (email, first_name, last_name, name, must_agree_ctc)
       select 'reader' || n || '@bench.example', 'Reader', n::text, 'Reader ' || n, false from generate_series(1, $1) n
       returning id`,
      [followers],
    );
    const userIds = users.rows.map((r) => r.id);
    await db.query(`insert into identity.user_roles (user_id, role_id) select unnest($1::uuid[]), $2`, [userIds, RoleIds.Standard]);
    for (;;) {
      const known = await db.query<{ n: number }>('select count(*)::int as n from notifications.countries');
      if (known.rows[0].n === countries) break;
      await sleep(200);
    }
    // every reader follows every country, with daily digests (due tomorrow)
    await db.query(
      `insert into notifications.user_settings (user_id, email_mode, next_digest_at, email, name)
       select u, 'daily', now() + interval '1 day', '', '' from unnest($1::text[]) u`,
      [userIds],
    );
    await db.query(
      `insert into notifications.follows (user_id, group_id) select u, g from unnest($1::text[]) u cross join unnest($2::text[]) g`,
      [userIds, groupIds],
    );
    log(`set up: ${countries} countries, ${count(followers)} users, ${count(countries * followers)} follows`);

    // 1. the release: one event per country, the period's first scores
    const bus = await connectEventBus({ servers: nats.url, name: 'bench', subjects: new SubjectSpace('bench', 'NOTIFY_BENCH') });
    const expected = countries * followers;
    const started = Date.now();
    for (const [i, groupId] of groupIds.entries()) {
      const event: DomainEvent<'evt.scoring.scores.saved'> = {
        id: randomUUID(),
        type: 'evt.scoring.scores.saved',
        occurredAt: new Date().toISOString(),
        actor: null,
        data: {
          questionnaireId: randomUUID(),
          groupId,
          groupName: `Country ${i + 1}`,
          periodId: 'p-2',
          periodName: '2026 1st Q',
          score: 75,
          category: 'High',
          previousScore: 70,
          scorecard: { before: facts('p-1', '2025 2nd Q', 4, 70, 'Medium'), after: facts('p-2', '2026 1st Q', 5, 75, 'High') },
        },
      };
      await bus.js.publish(bus.subjects.toSubject(event.type), JSON.stringify(event), { msgID: event.id });
    }
    let queued = 0;
    while (queued < expected && Date.now() - started < 5 * QUEUE_BUDGET_MS) {
      await sleep(250);
      queued = (await db.query<{ n: number }>('select count(*)::int as n from notifications.alerts')).rows[0].n;
    }
    const queueMs = Date.now() - started;
    const withinBudget = queued === expected && queueMs < QUEUE_BUDGET_MS;
    log(
      `release: ${count(queued)} of ${count(expected)} alerts queued in ${seconds(queueMs)} (${count(Math.round(queued / (queueMs / 1000)))} alerts/s) ` +
        `${withinBudget ? '✓' : '✗'} under ${seconds(QUEUE_BUDGET_MS)}`,
    );
    if (!withinBudget) failed = true;
    await bus.close();

    // 2. the digest hour comes: every reader's digest of N alerts, at the mail port's rate
    const before = await memoryOf(notificationsUrl);
    log(`memory before the digests: rss ${mb(before.rss)}, heap ${mb(before.heap)}`);
    await db.query(`update notifications.user_settings set next_digest_at = now() - interval '1 second'`);
    const sending = Date.now();
    const samples: Array<{ sent: number; rss: number; heap: number; external: number }> = [];
    let nextMark = 0.1;
    for (let sent = 0; sent < followers;) {
      await sleep(250);
      sent = (await db.query<{ n: number }>(`select count(*)::int as n from notifications.deliveries where status = 'sent'`)).rows[0].n;
      while (sent >= nextMark * followers - 1e-9 && nextMark <= 1.0001) {
        const memory = await memoryOf(notificationsUrl);
        samples.push({ sent, ...memory });
        const elapsed = Date.now() - sending;
        log(
          `  ${String(Math.round(nextMark * 100)).padStart(3)} %: ${count(sent).padStart(7)} digests in ${seconds(elapsed).padStart(7)}, ` +
            `${(sent / (elapsed / 1000)).toFixed(1)} e-mails/s, rss ${mb(memory.rss)}, heap ${mb(memory.heap)}, external ${mb(memory.external)}`,
        );
        nextMark += 0.1;
      }
      if (Date.now() - sending > (followers / rate) * 1000 * 10 + 120_000) throw new Error(`digests stalled at ${sent} of ${followers}`);
    }
    const sendMs = Date.now() - sending;
    const mails = await db.query<{ n: number; users: number }>(
      `select count(*)::int as n, count(distinct to_addresses)::int as users from identity.mail_messages where kind = 'alert-digest'`,
    );
    const alertsSent = (await db.query<{ n: number }>(`select count(*)::int as n from notifications.alerts where email_state = 'sent'`))
      .rows[0].n;
    const { n: digestMails, users: recipients } = mails.rows[0];
    log(
      `digests: ${count(followers)} sent in ${seconds(sendMs)}: ${(followers / (sendMs / 1000)).toFixed(1)} e-mails/s for a mail port rate of ${rate}/s; ` +
        `${count(alertsSent)} alerts carried; the mail port holds ${count(digestMails)} digests for ${count(recipients)} readers`,
    );
    if (digestMails !== followers || recipients !== followers || alertsSent !== expected) {
      log('✗ a digest is missing or doubled');
      failed = true;
    }
    const first = samples[0];
    const last = samples.at(-1)!;
    log(
      `memory while sending: rss ${mb(first.rss)} at 10 % → ${mb(last.rss)} at 100 % (${last.rss >= first.rss ? '+' : ''}${mb(last.rss - first.rss)}), ` +
        `heap ${mb(first.heap)} → ${mb(last.heap)}; max rss ${mb(Math.max(...samples.map((s) => s.rss)))}`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await db.end();
    await identity.close();
    await nats.stop();
    await postgres.stop();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stderr.write(`benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
