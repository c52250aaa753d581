import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

import { INTEGRATIONS_USER, natsServerUsers } from '@cti/events';
import {
  freePort,
  freePorts,
  isProcessAlive,
  PostgresAlreadyRunning,
  startNats,
  startNatsCluster,
  startPostgres,
  type RunningNats,
  type RunningPostgres,
} from '@cti/local-infra';
import { EXIT_WHEN_STDIN_CLOSES } from '@cti/service-kit';

import { provisionDatabase, serviceDatabaseUrl } from './database';
import { clearEarlierRun } from './earlier-run';
import { startFront, type RunningFront } from './front';
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
 * scavenged several times less often, for a few tens of MB more resident memory (the measurements
 * are in the message of the commit that added the flag: `git log -S min-semi-space-size`).
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--min-semi-space-size=16'] as const;

/** The processes of one service (or the gateway): `identity` alone, or `identity-1`, `identity-2`, … with replicas. */
export function instanceNames(service: string, replicas: number): string[] {
  return replicas > 1 ? Array.from({ length: replicas }, (_, i) => `${service}-${i + 1}`) : [service];
}

/**
 * What a gateway behind the front waits, draining, before it closes: the front takes a gateway
 * out after two failed readiness checks a second apart (infra/dev/src/front.ts), as an ingress
 * stops sending to a pod whose readiness fails before its listener closes.
 */
const GATEWAY_DRAIN_BEHIND_FRONT_MS = 3000;

export interface StackOptions {
  repoRoot: string;
  dataDir: string;
  /**
   * Where browsers connect: the gateway (services take the next seven ports when free), or with
   * replicas the round-robin front before the gateways (every other process on a free port).
   */
  port: number;
  /**
   * Processes of each back-end service and gateways (REPLICAS): 1 as `make start` runs; with 2 or
   * more, a round-robin front (HAProxy) listens on `port` before the gateways, and every service
   * reaches the others' replicas through their comma-separated `<NAME>_URL`.
   */
  replicas?: number;
  /**
   * NATS servers (NATS_CLUSTER): 1, or a JetStream cluster of that many nodes (3: one may be
   * lost) whose events stream the services create with as many replicas (EVENTS_REPLICAS).
   */
  natsNodes?: number;
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
  /** How long a process may take to answer ready at the first start (default 120 s; a suite on a loaded machine waits longer). */
  readyTimeoutMs?: number;
  /** Restart delays of the supervisor (tests of crashes shorten them). */
  restartDelayMs?: { initial: number; max: number };
  /** Extra node flags for a process (the benchmark's `--cpu-prof`, which NODE_OPTIONS may not carry). */
  nodeArgs?: (name: string) => string[];
  /**
   * A NATS user allowed everything, for a suite or benchmark that reads every consumer's state
   * (`harnessNats` of the running stack); never in `make start` or a deployment.
   */
  harnessNatsUser?: string;
}

export interface RunningStack {
  url: string;
  /** Every process's port by its name (`gateway`, `identity`; with replicas `front`, `gateway-1`, `identity-2`, `nats-3`). */
  ports: Record<string, number>;
  /** Processes per service and gateways. */
  replicas: number;
  /** Every NATS server's client URL, comma-separated (NATS_URL of the services). */
  natsUrl: string;
  /** Where the (first) gateway serves /metrics: a loopback port of its own (its public port never serves them). */
  gatewayMetricsUrl: string;
  /** The integrations user's password when the stack runs its own NATS (null with NATS_URL). */
  integrations: { user: string; password: string; passwordFile: string } | null;
  /** `harnessNatsUser`'s credentials (connectEventBus's), when asked for and the stack runs its own NATS. */
  harnessNats: { user: string; password: string } | null;
  /** Every supervised process: state, pid, restarts (what `make status` shows). */
  processes(): ProcessStatus[];
  /** The embedded Postgres and NATS, when the stack started them (null with DATABASE_URL / NATS_URL; `nats` is the first node of a cluster). */
  postgres: RunningPostgres | null;
  nats: RunningNats | null;
  /** Every NATS server the stack started (one, or a cluster's nodes). */
  natsServers: Array<RunningNats & { name: string }>;
  /** Superuser (or the given) URL of the application database. */
  databaseUrl: string;
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
 * Starts Postgres and NATS (embedded unless URLs are given; NATS as one server or a cluster),
 * provisions one schema and role per service, then every service's replicas and the gateways as
 * child processes, and with replicas the round-robin front before the gateways.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const tty = !!process.stdout.isTTY;
  const replicas = Math.max(1, options.replicas ?? 1);
  const natsNodes = Math.max(1, options.natsNodes ?? 1);
  fs.mkdirSync(options.dataDir, { recursive: true });
  await clearEarlierRun(options.dataDir, log);
  const secrets = devSecrets(options.dataDir);
  /** The current process of each service replica and gateway (replaced on a restart). */
  const children = new Map<string, ChildProcess>();
  const launchOrder: string[] = [];
  let postgres: RunningPostgres | null = null;
  const natsServers: Array<RunningNats & { name: string }> = [];
  let front: RunningFront | null = null;
  /** A postmaster someone else started on our data (`pg_ctl restart`), watched but not ours. */
  let adoptedPostgres: { pid: number; watch: NodeJS.Timeout } | null = null;
  let supervising = false;
  const ports: Record<string, number> = {};
  const supervisor = new Supervisor({
    dataDir: options.dataDir,
    log,
    initialDelayMs: options.restartDelayMs?.initial,
    maxDelayMs: options.restartDelayMs?.max,
    waitReady: (target) => {
      if (target.kind === 'service' || target.kind === 'gateway') return waitReady(target.name, target.port, null);
      // a cluster's node is ready once it is current with the others (a lone server once it listens)
      const node = natsServers.find((n) => n.name === target.name);
      return target.kind === 'nats' && natsNodes > 1 && node ? waitHealthy(node) : Promise.resolve();
    },
  });

