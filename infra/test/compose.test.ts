import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { connect } from 'nats';
import { parse } from 'yaml';

import {
  DEPLOYED_NATS_USERS_FILES,
  inboxPrefixOf,
  NATS_PASSWORD_PATTERN,
  NATS_USERS,
  natsAuthorization,
  natsPasswordVariable,
} from '@cti/events';
import { freePorts, natsServerBinary, waitForPort } from '@cti/local-infra';
import { configSchemaOf, loadConfig } from '@cti/service-kit';

import { DEPLOYABLES, serviceDefinition, variablesOf } from '../dev/src/service-configs';
import { SERVICES } from '../dev/src/stack';

/**
 * No Docker engine runs here: docker-compose.yml is parsed and checked against the
 * services' own config schemas, and against the image it builds (infra/docker/Dockerfile).
 */
const repo = path.resolve(__dirname, '..', '..');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  restart?: string;
  env_file?: Array<{ path: string; required: boolean }>;
  stop_grace_period?: string;
}
const compose = parse(fs.readFileSync(path.join(repo, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

/** `${NAME:-default}` as compose resolves it with nothing set in the environment. */
const interpolate = (value: string) => String(value).replace(/\$\{([A-Z_]+)(?::?-([^}]*))?\}/g, (_m, _name, fallback) => fallback ?? '');

// the secret files compose's one-shot step writes, made here by the same script
const secretsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-secrets-'));
execFileSync(process.execPath, [path.join(repo, 'infra/docker/generate-secrets.mjs'), secretsRoot]);
const hostPath = (containerPath: string) => containerPath.replace(/^\/run\/cti/, secretsRoot);

const environmentOf = (name: string) =>
  Object.fromEntries(Object.entries(services[name].environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));

afterAll(() => fs.rmSync(secretsRoot, { recursive: true, force: true }));

describe('docker-compose.yml', () => {
  it('runs Postgres, NATS, the secrets step, a migrate step per service, every service and the gateway', () => {
    const expected = ['postgres', 'nats', 'secrets', ...SERVICES.map((s) => `${s}-migrate`), ...DEPLOYABLES];
    expect(Object.keys(services).sort()).toEqual(expected.sort());
  });

  describe.each(DEPLOYABLES)('%s', (name) => {
    const service = () => services[name];
    const env = () => environmentOf(name);

    it('is given every variable it requires, directly or as <NAME>_FILE', () => {
      const missing = variablesOf(name, repo)
        .filter((v) => v.required)
        .map((v) => v.name)
        .filter((key) => !(key in env()) && !(`${key}_FILE` in env()));
      expect(missing).toEqual([]);
    });

    it('sets no variable the service does not read', () => {
      const known = new Set(variablesOf(name, repo).map((v) => v.name));
      const unknown = Object.keys(env()).filter((key) => !known.has(key) && !known.has(key.replace(/_FILE$/, '')));
      expect(unknown).toEqual([]);
    });

    it('passes the service’s own configuration check with the values it is given', () => {
      const values = Object.fromEntries(Object.entries(env()).map(([k, v]) => [k, k.endsWith('_FILE') ? hostPath(v) : v]));
      const config = loadConfig(configSchemaOf(serviceDefinition(name)), values) as Record<string, unknown>;
      expect(config.PORT).toBe(8080);
      expect(config.NODE_ENV).toBe('production');
      expect(config.METRICS_PORT).toBe(9464);
    });

    it('is reached by the others where it listens', () => {
      for (const other of DEPLOYABLES) {
        const url = environmentOf(other)[`${name.toUpperCase()}_URL`];
        if (url !== undefined) expect({ from: other, url }).toEqual({ from: other, url: `http://${name}:8080` });
      }
    });

    it('has a healthcheck on its readiness endpoint, restarts, and is given longer to stop than it drains', () => {
      expect(service().healthcheck?.test).toEqual(['CMD', '/nodejs/bin/node', '/app/healthcheck.js']);
      expect(service().restart).toBe('unless-stopped');
      expect(parseInt(service().stop_grace_period ?? '10s', 10)).toBeGreaterThan(25);
      expect(service().env_file).toEqual([{ path: '.env', required: false }]);
    });

    it('is built from the one Dockerfile for this service', () => {
      expect(service().build).toMatchObject({ context: '.', dockerfile: 'infra/docker/Dockerfile', args: { SERVICE: name } });
      expect(service().image).toBe(`cti-${name}`);
    });
  });

  describe.each([...SERVICES])('%s', (name) => {
    it('starts after its schema is migrated, its secrets exist and Postgres and NATS are healthy', () => {
      expect(services[name].depends_on).toEqual({
        [`${name}-migrate`]: { condition: 'service_completed_successfully' },
        secrets: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
      });
    });

    it('has a one-shot migrate step: the same image, `server.js migrate`, its own database role', () => {
      const migrate = services[`${name}-migrate`];
      expect(migrate.image).toBe(services[name].image);
      expect(migrate.build).toEqual(services[name].build);
      expect(migrate.command).toEqual(['/app/server.js', 'migrate']);
      expect(migrate.restart).toBe('no');
      expect(migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
      expect(environmentOf(`${name}-migrate`)).toEqual({ DATABASE_URL: environmentOf(name).DATABASE_URL });
      expect(environmentOf(name).DATABASE_URL).toBe(`postgres://${name}:${name}@postgres:5432/cti`);
    });
  });

  it('gives each service a database role of its own, created with a schema of its name by the Postgres init script', () => {
    const init = fs.readFileSync(path.join(repo, 'infra/docker/postgres-init.sh'), 'utf8');
    expect(init).toContain(`for svc in ${SERVICES.join(' ')}; do`);
    expect(init).toContain('CREATE SCHEMA $svc AUTHORIZATION $svc;');
  });

  it('starts the gateway once every service is healthy, publishes it, and gives it the built web app', () => {
    expect(services.gateway.depends_on).toEqual(Object.fromEntries(SERVICES.map((s) => [s, { condition: 'service_healthy' }])));
    expect(services.gateway.ports).toEqual(['${GATEWAY_PORT:-8080}:8080']);
    expect(environmentOf('gateway').WEB_DIST).toBe('/app/web/dist');
    for (const s of SERVICES) expect(services[s].ports).toBeUndefined();
  });

  it('keeps data in named volumes: Postgres, NATS JetStream, stored documents, and the generated secrets', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['documents-data', 'natsdata', 'pgdata', 'secrets']);
    expect(services.postgres.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.nats.volumes).toContain('natsdata:/data');
    expect(services.documents.volumes).toContain('documents-data:/data');
    expect(environmentOf('documents').STORAGE_DIR).toMatch(/^\/data\//);
    expect(services.secrets.volumes).toContain('secrets:/run/cti');
    for (const s of SERVICES) expect(services[s].volumes).toContain('secrets:/run/cti:ro');
  });

  it('runs NATS ≥ 2.10 with JetStream on file storage in its volume, fsyncing every write (sync_interval: always)', () => {
    const [, version] = /^nats:(\d+\.\d+)/.exec(services.nats.image!) ?? [];
    expect(Number(version)).toBeGreaterThanOrEqual(2.1);
    expect(version.split('.').map(Number)).toEqual([2, expect.any(Number)]);
    expect(Number(version.split('.')[1])).toBeGreaterThanOrEqual(10);
    expect(services.nats.entrypoint?.at(-1)).toMatch(/exec nats-server -c \/etc\/nats\/nats.conf$/);
    expect(services.nats.volumes).toContain('./infra/nats/nats.conf:/etc/nats/nats.conf:ro');
    expect(services.nats.volumes).toContain('./infra/nats/users.conf:/etc/nats/users.conf:ro');
    const conf = fs.readFileSync(path.join(repo, 'infra/nats/nats.conf'), 'utf8').replace(/#.*$/gm, '');
    const jetstream = /jetstream\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(jetstream).toMatch(/store_dir:\s*\/data\b/);
    expect(jetstream).toMatch(/sync_interval:\s*always\b/);
    expect(services.nats.healthcheck?.test.join(' ')).toContain('/healthz?js-enabled-only=true');
  });

  it('checks Postgres health and generates secrets once, as a one-shot step', () => {
    expect(services.postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(services.secrets.command).toEqual(['node', '/opt/cti/generate-secrets.mjs', '/run/cti']);
    expect(services.secrets.restart).toBe('no');
    for (const file of ['jwt-ed25519.key', 'jwt-ed25519.pub', 'service-token', 'audit-chain-key', 'nats-users.env']) {
      expect(fs.existsSync(path.join(secretsRoot, 'secrets', file))).toBe(true);
    }
  });

  it('gives every NATS user of users.conf a password, which NATS reads once the secrets step is done', () => {
    expect(services.nats.depends_on).toMatchObject({ secrets: { condition: 'service_completed_successfully' } });
    expect(services.nats.volumes).toContain('secrets:/run/cti:ro');
    expect(services.nats.entrypoint?.at(-1)).toContain('. /run/cti/secrets/nats-users.env');
    const env = fs.readFileSync(path.join(secretsRoot, 'secrets', 'nats-users.env'), 'utf8');
    for (const user of NATS_USERS) {
      const password = fs.readFileSync(path.join(secretsRoot, 'secrets', `nats-${user}-password`), 'utf8');
      expect(password).toMatch(new RegExp(NATS_PASSWORD_PATTERN));
      expect(env).toContain(`${natsPasswordVariable(user)}=${password}\n`);
    }
    expect(fs.readFileSync(path.join(repo, DEPLOYED_NATS_USERS_FILES[0]), 'utf8')).toBe(
      natsAuthorization({ prefix: 'evt', stream: 'EVENTS' }),
    );
  });

  it.each(DEPLOYABLES)('connects %s to NATS as its own user, with the password the secrets step wrote', (name) => {
    const env = environmentOf(name);
    expect(env.NATS_USER ?? name).toBe(name);
    expect(env.NATS_PASSWORD_FILE).toBe(`/run/cti/secrets/nats-${name}-password`);
  });
});

describe('the NATS server of compose (its configuration, with the passwords the secrets step wrote)', () => {
  let nats: ChildProcess;
  let url: string;
  const password = (user: string) => fs.readFileSync(path.join(secretsRoot, 'secrets', `nats-${user}-password`), 'utf8');

  beforeAll(async () => {
    const [port, monitor] = await freePorts(2);
    const store = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-nats-'));
    url = `nats://127.0.0.1:${port}`;
    // the container's configuration with the test's store (nats-server refuses a store given twice,
    // in the file and as -sd), beside the users it includes; Debian's nats-server (2.9) does not
    // know `sync_interval`, which the image's 2.10 reads
    const conf = path.join(store, 'nats.conf');
    const composeConf = fs.readFileSync(path.join(repo, 'infra/nats/nats.conf'), 'utf8');
    fs.writeFileSync(
      conf,
      composeConf.replace(/store_dir: \S+/, `store_dir: ${JSON.stringify(store)}`).replace(/^\s*sync_interval: .*$/m, ''),
    );
    fs.copyFileSync(path.join(repo, 'infra/nats/users.conf'), path.join(store, 'users.conf'));
    // the container's entrypoint, on this machine's nats-server, ports and store of the test
    const command = (services.nats.entrypoint?.at(-1) ?? '')
      .replace('/run/cti', secretsRoot)
      .replace('/etc/nats/nats.conf', `${conf} -a 127.0.0.1 -p ${port} -m ${monitor}`)
      .replace('exec nats-server', `exec ${natsServerBinary()}`);
    nats = spawn('/bin/sh', ['-c', command], { stdio: 'ignore' });
    await waitForPort(port, 20_000);
  });
  afterAll(() => {
    nats?.kill('SIGTERM');
  });

  it('refuses a client without credentials, and one with another user’s password', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toMatchObject({ code: 'AUTHORIZATION_VIOLATION' });
    await expect(connect({ servers: url, user: 'identity', pass: password('scoring'), reconnect: false })).rejects.toMatchObject({
      code: 'AUTHORIZATION_VIOLATION',
    });
  });

  it('lets identity publish its own subjects and no other service’s', async () => {
    const nc = await connect({ servers: url, user: 'identity', pass: password('identity'), inboxPrefix: inboxPrefixOf('identity') });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({ name: 'EVENTS', subjects: ['evt.>'] });
      const js = nc.jetstream();
      await expect(js.publish('evt.identity.user.loggedIn', '{}')).resolves.toMatchObject({ stream: 'EVENTS' });
      await expect(js.publish('evt.commerce.purchase.completed', '{}', { timeout: 5000 })).rejects.toThrow(/Permissions Violation/);
    } finally {
      await nc.close();
    }
  });
});

describe('.env.example', () => {
  const text = fs.readFileSync(path.join(repo, '.env.example'), 'utf8');
  const listed = new Set([...text.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it.each(DEPLOYABLES)('lists every variable %s reads (regenerate: node infra/dev/dist/env-example.js > .env.example)', (name) => {
    expect(
      variablesOf(name, repo)
        .map((v) => v.name)
        .filter((key) => !listed.has(key)),
    ).toEqual([]);
  });
});
