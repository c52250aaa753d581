import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { NATS_USERS, natsServerUsers, randomNatsPassword } from '@cti/events';
import { freePort, startNats, startPostgres, type RunningNats } from '@cti/local-infra';

/** What a test run shares: one Postgres and one NATS. */
export interface TestInfrastructure {
  databaseUrl: string;
  natsUrl: string;
  natsPort: number;
  natsStoreDir: string | null;
  /** The password of each NATS user (the platform's, and the harness's). */
  natsPasswords: Record<string, string>;
  stop(): Promise<void>;
}

export const INFRA_ENV = {
  databaseUrl: 'CTI_TEST_DATABASE_URL',
  natsUrl: 'CTI_TEST_NATS_URL',
  natsPort: 'CTI_TEST_NATS_PORT',
  natsStoreDir: 'CTI_TEST_NATS_STORE',
  natsPasswords: 'CTI_TEST_NATS_PASSWORDS',
} as const;

/**
 * The tests' own NATS user, allowed everything: what tests do to the stream as no service would
 * (read any subject, publish as another service, make consumers of any name). Services under test
 * connect as themselves.
 */
export const HARNESS_NATS_USER = 'harness';

/**
 * The run's NATS users: the platform's users with the permissions a deployment gives them (their
 * subjects under any prefix and stream: each test file has its own), and the harness.
 */
function testNatsUsers() {
  const passwords = Object.fromEntries([...NATS_USERS, HARNESS_NATS_USER].map((user) => [user, randomNatsPassword()]));
  const users = natsServerUsers({ prefix: '*', stream: '*', unrestricted: [HARNESS_NATS_USER], passwordOf: (user) => passwords[user] });
  return { passwords, users };
}

async function dockerAnswers(): Promise<boolean> {
  if (process.env.CTI_TEST_NO_DOCKER === '1') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    let timer: NodeJS.Timeout | undefined;
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 5000);
        timer.unref();
      }),
    ]).finally(() => clearTimeout(timer));
    return !!client;
  } catch {
    return false;
  }
}

async function withContainers(): Promise<TestInfrastructure> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const pg = await new GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_PASSWORD: 'test' })
    .withCommand(['postgres', '-c', 'fsync=off', '-c', 'max_connections=400'])
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const { passwords, users } = testNatsUsers();
  const nats = await new GenericContainer('nats:2.10-alpine')
    .withCopyContentToContainer([{ content: users.config, target: '/etc/nats/users.conf' }])
    .withEnvironment(users.env)
    .withCommand(['-c', '/etc/nats/users.conf', '-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  const natsPort = nats.getMappedPort(4222);
  return {
    databaseUrl: `postgres://postgres:test@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`,
    natsUrl: `nats://${nats.getHost()}:${natsPort}`,
    natsPort,
    natsStoreDir: null,
    natsPasswords: passwords,
    async stop() {
      await Promise.all([pg.stop(), nats.stop()]);
    },
  };
}

async function withLocalBinaries(): Promise<TestInfrastructure> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-test-'));
  fs.chmodSync(root, 0o755);
  const pg = await startPostgres({ dataDir: path.join(root, 'pg'), port: await freePort(), password: 'test', ephemeral: true });
  const natsStoreDir = path.join(root, 'nats');
  const { passwords, users } = testNatsUsers();
  const nats = await startNats({ port: await freePort(), storeDir: natsStoreDir, users });
  return {
    databaseUrl: pg.url,
    natsUrl: nats.url,
    natsPort: nats.port,
    natsStoreDir,
    natsPasswords: passwords,
    async stop() {
      await nats.stop();
      await pg.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Real Postgres and NATS: containers where a Docker engine answers, else local binaries. */
export async function startTestInfrastructure(): Promise<TestInfrastructure> {
  return (await dockerAnswers()) ? withContainers() : withLocalBinaries();
}

export function infrastructureFromEnv(): Omit<TestInfrastructure, 'stop'> {
  const databaseUrl = process.env[INFRA_ENV.databaseUrl];
  const natsUrl = process.env[INFRA_ENV.natsUrl];
  if (!databaseUrl || !natsUrl) {
    throw new Error('Test infrastructure is not running: run tests through jest (its globalSetup starts Postgres and NATS).');
  }
  return {
    databaseUrl,
    natsUrl,
    natsPort: Number(process.env[INFRA_ENV.natsPort]),
    natsStoreDir: process.env[INFRA_ENV.natsStoreDir] || null,
    natsPasswords: JSON.parse(process.env[INFRA_ENV.natsPasswords] ?? '{}') as Record<string, string>,
  };
}

/**
 * A NATS server (JetStream on a temporary store) of the calling test file's own, for tests that
 * kill and restart it without touching the run's shared one; `remove()` stops it and deletes its store.
 */
export async function startOwnNats(): Promise<RunningNats & { remove(): Promise<void> }> {
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-own-nats-'));
  const nats = await startNats({ port: await freePort(), storeDir });
  return Object.assign(nats, {
    async remove() {
      await nats.stop();
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  });
}

/** A NATS user's credentials on the run's server (`harness` by default: allowed everything). */
export function natsCredentialsOf(user: string = HARNESS_NATS_USER): { user: string; password: string } {
  const password = infrastructureFromEnv().natsPasswords[user];
  if (!password) throw new Error(`The test NATS server has no user ${user}`);
  return { user, password };
}
