import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';

import swagger from '@fastify/swagger';
import { TypeBoxValidatorCompiler, registerAjvFormats } from '@fastify/type-provider-typebox';
import { context, trace } from '@opentelemetry/api';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import Type, { type TObject, type TProperties } from 'typebox';

import { createDatabase, mergeMigrations, migrateSchema, type Kysely, type MigrationSet, type Transaction } from '@cti/db';
import { eventsMigrations, requestIdIn } from '@cti/events';

import { authPlugin } from './auth';
import { systemClock, type Clock } from './clock';
import { closeLingeringConnections } from './close-connections';
import { CommonConfig, ConfigError, loadConfig, PLATFORM_PORTS } from './config';
import { dbPlugin, type KitTables, type ServiceTypeProvider } from './db-plugin';
import { errorHandler, notFoundHandler } from './error-handler';
import { eventsPlugin, type ConsumerDefinition, type TransactionOptions } from './events-plugin';
import { exitWhenStdinCloses } from './exit-with-parent';
import { healthPlugin } from './health';
import { instrumentDatabasePool, instrumentEvents, metricsPlugin } from './metrics';
import { giveOperationIds } from './openapi';
import { rateLimitMigrations, rateLimitPlugin } from './rate-limit';
import { LazyRequestLogger, type LevelledLogger } from './request-logger';
import { applyRoutePolicy, BEARER_SCHEME } from './route-policy';
import { flushTracing, requestTrace, requestTracing, setupTracing, traceFields, tracingPlugin } from './tracing';

/**
 * A service's Fastify instance, its `db` and transactions typed over the service's tables
 * (its own `Database` interface, which extends the kit's tables).
 */
export type ServiceApp<DB extends KitTables = KitTables> = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ServiceTypeProvider<DB>
>;

/**
 * What a use-case takes from its service instead of the whole app: the database, transactions
 * (which also wake the outbox relay) and the clock. A `ServiceApp<DB>` is one, so a route passes
 * `app`; the use-case can reach nothing else of it, and a test may pass any object with these.
 * A use-case that needs more (a mailer, a provider, a setting) takes it as its own argument or
 * extends this interface.
 */
export interface DataAccess<DB extends KitTables> {
  readonly db: Kysely<DB>;
  /** `options.context`: the trace the transaction continues (a service without active contexts). */
  inTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>, options?: TransactionOptions): Promise<T>;
  readonly clock: Clock;
}

/**
 * An app's `DataAccess` as a plain object, for a use-case whose dependencies add to it
 * (`{ ...dataAccessOf(app), storage, sendMail }`): spreading the app itself would not carry
 * its decorators.
 */
export function dataAccessOf<DB extends KitTables>(app: DataAccess<DB>): DataAccess<DB> {
  return { db: app.db, inTransaction: (work, options) => app.inTransaction(work, options), clock: app.clock };
}

type ConfigOf<P extends TProperties> = Type.Static<TObject<P>> & CommonConfig;

/** Sets a service's own headers on an answer as its request starts (`ServiceDefinition.answerHeaders`). */
export type AnswerHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no extra config variables: TypeBox's empty properties
export interface ServiceDefinition<P extends TProperties = {}, DB extends KitTables = KitTables> {
  /** Service name: its schema, its durable consumer name, its log name. */
  name: string;
  /** Port when PORT is not set: a platform service's own in `PLATFORM_PORTS` unless given here (tests give 0). */
  defaultPort?: number;
  /** Variables this service reads beyond the common ones. */
  config?: TObject<P>;
  /** Whether the service owns a Postgres schema and publishes events (the gateway does not). */
  stateful?: boolean;
  /** Answers browsers directly (the gateway): `/metrics` stays off its PORT unless METRICS_TOKEN guards it. */
  publicFacing?: boolean;
  migrations?: MigrationSet;
  /**
   * Headers on every answer of the service, set as each request starts: its features', the
   * kit's probes, metrics and OpenAPI document, and unknown paths alike (the gateway's
   * security headers). The features' own plugin is encapsulated and could not reach those.
   * Called once, at start; the function it gives runs in the kit's own onRequest hook.
   */
  answerHeaders?: (config: ConfigOf<P>) => AnswerHeaders;
  /**
   * Whether the work of each request and each consumed event runs inside its trace context
   * (default true): code that reads the active context (the outbox, `callService`, `app.log`)
   * then carries the trace and request id by itself. Off, on Node 20 no async hooks are turned
   * on (entering a context turns them on for the whole process, a cost on every request: 10-20
   * µs of CPU of the gateway's 55-135, about 25 of a scoring read's ~100), and the service hands
   * its contexts on: `requestContext(request)` to `callService` and `app.inTransaction`, while
   * consumers' transactions continue their event's trace by themselves. The gateway (it only
   * forwards) and scoring (its hot reads need nothing of the context) turn it off.
   */
  activeContext?: boolean;
  /** The service itself: a Fastify plugin registering its features. */
  plugin: (app: ServiceApp<DB>, config: ConfigOf<P>) => Promise<void>;
  /** Durable consumers; each gets the app so it can reach the db and config. */
  consumers?: (app: ServiceApp<DB>, config: ConfigOf<P>) => ConsumerDefinition<DB>[];
  /** Demo data, built through the service's own use-cases; must be idempotent. */
  seed?: (app: ServiceApp<DB>, config: ConfigOf<P>) => Promise<void>;
}

