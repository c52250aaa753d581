import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parse } from 'yaml';

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
    expect(services.nats.command).toEqual(['-c', '/etc/nats/nats.conf']);
    expect(services.nats.volumes).toContain('./infra/nats/nats.conf:/etc/nats/nats.conf:ro');
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
    for (const file of ['jwt-ed25519.key', 'jwt-ed25519.pub', 'service-token', 'audit-chain-key']) {
      expect(fs.existsSync(path.join(secretsRoot, 'secrets', file))).toBe(true);
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
