import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parseAllDocuments } from 'yaml';

import { DEPLOYED_NATS_USERS_FILES, NATS_USERS, natsPasswordVariable, randomNatsPassword } from '@cti/events';
import { configSchemaOf, loadConfig } from '@cti/service-kit';

import { DEPLOYABLES, serviceDefinition, variablesOf } from '../dev/src/service-configs';
import { SERVICES } from '../dev/src/stack';

/**
 * The kustomize output (rendered by `kubectl kustomize`, offline) is validated against the
 * Kubernetes API's JSON schemas (kubernetes-models: OpenAPI schemas of Kubernetes 1.27
 * compiled into validators), then checked for what running the platform needs: probes
 * on the health endpoints, resources, drain time, autoscaling, disruption budgets,
 * migrations, configuration each service accepts, the Ingress and the NATS cluster.
 */
const repo = path.resolve(__dirname, '..', '..');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
}

function render(dir: string): K8sObject[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', path.join(repo, dir)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error('kubectl is not installed: it renders the kustomizations (kubectl kustomize) for this test', { cause: err });
    throw new Error(`kubectl kustomize ${dir} failed: ${e.stderr ?? e.message}`, { cause: err });
  }
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject);
}

/** The kubernetes-models class of an object (`apps/v1` Deployment → kubernetes-models/apps/v1/Deployment). */
function validateAgainstSchema(obj: K8sObject): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(`kubernetes-models/${obj.apiVersion}/${obj.kind}`) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = mod[obj.kind];
  new Model(obj).validate();
}