/**
 * Defines a service over its database type: `defineService<IdentityDB>('identity')({ ... })`.
 * The database type is named, the config type inferred from `config` (TypeScript cannot take
 * one type argument and infer the other in a single call, hence two calls); the name (its
 * schema, durable consumer and logs) comes first, the port from `PLATFORM_PORTS`. A service with
 * no tables of its own (the gateway) and tests pass a whole definition directly.
 */
export function defineService<DB extends KitTables>(
  name: string,
): <P extends TProperties>(def: Omit<ServiceDefinition<P, DB>, 'name'>) => ServiceDefinition<P, DB>;
export function defineService<P extends TProperties>(def: ServiceDefinition<P>): ServiceDefinition<P>;
export function defineService<P extends TProperties>(nameOrDef: string | ServiceDefinition<P>) {
  if (typeof nameOrDef !== 'string') return nameOrDef;
  return <Q extends TProperties, DB extends KitTables>(def: Omit<ServiceDefinition<Q, DB>, 'name'>): ServiceDefinition<Q, DB> => ({
    name: nameOrDef,
    ...def,
  });
}

/** The app a service definition builds (`ServiceAppOf<typeof identityService>`), for code that holds another service's app (tests). */
export type ServiceAppOf<Def> = Def extends ServiceDefinition<infer _P, infer DB> ? ServiceApp<DB> : never;

export interface BuildOptions {
  env?: Record<string, string | undefined>;
  /** Extra Fastify options (tests pass `logger: false`). */
  fastify?: Partial<FastifyServerOptions>;
  /** Process metrics (CPU, memory, event loop): on for real processes (runService). */
  processMetrics?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The time use-cases run on (`app.clock`): the system clock unless a test fixes it. */
  clock?: Clock;
}

/** Marks request loggers, whose bindings already carry the request and trace ids. */
const REQUEST_LOGGER = Symbol('cti.request-logger');

/** The config schema of a service: common variables plus its own, PORT defaulted. */
export function configSchemaOf<P extends TProperties, DB extends KitTables>(def: ServiceDefinition<P, DB>) {
  const common = {
    ...CommonConfig.properties,
    PORT: Type.Integer({ minimum: 0, maximum: 65535, default: def.defaultPort ?? PLATFORM_PORTS[def.name] ?? 0 }),
  };
  const stateless = def.stateful === false;
  const props: TProperties = { ...common, ...(def.config?.properties ?? {}) };
  if (stateless) {
    // the gateway has no schema, no events and no keys of its own
    for (const key of [
      'DATABASE_URL',
      'PUBLIC_URL',
      'DB_POOL_SIZE',
      'NATS_URL',
      'NATS_USER',
      'NATS_PASSWORD',
      'EVENTS_STREAM',
      'EVENTS_SUBJECT_PREFIX',
      'EVENTS_REPLICAS',
      'JWT_PUBLIC_KEY',
      'JWT_PUBLIC_KEY_PREVIOUS',
      'SERVICE_TOKEN',
      'JWT_ISSUER',
      'JWT_AUDIENCE',
    ]) {
      // unless the service declares it itself (the gateway checks admin tokens for the API documents)
      if (!def.config?.properties[key]) delete props[key];
    }
  }
  return Type.Object(props);
}

/**
 * The one factory every service is built with: config, pino logging with request ids,
 * error mapping, health, OpenAPI, auth, db + migrations, events (outbox relay and
 * consumers), rate limits, then the service's own plugin.
 */
