import fs from 'node:fs';

import Type, { type TObject, type TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Variables every service reads. Services extend this with their own. */
/**
 * Where each platform service listens when PORT is not set (local runs: `make start`, the tests'
 * defaults); containers set PORT and the *_URL variables. One table, so a service's port and the
 * URL the others reach it at cannot disagree.
 */
export const PLATFORM_PORTS: Readonly<Record<string, number>> = {
  gateway: 8080,
  identity: 8081,
  questionnaire: 8082,
  scoring: 8083,
  documents: 8084,
  commerce: 8085,
  audit: 8086,
  notifications: 8087,
};

const localUrlOf = (service: string) => `http://127.0.0.1:${PLATFORM_PORTS[service]}`;

export const CommonConfig = Type.Object({
  /** `production` in images; `development` under make start. */
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
  }),
  /** Address to listen on. */
  HOST: Type.String({ default: '0.0.0.0' }),
  /** HTTP port (each service has its own default). */
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  /** pino level of the JSON log lines on stdout. */
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  /** The service's own database role on the shared database; it owns a schema named after the service. */
  DATABASE_URL: Type.String({ pattern: '^postgres(ql)?://' }),
  /** Postgres connections per process. */
  DB_POOL_SIZE: Type.Integer({ minimum: 1, default: 10 }),
  /** NATS servers with JetStream, comma-separated. */
  NATS_URL: Type.String({ pattern: '^(nats|tls)://' }),
  /** The service's NATS user (its rights: infra/nats/users.conf); empty: the service's name. */
  NATS_USER: Type.String({ pattern: '^[A-Za-z0-9_-]*$', default: '' }),
  /** That user's password (or NATS_PASSWORD_FILE); empty connects anonymously, which only a NATS without users takes: never in production. */
  NATS_PASSWORD: Type.String({
    // NATS parses the server's copy as a configuration value (libs/events NATS_PASSWORD_PATTERN)
    pattern: '^$|^[A-Za-z][A-Za-z0-9_+/=-]{15,}$',
    default: '',
    devOnlyDefault: true,
    whyInProduction: 'NATS refuses clients without credentials: give the service its NATS user’s password',
  }),
  /** JetStream stream holding every event. */
  EVENTS_STREAM: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'EVENTS' }),
  /** First token of event subjects (`evt.identity.user.loggedIn`). */
  EVENTS_SUBJECT_PREFIX: Type.String({ pattern: '^[A-Za-z0-9_-]+$', default: 'evt' }),
  /** Replicas of the stream when a service creates it: 3 on the production cluster. */
  EVENTS_REPLICAS: Type.Integer({ minimum: 1, maximum: 5, default: 1 }),
  /** identity's Ed25519 public key (PEM): every service verifies access tokens with it. */
  JWT_PUBLIC_KEY: Type.String({ pattern: 'BEGIN PUBLIC KEY' }),
  /** During a key rotation: the previous public key, still accepted until its tokens expire. */
  JWT_PUBLIC_KEY_PREVIOUS: Type.String({ pattern: '^$|BEGIN PUBLIC KEY', default: '' }),
  /** `iss` of access tokens. */
  JWT_ISSUER: Type.String({ default: 'cti-identity' }),
  /** `aud` of access tokens. */
  JWT_AUDIENCE: Type.String({ default: 'cti' }),
  /** Shared secret of service-to-service calls on /internal/ routes. */
  SERVICE_TOKEN: Type.String({ minLength: 16 }),
  /** Seed the demo accounts and data at start (never in production). */
  DEMO_DATA: Type.Boolean({ default: false }),
  /** Where the other services answer their /internal/ routes. */
  IDENTITY_URL: Type.String({ pattern: '^https?://', default: localUrlOf('identity') }),
  /** questionnaire's base URL (also for the other *_URL: several replicas may be given comma-separated). */
  QUESTIONNAIRE_URL: Type.String({ pattern: '^https?://', default: localUrlOf('questionnaire') }),
  SCORING_URL: Type.String({ pattern: '^https?://', default: localUrlOf('scoring') }),
  DOCUMENTS_URL: Type.String({ pattern: '^https?://', default: localUrlOf('documents') }),
  COMMERCE_URL: Type.String({ pattern: '^https?://', default: localUrlOf('commerce') }),
  AUDIT_URL: Type.String({ pattern: '^https?://', default: localUrlOf('audit') }),
  NOTIFICATIONS_URL: Type.String({ pattern: '^https?://', default: localUrlOf('notifications') }),
  /** Where this installation is reached by users (links in e-mails). */
  PUBLIC_URL: Type.String({ pattern: '^https?://', default: `http://localhost:${PLATFORM_PORTS.gateway}` }),
  /** Proxies in front of this process whose X-Forwarded-For is trusted (the gateway is one). */
  TRUST_PROXY_HOPS: Type.Integer({ minimum: 0, default: 1 }),
  /** Serve /metrics on a port of its own (kept off the public ingress); 0 serves it on PORT (the gateway: only with METRICS_TOKEN). */
  METRICS_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 0 }),
  /** Bearer token /metrics on PORT asks for (also read from METRICS_TOKEN_FILE); the public gateway serves /metrics on PORT only with it. */
  METRICS_TOKEN: Type.String({ default: '' }),
  /** Trace export: none (trace ids in logs and headers only), otlp (OTLP/HTTP) or console. */
  OTEL_TRACES_EXPORTER: Type.Union([Type.Literal('none'), Type.Literal('otlp'), Type.Literal('console')], { default: 'none' }),
  /** OTLP/HTTP collector base URL; /v1/traces is appended. */
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.String({ pattern: '^$|^https?://', default: '' }),
  /** Share of new traces sampled, 0 to 1 (a caller's sampling decision wins). */
  OTEL_TRACES_SAMPLER_ARG: Type.Number({ minimum: 0, maximum: 1, default: 1 }),
  /** On SIGTERM, keep serving this long while readiness fails, so load balancers stop sending first. */
  SHUTDOWN_DELAY_MS: Type.Integer({ minimum: 0, default: 0 }),
  /** Exit anyway when draining takes longer than this. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 25_000 }),
});
export type CommonConfig = Type.Static<typeof CommonConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function schemaType(schema: TSchema): string | undefined {
  const s = schema as { type?: string; anyOf?: TSchema[] };
  if (s.type) return s.type;
  if (s.anyOf) return schemaType(s.anyOf[0]);
  return undefined;
}

function convert(schema: TSchema, raw: string): unknown {
  switch (schemaType(schema)) {
    case 'integer':
    case 'number':
      return raw.trim() === '' ? raw : Number(raw);
    case 'boolean':
      if (/^(true|1|yes)$/i.test(raw)) return true;
      if (/^(false|0|no)$/i.test(raw)) return false;
      return raw;
    default:
      // PEM keys are often passed with literal "\n" in one-line env files
      return raw.includes('-----BEGIN') ? raw.replace(/\\n/g, '\n') : raw;
  }
}

function describe(schema: TSchema): string {
  const s = schema as Record<string, unknown> & { anyOf?: Array<{ const?: unknown }> };
  if (s.anyOf) return `one of ${s.anyOf.map((a) => a.const).join(', ')}`;
  if (s.pattern) return `a value matching ${String(s.pattern)}`;
  if (s.type === 'integer') return 'an integer';
  if (s.type === 'boolean') return 'true or false';
  if (typeof s.minLength === 'number') return `at least ${s.minLength} characters`;
  return `a ${String(s.type)}`;
}

/** `<NAME>_FILE` points at a file holding the value (container and Kubernetes secrets). */
function readSecretFile(key: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.includes('-----BEGIN') ? text : text.trim();
  } catch {
    throw new ConfigError(`Configuration error: ${key}_FILE points at ${file}, which cannot be read`);
  }
}

