import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

import { poolOf } from '@cti/db';
import type { DurableConsumer, OutboxRelay, ProcessingSample } from '@cti/events';

export interface MetricsOptions {
  serviceName: string;
  /** Serve `GET /metrics` on the app itself (false when METRICS_PORT gives it a port of its own, or on the public gateway without a token). */
  route: boolean;
  /** When set, `/metrics` on the app answers only `Authorization: Bearer <token>`. */
  token?: string;
  /** Process metrics (CPU, memory, event loop, GC): for real processes, not for apps built in tests. */
  processMetrics: boolean;
}

export interface MetricsFacade {
  /** This app's registry; services and the gateway add their own metrics to it. */
  registry: Registry;
  /** Records one event a consumer was given, with its outcome and processing time. */
  observeEvent(sample: ProcessingSample): void;
  /** Counts and times one answered request (the kit's onResponse hook calls it for every request). */
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsFacade;
  }
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics with prom-client: request count and latency histogram by method,
 * route pattern and status (rates come from the counter), on a registry of this app's own.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, opts) => {
    const registry = new Registry();
    registry.setDefaultLabels({ service: opts.serviceName });
    if (opts.processMetrics) collectDefaultMetrics({ register: registry });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern and status',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const eventProcessing = new Histogram({
      name: 'cti_event_processing_seconds',
      help: 'Time a consumer took per delivered event (handler and commit), by outcome',
      labelNames: ['consumer', 'type', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });

    // The series of one method, route pattern and status, looked up once: prom-client
    // otherwise hashes the labels twice per request. Bounded by the routes and statuses.
    const series = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();
    const observeRequest = (request: FastifyRequest, reply: FastifyReply) => {
      // the route pattern, never the raw URL: ids in paths would explode the series
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let s = series.get(key);
      if (!s) {
        const labels = { method: request.method, route, status_code: String(reply.statusCode) };
        s = { count: requests.labels(labels), time: latency.labels(labels) };
        series.set(key, s);
      }
      s.count.inc();
      s.time.observe(reply.elapsedTime / 1000);
    };

    app.decorate('metrics', {
      registry,
      observeEvent: (s: ProcessingSample) =>
        eventProcessing.observe({ consumer: s.consumer, type: s.type, outcome: s.outcome }, s.durationMs / 1000),
      observeRequest,
    });
    const expected = opts.token ? Buffer.from(`Bearer ${opts.token}`) : null;
    const authorized = (header: string | undefined) => {
      if (!expected) return true;
      const given = Buffer.from(header ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    };
    // registered either way, so a path of the web app never answers in its place
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
      if (!opts.route || !authorized(request.headers.authorization)) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'cti-metrics' },
);

/** Connections of the service's pg pool: open, idle, and callers waiting for one. */
export function instrumentDatabasePool(registry: Registry, db: object, max: number): void {
  const pool = poolOf(db);
  if (!pool) return;
  new Gauge({
    name: 'cti_db_pool_connections',
    help: 'Postgres pool connections by state (total, idle, waiting callers)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({ name: 'cti_db_pool_max_connections', help: 'Configured size of the Postgres pool', registers: [registry] }).set(max);
}

/** Outbox backlog and age, and each durable consumer's lag, read at scrape time. */
export function instrumentEvents(
  registry: Registry,
  events: { relay: OutboxRelay; consumers: ReadonlyArray<Pick<DurableConsumer, 'durable' | 'lag'>> },
): void {
  // one look-up per scrape feeds two gauges (prom-client collects metrics concurrently)
  const backlog = perScrape(() => events.relay.backlog());
  new Gauge({
    name: 'cti_outbox_backlog_events',
    help: 'Outbox events committed but not yet published',
    registers: [registry],
    async collect() {
      const b = await backlog();
      if (b) this.set(b.count);
    },
  });
  new Gauge({
    name: 'cti_outbox_oldest_age_seconds',
    help: 'Age of the oldest unpublished outbox event (0 when none)',
    registers: [registry],
    async collect() {
      const b = await backlog();
      if (b) this.set(b.oldestAgeMs / 1000);
    },
  });
  const lags = perScrape(() =>
    Promise.all(events.consumers.map(async (c) => ({ consumer: c.durable, lag: await c.lag().catch(() => null) }))),
  );
  new Gauge({
    name: 'cti_consumer_lag_events',
    help: 'Events in the stream not yet delivered to a durable consumer',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      for (const { consumer, lag } of (await lags()) ?? []) if (lag) this.set({ consumer }, lag.pending);
    },
  });
  new Gauge({
    name: 'cti_consumer_ack_pending_events',
    help: 'Events delivered to a durable consumer and not yet acked',
    labelNames: ['consumer'] as const,
    registers: [registry],
    async collect() {
      for (const { consumer, lag } of (await lags()) ?? []) if (lag) this.set({ consumer }, lag.ackPending);
    },
  });
}

/** Shares one read between the gauges of a scrape; a failed read leaves the last values. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T | null> {
  let last: { at: number; value: Promise<T | null> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: read().catch(() => null) };
    return last.value;
  };
}
