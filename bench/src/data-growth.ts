/**
 * Cost as data grows (`make bench-growth`; not part of `make test` or `make bench`): the index's
 * reads at today's demo size (55 countries × 4 periods) against 200 countries × 20 periods,
 * 1 M audit rows and 100 k followers. Each size is a database of its own on one Postgres and NATS
 * kept in GROWTH_DIR (default /tmp/cti-growth-bench): only the first run seeds; later runs measure.
 *
 *   node bench/dist/data-growth.js            GROWTH_RUNS=20 (timed requests per read, the ZIP a fifth of them)
 *
 * Countries, periods and questionnaires are announced as identity and questionnaire announce them,
 * and every score is saved through scoring's own POST api/questionnaire/save (which rebuilds and
 * stores the read models, as in production). The audit rows and the follows are bulk-written:
 * recording a million events one at a time through the chain's single writer, or 100 k follows
 * through the API, would take hours on two cores and measure the writers rather than the reads.
 * The audit rows are chained as the service chains them (`generateAuditRows`, as the audit
 * report benchmark does).
 *
 * Prints per read the median and p95 at each size and the ratio (large ÷ demo), which
 * bench/README.md ("Cost as data grows") holds to 2× or explains. BENCH_RESULT=<file> also
 * writes the table as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { RoleIds } from '@cti/access';
import { auditService } from '@cti/audit';
import { generateAuditRows } from '@cti/audit/dist/bench/generate-audit-rows';
import { DEV_CHAIN_KEY } from '@cti/audit/dist/src/config';
import { createDatabase, sql } from '@cti/db';
import { DEMO_COUNTRIES } from '@cti/demo-data';
import { freePort, startNats, startPostgres, type RunningPostgres } from '@cti/local-infra';
import { notificationsService } from '@cti/notifications';
import { scoringService } from '@cti/scoring';
import { buildService, type ServiceApp } from '@cti/service-kit';
import { announceWorld, saveScores, scoreInputs, signTestToken, testKeyPair } from '@cti/testing';

import { loadAverage, percentile, sleep } from './platform';

interface Size {
  name: 'demo' | 'large';
  countries: number;
  periods: number;
  auditRows: number;
  followers: number;
}
const SIZES: Size[] = [
  // today's demo: its 55 countries and 4 periods; a few thousand audit rows and a handful of follows
  { name: 'demo', countries: DEMO_COUNTRIES.length, periods: 4, auditRows: 5_000, followers: 20 },
  { name: 'large', countries: 200, periods: 20, auditRows: 1_000_000, followers: 100_000 },
];
const RUNS = Number(process.env.GROWTH_RUNS ?? 20);
const SAVE_CONCURRENCY = 4;

/** Two-letter codes: the demo's own, then made-up ones (never the public country's). */
function countriesOf(n: number): Array<[string, string]> {
  const demo = DEMO_COUNTRIES.map((c) => [c.name, c.code] as [string, string]);
  const taken = new Set(demo.map(([, code]) => code));
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters)
    for (const b of letters) {
      if (demo.length >= n) return demo.slice(0, n);
      if (!taken.has(a + b)) demo.push([`Growth State ${a}${b}`, a + b]);
    }
  return demo.slice(0, n);
}
const periodsOf = (n: number) => Array.from({ length: n }, (_, i) => `${2010 + Math.floor(i / 2)} ${i % 2 ? 'September' : 'March'}`);

async function pool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

interface Platform {
  scoring: ServiceApp;
  audit: ServiceApp;
  notifications: ServiceApp;
  close(): Promise<void>;
}

async function platformFor(
  postgres: RunningPostgres,
  natsUrl: string,
  size: Size,
  keys: ReturnType<typeof testKeyPair>,
): Promise<Platform> {
  const database = `growth_${size.name}`;
  const admin = createDatabase({ connectionString: postgres.url, schema: 'public', poolSize: 1 });
  if (!(await sql`select 1 from pg_database where datname = ${database}`.execute(admin)).rows.length)
    await sql.raw(`create database ${database}`).execute(admin);
  await admin.destroy();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATABASE_URL: postgres.urlFor(database),
    DB_POOL_SIZE: '10',
    NATS_URL: natsUrl,
    EVENTS_STREAM: `GROWTH_${size.name.toUpperCase()}`,
    EVENTS_SUBJECT_PREFIX: `growth${size.name}`,
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: keys.privateKey,
    SERVICE_TOKEN: 'growth-service-token-0123456789',
    AUDIT_CHAIN_KEY: DEV_CHAIN_KEY,
  };
  const apps: ServiceApp[] = [];
  for (const def of [scoringService, auditService, notificationsService] as const) {
    const app = (await buildService(def as never, { env })) as ServiceApp;
    await app.ready();
    apps.push(app);
  }
  const [scoring, audit, notifications] = apps;
  return { scoring, audit, notifications, close: async () => void (await Promise.all(apps.map((a) => a.close()))) };
}

