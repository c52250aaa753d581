import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ensureDebianPackage } from './packages';
import { freePorts, waitForPort } from './ports';
import { stopWithThisProcess } from './processes';

export interface NatsOptions {
  port: number;
  storeDir: string;
  log?: (line: string) => void;
  /** The server's name (JetStream in a cluster tells its nodes apart by it); `cti-nats` when not given. */
  serverName?: string;
  /** Monitoring port: `/healthz` says when the server (in a cluster: its JetStream) is ready. */
  monitorPort?: number;
  /** This server as one node of a cluster (nats-server's own clustering: routes between the nodes). */
  cluster?: NatsClusterNode;
  /**
   * Configuration appended to the server's file as it is: the accounts and users a deployment
   * with NATS accounts gives every node alike.
   */
  extraConfig?: string;
  /**
   * The server's users (an `authorization` block, libs/events `natsAuthorization`) and the
   * environment holding their passwords (`NATS_PASSWORD_<USER>`); without them every client is
   * taken anonymously.
   */
  users?: NatsUsers;
}

export interface NatsUsers {
  config: string;
  env: Record<string, string>;
}

/** One node's part of a cluster: the cluster's name, the port its routes listen on, and every other node's route URL. */
export interface NatsClusterNode {
  name: string;
  routePort: number;
  routes: string[];
}

export interface RunningNats {
  url: string;
  port: number;
  /** Process id of the current server, null while it is not running. */
  readonly pid: number | null;
  /** Stops it (SIGTERM: JetStream flushes) and waits for the exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port and storage (after a stop, a kill or a crash). */
  start(): Promise<void>;
  /** Sends a signal (SIGKILL by default, a crash) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Called when the server exits without `stop()` having been asked (a crash, a kill). */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Whether `/healthz` answers ok (needs `monitorPort`; a cluster's node: its JetStream has a meta leader and is current). */
  healthy(): Promise<boolean>;
  /** The configuration file the server runs with. */
  readonly configFile: string;
}

const quoted = (text: string) => JSON.stringify(text);

/**
 * The server's configuration: loopback only, JetStream on file storage in `storeDir`, and, for a
 * cluster's node, its routes to the others. Written to a file (not flags): a cluster and accounts
 * can only be configured there.
 */
export function natsConfigText(options: Omit<NatsOptions, 'log'>): string {
  const lines = [
    `server_name: ${quoted(options.serverName ?? 'cti-nats')}`,
    `listen: "127.0.0.1:${options.port}"`,
    ...(options.monitorPort ? [`http: "127.0.0.1:${options.monitorPort}"`] : []),
    'max_payload: 8MB',
    `jetstream { store_dir: ${quoted(options.storeDir)} }`,
  ];
  const { cluster } = options;
  if (cluster) {
    lines.push(
      'cluster {',
      `  name: ${quoted(cluster.name)}`,
      `  listen: "127.0.0.1:${cluster.routePort}"`,
      `  routes: [${cluster.routes.map(quoted).join(', ')}]`,
      // a node started before the others keeps trying to reach them (a whole cluster starts together)
      '  connect_retries: 120',
      '}',
    );
  }
  if (options.users) lines.push(options.users.config);
  if (options.extraConfig) lines.push(options.extraConfig);
  return `${lines.join('\n')}\n`;
}

/** The `nats-server` binary, installed from Debian's package when missing and possible. */
export function natsServerBinary(): string {
  return ensureDebianPackage(
    'nats-server',
    'nats-server',
    '`apt-get install nats-server` (Debian/Ubuntu), `brew install nats-server`, or set NATS_URL to a running server with JetStream',
  );
}

const exitOf = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
  });