const keys = generateKeyPairSync('ed25519', {
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-secrets-'));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

/** Stand-ins for the values the Secrets hold, valid for the variable they feed. */
function secretValue(variable: string): string {
  if (variable === 'DATABASE_URL') return 'postgres://svc:secret@postgres.internal:5432/cti';
  if (variable.startsWith('JWT_PUBLIC_KEY')) return keys.publicKey;
  if (variable === 'NATS_PASSWORD') return randomNatsPassword();
  return 'a-secret-value-of-a-reasonable-length-0123456789';
}

describe.each(['infra/k8s/base', 'infra/k8s/overlays/production'])('%s', (dir) => {
  const objects = render(dir);
  const all = (kind: string) => objects.filter((o) => o.kind === kind);
  const one = (kind: string, name: string) => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`${kind} ${name} is not rendered`);
    return found;
  };
  const configMap = (name: string) => one('ConfigMap', name).data ?? {};
  const containerOf = (svc: string) => one('Deployment', svc).spec.template.spec.containers[0];

  it('renders only objects that validate against the Kubernetes schemas', () => {
    const failures: string[] = [];
    for (const obj of objects) {
      try {
        validateAgainstSchema(obj);
      } catch (err) {
        failures.push(`${obj.kind}/${obj.metadata.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(objects.length).toBeGreaterThan(40);
  });

  describe.each(DEPLOYABLES)('%s', (svc) => {
    it('is a Deployment probed on the kit’s health endpoints, with requests and limits, rolling without losing capacity', () => {
      const deployment = one('Deployment', svc);
      const c = containerOf(svc);
      expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.ports).toEqual([
        { name: 'http', containerPort: 8080 },
        { name: 'metrics', containerPort: 9464 },
      ]);
      expect(Object.keys(c.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits).sort()).toEqual(['cpu', 'memory']);
      expect(deployment.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
      expect(deployment.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 65532 });
      expect(c.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(deployment.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' });
    });

    it('is given longer to terminate than it takes to drain', () => {
      const env = { ...configMap(containerOf(svc).envFrom[0].configMapRef.name) };
      const drainSeconds = (Number(env.SHUTDOWN_DELAY_MS) + Number(env.SHUTDOWN_TIMEOUT_MS)) / 1000;
      expect(drainSeconds).toBeGreaterThanOrEqual(25);
      expect(one('Deployment', svc).spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(drainSeconds);
    });

    it('has a Service, a HorizontalPodAutoscaler on its Deployment and a PodDisruptionBudget on its pods', () => {
      const podLabels = one('Deployment', svc).spec.template.metadata.labels;
      const service = one('Service', svc);
      expect(service.spec.ports).toEqual(expect.arrayContaining([{ name: 'http', port: 8080, targetPort: 'http' }]));
      expect(Object.entries(service.spec.selector).every(([k, v]) => podLabels[k] === v)).toBe(true);
      const hpa = one('HorizontalPodAutoscaler', svc);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: svc });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      const pdb = one('PodDisruptionBudget', svc);
      expect(pdb.spec.minAvailable).toBe(1);
      expect(Object.entries(pdb.spec.selector.matchLabels).every(([k, v]) => podLabels[k] === v)).toBe(true);
    });

    it('gets a configuration its own schema accepts, with every variable it requires', () => {
      const c = containerOf(svc);
      const env: Record<string, string> = {};
      for (const from of c.envFrom) Object.assign(env, configMap(from.configMapRef.name));
      const mounts = new Map<string, string>();
      for (const m of c.volumeMounts ?? []) mounts.set(m.mountPath, m.name);
      for (const e of c.env ?? []) {
        if (e.valueFrom?.secretKeyRef) env[e.name] = secretValue(e.name);
        else if (e.name.endsWith('_FILE')) {
          // a file of a mounted Secret: the mount must exist; the test supplies the file
          const mount = [...mounts.keys()].find((p) => e.value.startsWith(`${p}/`));
          expect({ variable: e.name, mounted: !!mount }).toEqual({ variable: e.name, mounted: true });
          const file = path.join(fixtures, `${svc}-${e.name}`);
          fs.writeFileSync(file, e.name === 'JWT_PRIVATE_KEY_FILE' ? keys.privateKey : secretValue(e.name.replace(/_FILE$/, '')));
          env[e.name] = file;
        } else env[e.name] = e.value;
      }
      const known = new Set(variablesOf(svc, repo).map((v) => v.name));
      const explicit = (c.env ?? []).map((e: { name: string }) => e.name.replace(/_FILE$/, ''));
      expect(explicit.filter((name: string) => !known.has(name))).toEqual([]);
      const config = loadConfig(configSchemaOf(serviceDefinition(svc)), env) as Record<string, unknown>;
      expect([config.NODE_ENV, config.PORT, config.METRICS_PORT, config.DEMO_DATA]).toEqual(['production', 8080, 9464, false]);
    });
  });

  describe.each([...SERVICES])('%s', (svc) => {
    it('migrates its schema in a Job with the Deployment’s image before the rollout', () => {
      const job = one('Job', `${svc}-migrate`);
      const c = job.spec.template.spec.containers[0];
      expect(c.image).toBe(containerOf(svc).image);
      expect(c.args).toEqual(['/app/server.js', 'migrate']);
      expect(c.env).toEqual([containerOf(svc).env.find((e: { name: string }) => e.name === 'DATABASE_URL')]);
      expect(job.spec.template.spec.restartPolicy).toBe('Never');
      expect(job.metadata.annotations).toMatchObject({ 'argocd.argoproj.io/hook': 'PreSync' });
      expect(job.metadata.labels?.['app.kubernetes.io/component']).toBe('migration');
    });

    it('reads its database URL, the JWT public key(s) and the service token from Secrets', () => {
      const refs = Object.fromEntries(
        (containerOf(svc).env ?? []).filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => [e.name, e.valueFrom.secretKeyRef]),
      );
      expect(refs).toMatchObject({
        DATABASE_URL: { name: `cti-db-${svc}`, key: 'url' },
        JWT_PUBLIC_KEY: { name: 'cti-jwt', key: 'public.pem' },
        JWT_PUBLIC_KEY_PREVIOUS: { name: 'cti-jwt', key: 'previous-public.pem', optional: true },
        SERVICE_TOKEN: { name: 'cti-service-token', key: 'token' },
        NATS_PASSWORD: { name: 'cti-nats-users', key: svc },
      });
    });
  });

  it('gives the gateway its own NATS user, which may only hear revocations', () => {
    const refs = (containerOf('gateway').env ?? [])
      .filter((e: any) => e.name === 'NATS_PASSWORD')
      .map((e: any) => e.valueFrom.secretKeyRef);
    expect(refs).toEqual([{ name: 'cti-nats-users', key: 'gateway' }]);
  });

  it('keeps the signing key on identity alone', () => {
    const holders = all('Deployment').filter((d) => JSON.stringify(d.spec.template.spec.volumes ?? []).includes('cti-jwt-signing'));
    expect(holders.map((d) => d.metadata.name)).toEqual(['identity']);
  });

  it('references only the Secrets the runbook tells operators to create', () => {
    const referenced = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        const v = value as Record<string, unknown>;
        if (v.secretKeyRef) referenced.add((v.secretKeyRef as { name: string }).name);
        if (typeof v.secretName === 'string') referenced.add(v.secretName);
        Object.values(v).forEach(walk);
      }
    };
    objects.forEach((o) => walk(o.spec));
    const runbook = fs.readFileSync(path.join(repo, 'infra/README.md'), 'utf8');
    expect([...referenced].filter((name) => !runbook.includes(`\`${name}\``))).toEqual([]);
    expect(referenced).toEqual(
      new Set([
        ...SERVICES.map((s) => `cti-db-${s}`),
        'cti-jwt',
        'cti-jwt-signing',
        'cti-service-token',
        'cti-sendgrid',
        'cti-stripe',
        'cti-audit-chain',
        'cti-notifications-token',
        'cti-nats-users',
        ...(dir.includes('production') ? ['cti-tls'] : []),
      ]),
    );
  });

  it('sends all outside traffic through an Ingress to the gateway', () => {
    const [ingress, ...others] = all('Ingress');
    expect(others).toEqual([]);
    const paths = ingress.spec.rules.flatMap((r: any) => r.http.paths);
    expect(paths).toEqual([{ path: '/', pathType: 'Prefix', backend: { service: { name: 'gateway', port: { name: 'http' } } } }]);
    expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBe('30m');
  });

  it('runs NATS as a 3-node JetStream cluster on persistent volumes, and services create the stream with 3 replicas', () => {
    const nats = one('StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(3);
    expect(nats.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toBeDefined();
    expect(nats.spec.template.spec.containers[0].image).toMatch(/^nats:2\.(1\d|[2-9]\d)/);
    const confMap = all('ConfigMap').find((c) => c.metadata.name.startsWith('nats-config'))!;
    expect(nats.spec.template.spec.volumes.find((v: any) => v.name === 'config').configMap.name).toBe(confMap.metadata.name);
    const conf = confMap.data!['nats.conf'].replace(/#.*$/gm, '');
    expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir:\s*\/data[^}]*sync_interval:\s*always/);
    const routes = /routes:\s*\[([^\]]*)\]/.exec(conf)![1].trim().split(/\s+/);
    expect(routes).toEqual([0, 1, 2].map((i) => `nats://nats-${i}.nats-headless:6222`));
    expect(one('Service', 'nats-headless').spec).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true });
    expect(one('PodDisruptionBudget', 'nats').spec.maxUnavailable).toBe(1);
    const backend = all('ConfigMap').find((c) => c.metadata.name.startsWith('cti-backend'))!;
    expect(backend.data).toMatchObject({ EVENTS_REPLICAS: '3', NATS_URL: 'nats://nats:4222' });
  });

  it('refuses anonymous clients: every node reads the generated users and each user’s password from the Secret', () => {
    const confMap = all('ConfigMap').find((c) => c.metadata.name.startsWith('nats-config'))!;
    expect(confMap.data!['nats.conf']).toMatch(/^include \.\/users\.conf$/m);
    expect(confMap.data!['users.conf']).toBe(fs.readFileSync(path.join(repo, DEPLOYED_NATS_USERS_FILES[1]), 'utf8'));
    expect(confMap.data!['users.conf']).not.toMatch(/no_auth_user/);
    const env = one('StatefulSet', 'nats').spec.template.spec.containers[0].env as Array<{ name: string; valueFrom?: any }>;
    expect(
      Object.fromEntries(env.filter((e) => e.name.startsWith('NATS_PASSWORD_')).map((e) => [e.name, e.valueFrom.secretKeyRef])),
    ).toEqual(Object.fromEntries(NATS_USERS.map((user) => [natsPasswordVariable(user), { name: 'cti-nats-users', key: user }])));
  });

  if (dir.includes('production')) {
    it('puts everything in the cti namespace, with released images from the registry', () => {
      const namespaced = objects.filter((o) => o.kind !== 'Namespace');
      expect(namespaced.filter((o) => o.metadata.namespace !== 'cti').map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
      for (const d of all('Deployment'))
        expect(d.spec.template.spec.containers[0].image).toMatch(/^europe-west1-docker\.pkg\.dev\/.+:\d+\.\d+\.\d+$/);
      expect(one('Namespace', 'cti').metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    });

    it('serves the public host name over TLS', () => {
      const ingress = one('Ingress', 'cti');
      expect(ingress.spec.tls).toEqual([{ hosts: ['index.aviationworkinggroup.example'], secretName: 'cti-tls' }]);
      expect(ingress.spec.rules.map((r: any) => r.host)).toEqual(['index.aviationworkinggroup.example']);
    });
  }
});