const count = async (app: ServiceApp, query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(app.db)).rows[0]?.n ?? 0;

/** Seeds what is missing: the world and its scores through scoring's use-cases, then audit rows and follows in bulk. */
async function seed(p: Platform, size: Size): Promise<void> {
  const expected = size.countries * size.periods;
  const scored = await count(p.scoring, sql<{ n: number }>`select count(*)::int as n from compliance_scores`);
  if (scored < expected) {
    if (scored > 0) throw new Error(`growth_${size.name} holds ${scored} of ${expected} scores: remove GROWTH_DIR and seed again`);
    const began = Date.now();
    console.log(`seeding ${size.name}: ${size.countries} countries × ${size.periods} periods through scoring's use-cases …`);
    await announceWorld(p.scoring, countriesOf(size.countries), periodsOf(size.periods), {
      settleTimeoutMs: 600_000,
      settled: async ({ questionnaires, open }) =>
        (await count(p.scoring, sql<{ n: number }>`select count(*)::int as n from questionnaires`)) === questionnaires.length &&
        (await count(p.scoring, sql<{ n: number }>`select count(*)::int as n from questionnaires where status = 'Open'`)) === open.length,
      duringPeriod: async (periodName, world) => {
        const codes = Object.keys(world.countries);
        await pool(codes, SAVE_CONCURRENCY, async (code) => {
          const a = 1 + ((code.charCodeAt(0) + code.charCodeAt(1) + periodName.length) % 9) / 2;
          const saved = await saveScores(p.scoring, world.questionnaires[`${code}:${periodName}`], {
            ...scoreInputs(a, Math.min(5, a + 0.5)),
            QualifyingDeclarations: true,
          });
          if (saved.statusCode !== 200) throw new Error(`saving ${code} ${periodName}: ${saved.statusCode} ${saved.body}`);
        });
        console.log(`  ${periodName} scored (${Math.round((Date.now() - began) / 1000)} s)`);
      },
    });
  }
  // the chain is written by one writer: audit records the seed's events first, the generator continues the chain after them
  let auditRows = -1;
  for (let stableSince = Date.now(); Date.now() - stableSince < 5000; await sleep(500)) {
    const now = await count(p.audit, sql<{ n: number }>`select count(*)::int as n from audit_rows`);
    if (now !== auditRows) [auditRows, stableSince] = [now, Date.now()];
  }
  if (auditRows < size.auditRows) {
    console.log(`generating ${size.auditRows - auditRows} audit rows …`);
    await generateAuditRows(p.audit.db, {
      rows: size.auditRows - auditRows,
      days: 365,
      chainKey: DEV_CHAIN_KEY,
      seed: 42 + auditRows,
    });
    await sql`vacuum analyze audit_rows`.execute(p.audit.db);
  }
  const follows = await count(p.notifications, sql<{ n: number }>`select count(*)::int as n from follows`);
  if (follows < size.followers) {
    console.log(`writing ${size.followers - follows} follows …`);
    // follower n follows one country in turn (so every country has its share), the bench user follows five
    await sql`insert into follows (user_id, group_id)
              select 'follower-' || n, (array(select group_id from countries order by name))[1 + n % (select count(*) from countries)]
                from generate_series(${follows + 1}::int, ${size.followers}::int) n
              on conflict do nothing`.execute(p.notifications.db);
    await sql`vacuum analyze follows`.execute(p.notifications.db);
  }
}

interface Timing {
  read: string;
  median: number;
  p95: number;
  bytes: number;
}