/**
 * Reads and validates configuration from the environment. The first missing or bad
 * variable throws a ConfigError whose one-line message names it.
 */
export function loadConfig<T extends TObject>(schema: T, env: Env = process.env): Type.Static<T> {
  const out: Record<string, unknown> = {};
  const required = new Set((schema as { required?: string[] }).required ?? []);
  for (const [key, prop] of Object.entries(schema.properties as Record<string, TSchema>)) {
    const raw = env[key] ?? readSecretFile(key, env[`${key}_FILE`]);
    const fallback = (prop as { default?: unknown }).default;
    const unset = raw === undefined || raw === '';
    // a secret whose built-in default is for development only (`devOnlyDefault: true`) must be set, to something else, in
    // production (where it is needed: `neededWith` names the variable whose presence needs it)
    const rule = prop as { devOnlyDefault?: boolean; whyInProduction?: string; neededWith?: string };
    const needed = !rule.neededWith || !!(env[rule.neededWith] ?? env[`${rule.neededWith}_FILE`]);
    if (rule.devOnlyDefault && needed && env.NODE_ENV === 'production' && (unset || raw === fallback)) {
      throw new ConfigError(
        `Configuration error: ${key} must be set in production${rule.whyInProduction ? ` (${rule.whyInProduction})` : ''}`,
      );
    }
    if (unset) {
      if (fallback !== undefined) out[key] = fallback;
      else if (required.has(key)) throw new ConfigError(`Configuration error: ${key} is required`);
      continue;
    }
    const value = convert(prop, raw);
    if (!Value.Check(prop, value)) {
      throw new ConfigError(`Configuration error: ${key} must be ${describe(prop)}`);
    }
    out[key] = value;
  }
  return out as Type.Static<T>;
}