/** A `nats-server -js` child process on loopback with file storage. */
export async function startNats(options: NatsOptions): Promise<RunningNats> {
  const binary = natsServerBinary();
  fs.mkdirSync(options.storeDir, { recursive: true });
  let child: ChildProcess | null = null;
  const log = options.log ?? (() => undefined);
  const exitListeners: Array<(code: number | null, signal: NodeJS.Signals | null) => void> = [];
  /** Processes we asked to stop: their exit is expected. */
  const stopping = new WeakSet<ChildProcess>();

  const configFile = path.join(options.storeDir, 'nats-server.conf');
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    // the store may have been taken away since (a test of NATS losing its storage): the file lives there
    fs.mkdirSync(options.storeDir, { recursive: true });
    fs.writeFileSync(configFile, natsConfigText(options));
    const proc = spawn(binary, ['-c', configFile], {
      // the users' passwords, which the configuration reads from the environment
      env: { ...process.env, ...options.users?.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // own process group: a terminal's Ctrl-C reaches our orchestrator, which stops it in order
      detached: true,
    });
    child = proc;
    // stopped (JetStream flushes) when the process that started it goes without stopping it
    proc.once('exit', stopWithThisProcess(proc, 'SIGTERM'));
    proc.stdout?.on('data', (d: Buffer) => log(d.toString()));
    proc.stderr?.on('data', (d: Buffer) => log(d.toString()));
    let ready = false;
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code, signal) => {
        if (!ready) reject(new Error(`nats-server exited with code ${code} (port ${options.port})`));
        else if (!stopping.has(proc)) for (const listener of exitListeners) listener(code, signal);
      }),
    );
    exited.catch(() => undefined);
    try {
      await Promise.race([waitForPort(options.port, 20_000), exited]);
    } catch (err) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      throw err;
    }
    ready = true;
  };

  const kill = async (signal: NodeJS.Signals = 'SIGKILL', expected = false) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    if (expected) stopping.add(proc);
    const exit = exitOf(proc);
    proc.kill(signal);
    const force = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(force);
  };

  await start();
  return {
    url: `nats://127.0.0.1:${options.port}`,
    port: options.port,
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null;
    },
    stop: () => kill('SIGTERM', true),
    start,
    kill: (signal) => kill(signal ?? 'SIGKILL'),
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
    configFile,
    async healthy() {
      if (!options.monitorPort) throw new Error('healthy() needs the monitoring port (monitorPort)');
      try {
        const res = await fetch(`http://127.0.0.1:${options.monitorPort}/healthz`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return res.ok;
      } catch {
        return false;
      }
    },
  };
}

export interface NatsClusterOptions {
  /** How many nodes (3: a JetStream cluster that keeps a quorum when one node is down). */
  nodes: number;
  /** Each node's data lives in `<storeRoot>/<node name>`. */
  storeRoot: string;
  /** Cluster name (`cti`); the nodes are `<name>-1` … `<name>-n`. */
  name?: string;
  log?: (node: string, line: string) => void;
  extraConfig?: string;
  users?: NatsUsers;
  /** How long the cluster may take to elect its JetStream meta leader. */
  readyTimeoutMs?: number;
}

export interface RunningNatsCluster {
  /** Every node's client URL, comma-separated (what NATS_URL takes). */
  url: string;
  nodes: Array<RunningNats & { name: string }>;
  stop(): Promise<void>;
}

/**
 * A JetStream cluster on loopback, nats-server's own clustering: every node routes to the
 * others, and resolves once all of them answer `/healthz` (JetStream has a meta leader and
 * every node is current). A stream created with 3 replicas keeps a copy on each node and
 * survives the loss of any one.
 */
export async function startNatsCluster(options: NatsClusterOptions): Promise<RunningNatsCluster> {
  const name = options.name ?? 'cti';
  const ports = await freePorts(options.nodes * 3);
  const plan = Array.from({ length: options.nodes }, (_, i) => ({
    name: `${name}-${i + 1}`,
    port: ports[i * 3],
    routePort: ports[i * 3 + 1],
    monitorPort: ports[i * 3 + 2],
  }));
  const nodes: Array<RunningNats & { name: string }> = [];
  try {
    // together: a node alone has no quorum, and each waits for the others' routes
    const started = await Promise.all(
      plan.map(async (node) =>
        Object.assign(
          await startNats({
            port: node.port,
            monitorPort: node.monitorPort,
            storeDir: path.join(options.storeRoot, node.name),
            serverName: node.name,
            cluster: {
              name,
              routePort: node.routePort,
              routes: plan.filter((other) => other !== node).map((other) => `nats-route://127.0.0.1:${other.routePort}`),
            },
            extraConfig: options.extraConfig,
            users: options.users,
            log: options.log ? (line) => options.log!(node.name, line) : undefined,
          }),
          { name: node.name },
        ),
      ),
    );
    nodes.push(...started);
    const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
    while (!(await Promise.all(nodes.map((n) => n.healthy()))).every(Boolean)) {
      if (Date.now() > deadline) throw new Error(`the NATS cluster (${plan.map((n) => n.name).join(', ')}) did not become ready`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await Promise.all(nodes.map((n) => n.stop()));
    throw err;
  }
  return {
    url: nodes.map((n) => n.url).join(','),
    nodes,
    async stop() {
      await Promise.all(nodes.map((n) => n.stop()));
    },
  };
}