  const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    supervisor.stop();
    supervising = false;
    await front?.stop();
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
    await Promise.all(natsServers.map((server) => server.stop()));
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
      ports.postgres = port;
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
      // the deployment's users and rights (infra/nats/users.conf), on the subjects and stream the services are told to use
      const users = natsServerUsers({
        prefix: options.env?.EVENTS_SUBJECT_PREFIX ?? 'evt',
        stream: options.env?.EVENTS_STREAM ?? 'EVENTS',
        passwordOf: secrets.natsPassword,
        unrestricted: options.harnessNatsUser ? [options.harnessNatsUser] : [],
      });
      if (natsNodes > 1) {
        log(
          `[nats]          starting a ${natsNodes}-node NATS JetStream cluster on loopback (users and permissions of infra/nats/users.conf)`,
        );
        const cluster = await startNatsCluster({ nodes: natsNodes, storeRoot: path.join(options.dataDir, 'nats-cluster'), users });
        natsServers.push(...cluster.nodes.map((node) => Object.assign(node, { name: `nats-${node.name.split('-').pop()}` })));
        natsUrl = cluster.url;
      } else {
        const port = await freePort(4222);
        log(`[nats]          starting nats-server with JetStream on 127.0.0.1:${port} (users and permissions of infra/nats/users.conf)`);
        natsServers.push(Object.assign(await startNats({ port, storeDir: path.join(options.dataDir, 'nats'), users }), { name: 'nats' }));
        natsUrl = natsServers[0].url;
      }
      for (const server of natsServers) {
        ports[server.name] = server.port;
        supervisor.add({ name: server.name, kind: 'nats', port: server.port, pid: () => server.pid, restart: () => server.start() });
        server.onUnexpectedExit((code, signal) => supervising && supervisor.exited(server.name, code, signal));
      }
    }

    /** Each process connects to NATS as its own user (none with NATS_URL: that server's users are not ours to know). */
    const natsUserEnv = (user: string): Record<string, string> =>
      natsServers.length ? { NATS_USER: user, NATS_PASSWORD: secrets.natsPassword(user) } : {};

    // One replica: the gateway on PORT and the services on the next seven ports, as ever. With
    // replicas, the front takes PORT and every process a free port.
    const instancesOf = (service: string) => instanceNames(service, replicas);
    const entry = replicas > 1 ? 'front' : 'gateway';
    ports[entry] = await freePort(options.port);
    if (ports[entry] !== options.port && options.port !== 0) throw new Error(`Port ${options.port} is in use; set PORT to another port`);
    if (replicas > 1) {
      const names = [...SERVICES, 'gateway'].flatMap(instancesOf);
      const free = await freePorts(names.length);
      names.forEach((name, i) => (ports[name] = free[i]));
    } else {
      for (const [i, service] of SERVICES.entries()) ports[service] = await freePort(options.port ? options.port + i + 1 : undefined);
    }
    // the gateways face browsers: their metrics go to ports of their own, as in the deployments (the
    // services, reached on loopback only, serve theirs on their own ports)
    const metricsPorts: Record<string, number> = {};
    if (replicas > 1) {
      const free = await freePorts(replicas);
      instancesOf('gateway').forEach((name, i) => (metricsPorts[name] = free[i]));
    } else metricsPorts.gateway = await freePort(options.port ? options.port + SERVICES.length + 2 : undefined);
    const url = `http://localhost:${ports[entry]}`;
    const urlsOf = (service: string) => instancesOf(service).map((name) => `http://127.0.0.1:${ports[name]}`);

    const common: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'development',
      LOG_LEVEL: options.verbose ? 'debug' : 'info',
      NATS_URL: natsUrl,
      // the events stream is kept on as many nodes as the cluster has (one may be lost)
      ...(natsNodes > 1 ? { EVENTS_REPLICAS: String(natsNodes) } : {}),
      JWT_PUBLIC_KEY: secrets.jwtPublicKey,
      SERVICE_TOKEN: secrets.serviceToken,
      DEMO_DATA: String(options.demoData),
      DATA_DIR: options.dataDir,
      ...options.env,
    };
    // every service can reach every other one's /internal/ routes (each replica: the gateway and
    // the services spread their calls over a list); links in e-mails point at the entry
    Object.assign(common, Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, urlsOf(s).join(',')])), { PUBLIC_URL: url });
    const launch = (name: string, service: string, env: Record<string, string>) => {
      const script = path.join(options.repoRoot, 'services', service, 'dist', 'src', 'server.js');
      if (!fs.existsSync(script)) throw new Error(`${script} is missing: build first (npx tsc -b)`);
      const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...(options.nodeArgs?.(service) ?? []), script], {
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
    const supervise = (name: string, service: string, kind: 'service' | 'gateway', env: Record<string, string>) =>
      supervisor.add({
        name,
        kind,
        port: ports[name],
        pid: () => children.get(name)?.pid ?? null,
        restart: async () => void launch(name, service, env),
      });

    const instanceEnv = new Map<string, { service: string; env: Record<string, string> }>();
    const services = options.services ?? SERVICES;
    for (const service of services) {
      const databaseUrl = perServiceRoles
        ? serviceDatabaseUrl(superuserUrl, database, service, secrets.rolePassword(service))
        : superuserUrl;
      for (const name of instancesOf(service)) {
        // back-end services are reached through the gateway only
        const env: Record<string, string> = {
          HOST: '127.0.0.1',
          PORT: String(ports[name]),
          DATABASE_URL: databaseUrl,
          ...natsUserEnv(service),
        };
        if (service === 'identity') env.JWT_PRIVATE_KEY = secrets.jwtPrivateKey;
        instanceEnv.set(name, { service, env });
      }
    }
    // replica by replica: every service's first replica migrates its schema and seeds the demo
    // data before the second starts (two at once would only wait on each other's locks)
    for (let replica = 0; replica < replicas; replica++) {
      await Promise.all(
        services.map((service) => {
          const name = instancesOf(service)[replica];
          const { env } = instanceEnv.get(name)!;
          return waitReady(name, ports[name], launch(name, service, env), options.readyTimeoutMs);
        }),
      );
    }
    for (const service of SERVICES)
      for (const name of instancesOf(service)) if (instanceEnv.has(name)) supervise(name, service, 'service', instanceEnv.get(name)!.env);
    const gatewayEnv = (name: string): Record<string, string> => ({
      PORT: String(ports[name]),
      METRICS_PORT: String(metricsPorts[name]),
      ...natsUserEnv('gateway'),
      WEB_DIST: options.webDist ?? path.join(options.repoRoot, 'web', 'dist'),
      // behind the front: the client's address is in its X-Forwarded-For, and a gateway going away
      // drains until the front has taken it out
      ...(replicas > 1 ? { TRUST_PROXY_HOPS: '1', SHUTDOWN_DELAY_MS: String(GATEWAY_DRAIN_BEHIND_FRONT_MS) } : {}),
    });
    await Promise.all(
      instancesOf('gateway').map((name) => waitReady(name, ports[name], launch(name, 'gateway', gatewayEnv(name)), options.readyTimeoutMs)),
    );
    for (const name of instancesOf('gateway')) supervise(name, 'gateway', 'gateway', gatewayEnv(name));
    if (replicas > 1) {
      log(`${'[front]'.padEnd(16)}HAProxy on 127.0.0.1:${ports.front}, round-robin over ${instancesOf('gateway').join(', ')}`);
      const started = await startFront({
        port: ports.front,
        backends: instancesOf('gateway').map((name) => ({ name, port: ports[name] })),
        dir: path.join(options.dataDir, 'front'),
        log: (line) => log(`${'[front]'.padEnd(16)}${line}`),
      });
      front = started;
      supervisor.add({ name: 'front', kind: 'front', port: ports.front, pid: () => started.pid, restart: () => started.start() });
      started.onUnexpectedExit((code, signal) => supervising && supervisor.exited('front', code, signal));
    }
    // from here on a crash is restarted, not a failed start
    supervising = true;
    supervisor.setUrl(url);
    const applicationUrl = new URL(superuserUrl);
    applicationUrl.pathname = `/${database}`;
    return {
      url,
      ports,
      replicas,
      natsUrl,
      gatewayMetricsUrl: `http://127.0.0.1:${metricsPorts[instancesOf('gateway')[0]]}/metrics`,
      harnessNats:
        natsServers.length && options.harnessNatsUser
          ? { user: options.harnessNatsUser, password: secrets.natsPassword(options.harnessNatsUser) }
          : null,
      integrations: natsServers.length
        ? {
            user: INTEGRATIONS_USER,
            password: secrets.natsPassword(INTEGRATIONS_USER),
            passwordFile: secrets.natsPasswordFile(INTEGRATIONS_USER),
          }
        : null,
      processes: () => supervisor.list(),
      postgres,
      nats: natsServers[0] ?? null,
      natsServers,
      databaseUrl: applicationUrl.toString(),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Waits until a cluster's node answers `/healthz` (current with the others). */
async function waitHealthy(node: RunningNats & { name: string }, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await node.healthy())) {
    if (Date.now() > deadline) throw new Error(`${node.name} was not healthy within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