export async function buildService<P extends TProperties, DB extends KitTables>(
  def: ServiceDefinition<P, DB>,
  options: BuildOptions = {},
): Promise<ServiceApp<DB>> {
  const config = loadConfig(configSchemaOf(def), options.env ?? process.env) as unknown as ConfigOf<P>;
  registerAjvFormats();
  setupTracing({
    serviceName: def.name,
    exporter: config.OTEL_TRACES_EXPORTER,
    otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.OTEL_TRACES_SAMPLER_ARG,
  });
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      name: def.name,
      redact: ['req.headers.authorization', 'req.headers["x-service-token"]', 'req.headers.cookie'],
      ...(options.logStream ? { stream: options.logStream } : {}),
      // lines logged outside a request logger (consumers, app.log in a handler) get the
      // request and trace ids of the context they run in
      mixin(_merge: object, _level: number, logger: unknown) {
        if ((logger as Record<symbol, unknown>)[REQUEST_LOGGER]) return {};
        const ctx = context.active();
        const reqId = requestIdIn(ctx);
        return { ...(reqId ? { reqId } : {}), ...traceFields(trace.getSpan(ctx)) };
      },
    },
    // request loggers carry the trace id from their first line ("incoming request") on; the
    // pino child is made only when the request logs a line its level lets through
    childLoggerFactory(logger, bindings, opts, raw) {
      return new LazyRequestLogger(
        logger as LevelledLogger,
        () => {
          const child = logger.child({ ...bindings, ...traceFields(requestTrace(raw).span) }, opts) as LevelledLogger;
          (child as unknown as Record<symbol, unknown>)[REQUEST_LOGGER] = true;
          return child;
        },
        opts.level,
      );
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // trust exactly the configured number of proxy hops for request.ip; with none, Fastify's
    // own getters (the socket's address and protocol) give the same answers without running
    // proxy-addr on every read of request.ip
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS : false,
    pluginTimeout: 120_000,
    return503OnClosing: true,
    ...options.fastify,
  })
    .setValidatorCompiler(TypeBoxValidatorCompiler)
    .withTypeProvider<ServiceTypeProvider<DB>>();

  app.decorate('config', config as unknown as CommonConfig & Record<string, unknown>);
  app.decorate('clock', options.clock ?? systemClock);
  // before any route: auth guards ahead of validation, hostile text refused, routes recorded
  applyRoutePolicy(app);
  closeLingeringConnections(app);
  const entersContext = def.activeContext !== false;
  const tracing = requestTracing({ enterContext: entersContext });
  const answerHeaders = def.answerHeaders?.(config);
  // One hook for all the kit does as a request starts (one hook call instead of three): the
  // request id (answers name no internals, such as which service or replica served them; the
  // id ties them to the logs), the service's own answer headers, then the request's trace.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    answerHeaders?.(request, reply);
    tracing.start(request, reply, done);
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${def.name} service`,
        version: '1.0.0',
        description: `The routes of the ${def.name} service, reached through the gateway. Admins read this document at /api/documentation/openapi/${def.name}.`,
      },
      servers: [{ url: publicUrlOf(config), description: 'The platform, through its gateway' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'An access token of identity (POST /api/user/login): `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      giveOperationIds(document.openapiObject);
      return document.openapiObject;
    },
  });
  app.get('/documentation/json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthPlugin);
  await app.register(tracingPlugin, { enterContext: entersContext });
  await app.register(metricsPlugin, {
    serviceName: def.name,
    route: !config.METRICS_PORT && (!def.publicFacing || !!config.METRICS_TOKEN),
    token: config.METRICS_TOKEN,
    processMetrics: options.processMetrics ?? false,
  });
  // one hook as each answer is sent: the request's span ended, the request counted and timed
  const { metrics } = app;
  app.addHook('onResponse', (request, reply, done) => {
    tracing.end(request, reply);
    metrics.observeRequest(request, reply);
    done();
  });

  if (def.stateful !== false) {
    await app.register(authPlugin, {
      publicKey: config.JWT_PUBLIC_KEY,
      previousPublicKey: config.JWT_PUBLIC_KEY_PREVIOUS,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      serviceToken: config.SERVICE_TOKEN,
      // only the issuing service (identity) declares a private key; `app.jwt.sign` uses it
      signingKey: signingKeyOf(config),
    });
    await app.register(dbPlugin, {
      connectionString: config.DATABASE_URL,
      schema: def.name,
      poolSize: config.DB_POOL_SIZE,
      migrations: mergeMigrations(rateLimitMigrations, eventsMigrations, def.migrations ?? {}),
    });
    await app.register(eventsPlugin, {
      servers: config.NATS_URL,
      credentials: natsCredentials(config, def.name),
      serviceName: def.name,
      stream: config.EVENTS_STREAM,
      subjectPrefix: config.EVENTS_SUBJECT_PREFIX,
      replicas: config.EVENTS_REPLICAS,
      entersContext,
    });
    await app.register(rateLimitPlugin);
    instrumentDatabasePool(app.metrics.registry, app.db, config.DB_POOL_SIZE);
    instrumentEvents(app.metrics.registry, app.events);
    for (const consumer of def.consumers?.(app, config) ?? []) app.events.consume(consumer);
  }

  // fastify types an inline plugin's instance with the default type provider, not its parent's
  await app.register(async (scope) => def.plugin(scope as unknown as ServiceApp<DB>, config));

  if (def.seed && config.DEMO_DATA) {
    const seed = def.seed;
    app.addHook('onReady', async () => {
      await seed(app, config);
      app.log.info('demo data seeded');
    });
  }
  return app;
}

