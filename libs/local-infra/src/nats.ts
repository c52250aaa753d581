import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ensureDebianPackage } from './packages';
import { waitForPort } from './ports';
import { stopWithThisProcess } from './processes';

export interface NatsOptions {
  port: number;
  storeDir: string;
  log?: (line: string) => void;
  /**
   * The server's users (an `authorization` block, libs/events `natsAuthorization`) and the
   * environment holding their passwords (`NATS_PASSWORD_<USER>`); without them every client is
   * taken anonymously. The configuration is written beside the store directory.
   */
  users?: { config: string; env: Record<string, string> };
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

  const configArgs: string[] = [];
  if (options.users) {
    const file = path.join(path.dirname(options.storeDir), `nats-server-${options.port}.conf`);
    fs.writeFileSync(file, options.users.config);
    configArgs.push('-c', file);
  }
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const proc = spawn(binary, [...configArgs, '-js', '-sd', options.storeDir, '-a', '127.0.0.1', '-p', String(options.port)], {
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
  };
}