async function measure(p: Platform): Promise<Timing[]> {
  const reader = signTestToken({
    sub: 'growth-reader',
    roles: [RoleIds.Enhanced],
    groups: [],
    isAdmin: false,
    free: false,
    name: 'Reader',
  });
  const admin = signTestToken({ sub: 'growth-admin', roles: [RoleIds.Admin], groups: [], isAdmin: true, free: false, name: 'Admin' });
  const groups = (
    await sql<{ groupId: string }>`select group_id as "groupId" from countries order by name limit 8`.execute(p.scoring.db)
  ).rows.map((r) => r.groupId);
  const follower = 'growth-follower';
  await sql`insert into follows (user_id, group_id) select ${follower}, unnest(${groups.slice(0, 5)}::text[]) on conflict do nothing`.execute(
    p.notifications.db,
  );
  const followerToken = signTestToken({
    sub: follower,
    roles: [RoleIds.Enhanced],
    groups: [],
    isAdmin: false,
    free: false,
    name: 'Follower',
  });
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const reads: Array<[string, ServiceApp, { method: 'GET' | 'POST'; url: string; token: string; payload?: object }, number]> = [
    ['index list', p.scoring, { method: 'GET', url: '/api/group/index/list', token: reader }, RUNS],
    ['map data', p.scoring, { method: 'GET', url: '/api/group/index/map', token: reader }, RUNS],
    ['history (every country × period)', p.scoring, { method: 'GET', url: '/api/group/index/history', token: reader }, RUNS],
    ['one country’s score history', p.scoring, { method: 'GET', url: `/api/group/index/${groups[0]}/scores`, token: reader }, RUNS],
    [
      'compare view (8 countries)',
      p.scoring,
      { method: 'GET', url: `/api/group/index/compare?groups=${groups.join(',')}`, token: reader },
      RUNS,
    ],
    ['export index list CSV', p.scoring, { method: 'GET', url: '/api/group/index/export/list?format=csv', token: reader }, RUNS],
    ['export index list Excel', p.scoring, { method: 'GET', url: '/api/group/index/export/list?format=xlsx', token: reader }, RUNS],
    ['export history CSV', p.scoring, { method: 'GET', url: '/api/group/index/export/history?format=csv', token: reader }, RUNS],
    ['export history Excel', p.scoring, { method: 'GET', url: '/api/group/index/export/history?format=xlsx', token: reader }, RUNS],
    [
      'export everything (ZIP)',
      p.scoring,
      { method: 'GET', url: '/api/group/index/export/everything', token: reader },
      Math.max(3, Math.ceil(RUNS / 5)),
    ],
    ['audit report, 30 days, page 1', p.audit, { method: 'POST', url: '/api/report/audit', token: admin, payload: { start, end } }, RUNS],
    ['a follower’s Following list', p.notifications, { method: 'GET', url: '/api/follow', token: followerToken }, RUNS],
  ];
  const timings: Timing[] = [];
  for (const [read, app, request, runs] of reads) {
    const took: number[] = [];
    let bytes = 0;
    // one untimed request first: a cold cache is a rebuild's cost, measured by the save below
    for (let i = 0; i <= runs; i++) {
      const began = process.hrtime.bigint();
      const res = await app.inject({
        method: request.method,
        url: request.url,
        payload: request.payload,
        headers: { authorization: `Bearer ${request.token}` },
      });
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${read}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      bytes = res.rawPayload.length;
      if (i > 0) took.push(ms);
    }
    took.sort((a, b) => a - b);
    timings.push({ read, median: percentile(took, 50), p95: percentile(took, 95), bytes });
  }
  // a score save in the open period: the save and the read models it rebuilds (every list above)
  const open = (
    await sql<{
      id: string;
    }>`select questionnaire_id as id from questionnaires where status = 'Open' order by questionnaire_id limit ${RUNS}`.execute(
      p.scoring.db,
    )
  ).rows;
  const saves: number[] = [];
  for (const [i, q] of open.entries()) {
    const began = process.hrtime.bigint();
    const res = await saveScores(p.scoring, q.id, { ...scoreInputs(2 + (i % 3)), QualifyingDeclarations: true });
    saves.push(Number(process.hrtime.bigint() - began) / 1e6);
    if (res.statusCode !== 200) throw new Error(`score save: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  saves.sort((a, b) => a - b);
  timings.push({ read: 'score save (rebuilds the read models)', median: percentile(saves, 50), p95: percentile(saves, 95), bytes: 0 });
  return timings;
}

async function main() {
  const dir = path.resolve(process.env.GROWTH_DIR ?? path.join(os.tmpdir(), 'cti-growth-bench'));
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  console.log(`${os.cpus().length} cores, load average ${loadAverage()}; data in ${dir}`);
  const postgres = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), password: 'bench', ephemeral: true });
  const nats = await startNats({ port: await freePort(), storeDir: path.join(dir, 'nats') });
  const keys = testKeyPair();
  const results = new Map<string, Timing[]>();
  try {
    for (const size of SIZES) {
      const platform = await platformFor(postgres, nats.url, size, keys);
      try {
        await seed(platform, size);
        console.log(`measuring ${size.name} (load average ${loadAverage()}) …`);
        results.set(size.name, await measure(platform));
      } finally {
        await platform.close();
      }
    }
  } finally {
    await nats.stop();
    await postgres.stop();
  }
  const [demo, large] = [results.get('demo')!, results.get('large')!];
  const rows = demo.map((d, i) => {
    const l = large[i];
    return {
      read: d.read,
      'demo median': `${d.median.toFixed(1)} ms`,
      'large median': `${l.median.toFixed(1)} ms`,
      'large p95': `${l.p95.toFixed(1)} ms`,
      '× demo (median)': Number((l.median / d.median).toFixed(2)),
      'bytes demo → large': d.bytes ? `${d.bytes} → ${l.bytes}` : '',
    };
  });
  console.log(`\nload average at the end ${loadAverage()}`);
  console.table(rows);
  if (process.env.BENCH_RESULT) fs.writeFileSync(process.env.BENCH_RESULT, JSON.stringify(rows, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