/** The service's NATS user (NATS_USER, else its name) and password; none without a password (a NATS without users). */
export function natsCredentials(config: { NATS_USER: string; NATS_PASSWORD: string }, serviceName: string) {
  return config.NATS_PASSWORD ? { user: config.NATS_USER || serviceName, password: config.NATS_PASSWORD } : undefined;
}

/** Where users reach the platform (PUBLIC_URL; the gateway's own default otherwise), without a trailing slash. */
function publicUrlOf(config: object): string {
  const url = (config as { PUBLIC_URL?: unknown }).PUBLIC_URL;
  return (typeof url === 'string' && url ? url : `http://localhost:${PLATFORM_PORTS.gateway}`).replace(/\/+$/, '');
}

/** JWT_PRIVATE_KEY, which only the issuing service declares in its own config. */
function signingKeyOf(config: object): string | undefined {
  const key = (config as { JWT_PRIVATE_KEY?: unknown }).JWT_PRIVATE_KEY;
  return typeof key === 'string' && key ? key : undefined;
}

/**
 * Process entry: builds the service, listens, and on SIGTERM/SIGINT stops taking
 * requests, finishes in-flight ones, stops consumers, flushes the outbox and closes.
 */
export async function runService<P extends TProperties, DB extends KitTables>(def: ServiceDefinition<P, DB>): Promise<void> {
  // `node server.js migrate`: the one-shot step run before a rollout (compose, Kubernetes Job)
  if (process.argv[2] === 'migrate') {
    try {
      await migrateService(def);
      process.stdout.write(`${def.name}: schema migrated\n`);
      process.exit(0);
    } catch (err) {
      process.stderr.write(`${def.name}: migration failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(err instanceof ConfigError ? 78 : 1);
    }
  }
  let app: ServiceApp<DB>;
  try {
    app = await buildService(def, { processMetrics: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${def.name}: ${err.message}\n`);
      process.exit(78);
    }
    process.stderr.write(`${def.name}: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  }
  const config = app.config;
  let metricsServer: http.Server | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // armed first: nothing below (a log line to a stdout nobody reads any more included) may keep the process alive
    const force = setTimeout(() => {
      try {
        app.log.error('shutdown took too long; exiting');
      } finally {
        process.exit(1);
      }
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      app.log.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS }, 'shutting down');
      // readiness fails first; requests keep being served until load balancers have noticed
      app.startDraining();
      if (config.SHUTDOWN_DELAY_MS) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DELAY_MS));
      // no new connections, in-flight requests finish, consumers ack and stop, the outbox
      // relay publishes what is pending, NATS drains, pools close (onClose hooks)
      await app.close();
      await new Promise<void>((resolve) => (metricsServer ? metricsServer.close(() => resolve()) : resolve()));
      await flushTracing();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      try {
        app.log.error({ err }, 'error during shutdown');
      } finally {
        process.exit(1);
      }
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  exitWhenStdinCloses((reason) => {
    // the runner read this process's stdout: a logger writing there now may wait for a reader forever
    app.log.level = 'silent';
    void shutdown(reason);
  });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT) metricsServer = await serveMetrics(app, config.METRICS_PORT, config.HOST);
  } catch (err) {
    app.log.error({ err }, 'failed to start');
    process.exit(1);
  }
}

/**
 * Brings the service's schema to its latest migration and returns; needs DATABASE_URL
 * only. Services also migrate when they start, so this is what runs before a rollout.
 */
export async function migrateService<P extends TProperties, DB extends KitTables>(
  def: ServiceDefinition<P, DB>,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  if (def.stateful === false) return;
  const { DATABASE_URL } = loadConfig(Type.Object({ DATABASE_URL: CommonConfig.properties.DATABASE_URL }), env);
  const db = createDatabase<KitTables>({ connectionString: DATABASE_URL, schema: def.name, poolSize: 1 });
  try {
    await migrateSchema(db, def.name, mergeMigrations(rateLimitMigrations, eventsMigrations, def.migrations ?? {}));
  } finally {
    await db.destroy();
  }
}

/** `/metrics` on a port of its own, so the public ingress never exposes it. */
async function serveMetrics<DB extends KitTables>(app: ServiceApp<DB>, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    app.metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': app.metrics.registry.contentType }).end(body),
      (err: unknown) => {
        app.log.warn({ err }, 'metrics collection failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  app.log.info({ port }, 'metrics listening');
  return server;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: CommonConfig & Record<string, unknown>;
    /** The time use-cases run on; pass it (or `app.clock.now()`) to them instead of calling `new Date()`. */
    clock: Clock;
  }
}
