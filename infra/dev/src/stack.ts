import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { INTEGRATIONS_USER, natsServerUsers } from '@cti/events';
import {
  freePort,
  isProcessAlive,
  PostgresAlreadyRunning,
  startNats,
  startPostgres,
  type RunningNats,
  type RunningPostgres,
} from '@cti/local-infra';
import { EXIT_WHEN_STDIN_CLOSES } from '@cti/service-kit';

import { provisionDatabase, serviceDatabaseUrl } from './database';
import { clearEarlierRun } from './earlier-run';
import { formatLogLine } from './log-format';
import { devSecrets } from './secrets';
import { Supervisor, type ProcessStatus } from './supervisor';

/**
 * The back-end services, the one list the runner starts (all at once; the gateway starts
 * last). A new service is added here: it gets the next port, its own database role and
 * schema, a `<NAME>_URL` for the others, supervision and a line in `make status`.
 */
export const SERVICES = ['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit', 'notifications'] as const;

/**
 * How Node runs every service, here and in the image (infra/docker/Dockerfile's ENTRYPOINT,
 * pinned equal by infra/test/image.test.ts). A request allocates a few kilobytes that die with
 * it; V8 keeps its young generation as small as that survival rate lets it (1-4 MB), so a busy
 * service scavenged every couple of hundred requests, each scavenge paying its fixed cost (roots,
 * the old-to-new remembered set). With semi-spaces of at least 16 MB (the default ceiling of
 * 64-bit Node 20 and 22, so no more than they could grow to anyway) scoring's index list
 * scavenged 5x less often, for about 27 MB more resident memory. See bench/README.md.
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--min-semi-space-size=16'] as const;

export interface StackOptions {
  repoRoot: string;
  dataDir: string;
  /** Gateway port; services take the next seven ports when free. */
  port: number;
  /** External Postgres (superuser or owner URL); embedded Postgres otherwise. */
  databaseUrl?: string;
  /** External NATS with JetStream; a local nats-server otherwise. */
  natsUrl?: string;
  demoData: boolean;
  verbose: boolean;
  /** The built web app the gateway serves (default web/dist). */
  webDist?: string;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  /** The back-end services to run (default all); journeys that need only some start fewer. */
  services?: ReadonlyArray<(typeof SERVICES)[number]>;
  log?: (line: string) => void;
  /** Restart delays of the supervisor (tests of crashes shorten them). */
  restartDelayMs?: { initial: number; max: number };
  /** Extra node flags for a process (the benchmark's `--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: (name: string) => string[];
}

export interface RunningStack {
  url: string;
  ports: Record<string, number>;
  /** Where the gateway serves /metrics: a loopback port of its own (its public port never serves them). */
  gatewayMetricsUrl: string;
  /** Every supervised process: state, pid, restarts (what `make status` shows). */
  processes(): ProcessStatus[];
  /** The embedded Postgres and NATS, when the stack started them (null with DATABASE_URL / NATS_URL). */
  postgres: RunningPostgres | null;
  nats: RunningNats | null;
  /** Superuser (or the given) URL of the application database. */
  databaseUrl: string;
  /** The NATS URL, and the integrations user's password when the stack runs its own NATS (null with NATS_URL). */
  natsUrl: string;
  integrations: { user: string; password: string; passwordFile: string } | null;
  stop(): Promise<void>;
}

