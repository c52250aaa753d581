import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { freePort, startNats, startPostgres, type RunningNats, type RunningPostgres } from '@cti/local-infra';
import { provisionDatabase, serviceDatabaseUrl } from './database';
import { formatLogLine } from './log-format';
import { devSecrets } from './secrets';

/** Back-end services in start order; the gateway starts last. */
export const SERVICES = ['identity', 'questionnaire', 'scoring', 'documents', 'commerce', 'audit'] as const;

export interface StackOptions {
  repoRoot: string;
  dataDir: string;
  /** Gateway port; services take the next six ports when free. */
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
}

export interface RunningStack {
  url: string;
  ports: Record<string, number>;
  stop(): Promise<void>;
}

async function waitReady(name: string, port: number, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
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
  const secrets = devSecrets(options.dataDir);
  const children: Array<{ name: string; child: ChildProcess }> = [];
  let postgres: RunningPostgres | null = null;
  let nats: RunningNats | null = null;

  const stop = async () => {
    for (const { child } of [...children].reverse()) {
      if (child.exitCode === null) child.kill('SIGTERM');
    }
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
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
  };

  try {
    let superuserUrl = options.databaseUrl;
    if (!superuserUrl) {
      const port = await freePort(54329);
      log(`[postgres]      starting embedded PostgreSQL on 127.0.0.1:${port} (data in ${path.join(options.dataDir, 'pg')})`);
      postgres = await startPostgres({ dataDir: path.join(options.dataDir, 'pg'), port, password: secrets.postgresPassword });
      superuserUrl = postgres.url;
    }
    const database = options.databaseUrl ? new URL(options.databaseUrl).pathname.slice(1) || 'postgres' : 'cti';
    const perServiceRoles = !options.databaseUrl;
    if (perServiceRoles) await provisionDatabase(superuserUrl, database, [...SERVICES], secrets.rolePassword);

    let natsUrl = options.natsUrl;
    if (!natsUrl) {
      const port = await freePort(4222);
      log(`[nats]          starting nats-server with JetStream on 127.0.0.1:${port}`);
      nats = await startNats({ port, storeDir: path.join(options.dataDir, 'nats') });
      natsUrl = nats.url;
    }

    const ports: Record<string, number> = { gateway: await freePort(options.port) };
    if (ports.gateway !== options.port && options.port !== 0) throw new Error(`Port ${options.port} is in use; set PORT to another port`);
    for (const [i, service] of SERVICES.entries()) ports[service] = await freePort(options.port ? options.port + i + 1 : undefined);

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
      const child = spawn(process.execPath, ['--enable-source-maps', script], {
        env: { ...common, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // own process group: Ctrl-C reaches this orchestrator, which drains services before the database
        detached: true,
      });
      for (const stream of [child.stdout!, child.stderr!]) {
        readline.createInterface({ input: stream }).on('line', (line) => {
          const out = formatLogLine(name, line, options.verbose, tty);
          if (out) log(out);
        });
      }
      children.push({ name, child });
      return child;
    };

    await Promise.all(
      (options.services ?? SERVICES).map((service) => {
        const databaseUrl = perServiceRoles
          ? serviceDatabaseUrl(superuserUrl!, database, service, secrets.rolePassword(service))
          : superuserUrl!;
        // back-end services are reached through the gateway only
        const extra: Record<string, string> = { HOST: '127.0.0.1', PORT: String(ports[service]), DATABASE_URL: databaseUrl };
        if (service === 'identity') extra.JWT_PRIVATE_KEY = secrets.jwtPrivateKey;
        return waitReady(service, ports[service]!, launch(service, extra));
      }),
    );
    const gateway = launch('gateway', {
      PORT: String(ports.gateway),
      WEB_DIST: options.webDist ?? path.join(options.repoRoot, 'web', 'dist'),
    });
    await waitReady('gateway', ports.gateway!, gateway);
    return { url: `http://localhost:${ports.gateway}`, ports, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