async function waitReady(name: string, port: number, child: ChildProcess | null, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready on port ${port} within ${timeoutMs / 1000} s`);
}

/**
 * Starts Postgres and NATS (embedded unless URLs are given), provisions one schema
 * and role per service, then every service and the gateway as child processes.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const tty = !!process.stdout.isTTY;
  fs.mkdirSync(options.dataDir, { recursive: true });
  await clearEarlierRun(options.dataDir, log);
  const secrets = devSecrets(options.dataDir);
  /** The current process of each service and the gateway (replaced on a restart). */
  const children = new Map<string, ChildProcess>();
  const launchOrder: string[] = [];
  let postgres: RunningPostgres | null = null;
  let nats: RunningNats | null = null;
  /** A postmaster someone else started on our data (`pg_ctl restart`), watched but not ours. */
  let adoptedPostgres: { pid: number; watch: NodeJS.Timeout } | null = null;
  let supervising = false;
  const supervisor = new Supervisor({
    dataDir: options.dataDir,
    log,
    initialDelayMs: options.restartDelayMs?.initial,
    maxDelayMs: options.restartDelayMs?.max,
    waitReady: (target) =>
      target.kind === 'service' || target.kind === 'gateway' ? waitReady(target.name, target.port, null) : Promise.resolve(),
  });

  const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    supervisor.stop();
    supervising = false;
    const running = launchOrder.map((name) => children.get(name)!).filter((child) => child && alive(child));
    for (const child of [...running].reverse()) child.kill('SIGTERM');
    await Promise.all(
      running.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (!alive(child)) return resolve();
            const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
          }),
      ),
    );
    await nats?.stop();
    await postgres?.stop();
    if (adoptedPostgres) await stopAdopted(adoptedPostgres);
  };
  const stopAdopted = async (adopted: { pid: number; watch: NodeJS.Timeout }) => {
    clearInterval(adopted.watch);
    adoptedPostgres = null;
    try {
      process.kill(adopted.pid, 'SIGINT'); // fast shutdown, as our own
    } catch {
      return;
    }
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && isProcessAlive(adopted.pid)) await new Promise((r) => setTimeout(r, 100));
  };

  try {
    let superuserUrl = options.databaseUrl;
    if (!superuserUrl) {
      const port = await freePort(54329);
      log(`[postgres]      starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${path.join(options.dataDir, 'pg')})`);
      const pg = await startPostgres({ dataDir: path.join(options.dataDir, 'pg'), port, password: secrets.postgresPassword });
      postgres = pg;
      superuserUrl = pg.url;
      supervisor.add({
        name: 'postgres',
        kind: 'postgres',
        port,
        pid: () => pg.pid ?? adoptedPostgres?.pid ?? null,
        async restart() {
          try {
            await pg.start();
          } catch (err) {
            // `pg_ctl restart` (or another tool) already started one on our data: watch it
            if (!(err instanceof PostgresAlreadyRunning)) throw err;
            const pid = err.pid;
            log(`${'[runner]'.padEnd(16)}postgres was started outside the runner (pid ${pid}); watching it`);
            const watch = setInterval(() => {
              if (isProcessAlive(pid)) return;
              clearInterval(watch);
              adoptedPostgres = null;
              supervisor.exited('postgres', null, null);
            }, 2000);
            watch.unref();
            adoptedPostgres = { pid, watch };
          }
        },
      });
      pg.onUnexpectedExit((code, signal) => supervising && supervisor.exited('postgres', code, signal));
    }
    const database = options.databaseUrl ? new URL(options.databaseUrl).pathname.slice(1) || 'postgres' : 'cti';
    const perServiceRoles = !options.databaseUrl;
    if (perServiceRoles) await provisionDatabase(superuserUrl, database, [...SERVICES], secrets.rolePassword);

    let natsUrl = options.natsUrl;
    if (!natsUrl) {
      const port = await freePort(4222);
      log(`[nats]          starting nats-server with JetStream on 127.0.0.1:${port} (users and permissions of infra/nats/users.conf)`);
      // the deployment's users and rights, on the subjects and stream the services are told to use
      const users = natsServerUsers({
        prefix: options.env?.EVENTS_SUBJECT_PREFIX ?? 'evt',
        stream: options.env?.EVENTS_STREAM ?? 'EVENTS',
        passwordOf: secrets.natsPassword,
      });
      const server = await startNats({ port, storeDir: path.join(options.dataDir, 'nats'), users });
      nats = server;
      natsUrl = server.url;
      supervisor.add({ name: 'nats', kind: 'nats', port, pid: () => server.pid, restart: () => server.start() });
      server.onUnexpectedExit((code, signal) => supervising && supervisor.exited('nats', code, signal));
    }

    /** Each process connects to NATS as its own user (none with NATS_URL: that server's users are not ours to know). */
    const natsUserEnv = (user: string): Record<string, string> =>
      nats ? { NATS_USER: user, NATS_PASSWORD: secrets.natsPassword(user) } : {};

    const ports: Record<string, number> = { gateway: await freePort(options.port) };
    if (ports.gateway !== options.port && options.port !== 0) throw new Error(`Port ${options.port} is in use; set PORT to another port`);
    for (const [i, service] of SERVICES.entries()) ports[service] = await freePort(options.port ? options.port + i + 1 : undefined);
    // the gateway faces browsers: its metrics go to a port of their own, as in the deployments (the
    // services, reached on loopback only, serve theirs on their own ports)
    const gatewayMetricsPort = await freePort(options.port ? options.port + SERVICES.length + 2 : undefined);

    const common: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'development',
      LOG_LEVEL: options.verbose ? 'debug' : 'info',
      NATS_URL: natsUrl,
      JWT_PUBLIC_KEY: secrets.jwtPublicKey,
      SERVICE_TOKEN: secrets.serviceToken,
      DEMO_DATA: String(options.demoData),
      DATA_DIR: options.dataDir,
      ...options.env,
    };
    // every service can reach every other one's /internal/ routes; links in e-mails point at the gateway
    Object.assign(common, Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, `http://127.0.0.1:${ports[s]}`])), {
      PUBLIC_URL: `http://localhost:${ports.gateway}`,
    });
    const launch = (name: string, env: Record<string, string>) => {
      const script = path.join(options.repoRoot, 'services', name, 'dist', 'src', 'server.js');
      if (!fs.existsSync(script)) throw new Error(`${script} is missing: build first (npx tsc -b)`);
      const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...(options.nodeArgs?.(name) ?? []), script], {
        // the child leaves when this runner goes, however it goes: its stdin is this end of a pipe
        env: { ...common, ...env, [EXIT_WHEN_STDIN_CLOSES]: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
        // own process group: Ctrl-C reaches this orchestrator, which drains services before the database
        detached: true,
      });
      // nothing is written to it; a child gone first must not turn its closed pipe into an error here
      child.stdin?.on('error', () => undefined);
      for (const stream of [child.stdout, child.stderr]) {
        readline.createInterface({ input: stream }).on('line', (line) => {
          const out = formatLogLine(name, line, options.verbose, tty);
          if (out) log(out);
        });
      }
      child.once('exit', (code, signal) => {
        if (supervising && children.get(name) === child) supervisor.exited(name, code, signal);
      });
      if (!children.has(name)) launchOrder.push(name);
      children.set(name, child);
      return child;
    };
    const supervise = (name: string, kind: 'service' | 'gateway', env: Record<string, string>) =>
      supervisor.add({
        name,
        kind,
        port: ports[name],
        pid: () => children.get(name)?.pid ?? null,
        restart: async () => void launch(name, env),
      });

    const serviceEnv = new Map<string, Record<string, string>>();
    await Promise.all(
      (options.services ?? SERVICES).map((service) => {
        const databaseUrl = perServiceRoles
          ? serviceDatabaseUrl(superuserUrl, database, service, secrets.rolePassword(service))
          : superuserUrl;
        // back-end services are reached through the gateway only
        const extra: Record<string, string> = {
          HOST: '127.0.0.1',
          PORT: String(ports[service]),
          DATABASE_URL: databaseUrl,
          ...natsUserEnv(service),
        };
        if (service === 'identity') extra.JWT_PRIVATE_KEY = secrets.jwtPrivateKey;
        serviceEnv.set(service, extra);
        return waitReady(service, ports[service], launch(service, extra));
      }),
    );
    for (const service of SERVICES) supervise(service, 'service', serviceEnv.get(service)!);
    const gatewayEnv = {
      PORT: String(ports.gateway),
      METRICS_PORT: String(gatewayMetricsPort),
      WEB_DIST: options.webDist ?? path.join(options.repoRoot, 'web', 'dist'),
      ...natsUserEnv('gateway'),
    };
    const gateway = launch('gateway', gatewayEnv);
    await waitReady('gateway', ports.gateway, gateway);
    supervise('gateway', 'gateway', gatewayEnv);
    // from here on a crash is restarted, not a failed start
    supervising = true;
    const url = `http://localhost:${ports.gateway}`;
    supervisor.setUrl(url);
    const applicationUrl = new URL(superuserUrl);
    applicationUrl.pathname = `/${database}`;
    return {
      url,
      ports,
      gatewayMetricsUrl: `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
      processes: () => supervisor.list(),
      postgres,
      nats,
      databaseUrl: applicationUrl.toString(),
      natsUrl,
      integrations: nats
        ? {
            user: INTEGRATIONS_USER,
            password: secrets.natsPassword(INTEGRATIONS_USER),
            passwordFile: secrets.natsPasswordFile(INTEGRATIONS_USER),
          }
        : null,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
