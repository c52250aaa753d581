import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry, type Metric } from 'prom-client';

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

    const requestSeries = new RequestSeries(LATENCY_BUCKETS);
    // the registry reads any object with get() and reset(); its typings name only prom-client's own classes
    registry.registerMetric(
      requestSeries.counter('http_requests_total', 'HTTP requests answered, by route pattern and status') as unknown as Metric,
    );
    registry.registerMetric(
      requestSeries.histogram(
        'http_request_duration_seconds',
        'Time to answer HTTP requests, by route pattern and status',
      ) as unknown as Metric,
    );
    const eventProcessing = new Histogram({
      name: 'cti_event_processing_seconds',
      help: 'Time a consumer took per delivered event (handler and commit), by outcome',
      labelNames: ['consumer', 'type', 'outcome'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });

    const observeRequest = (request: FastifyRequest, reply: FastifyReply) =>
      // the route pattern, never the raw URL: ids in paths would explode the series
      requestSeries.observe(request.method, reply.statusCode, request.routeOptions.url ?? 'unmatched', reply.elapsedTime / 1000);
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

type Labels = Record<string, string | number>;

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), the last one beyond the highest bound. */
  buckets: number[];
}

interface ScrapedValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** A metric as prom-client's registry reads it at scrape time (`get`, `reset`). */
interface ScrapedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): { name: string; help: string; type: string; aggregator: string; values: ScrapedValue[] };
  reset(): void;
}

/**
 * Requests counted and timed by method, route pattern and status: one plain object per series,
 * found by three Map look-ups per answer. prom-client's own counter and histogram hash the label set
 * on every observation; these are read into its registry's format only when scraped.
 */
export class RequestSeries {
  /** route pattern → method → status → series: the route and method strings are the same objects on every request, so no key is built or hashed per answer */
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();
  private readonly series: Series[] = [];

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, statusCode: number, route: string, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let s = byStatus.get(statusCode);
    if (!s) {
      s = {
        labels: { method, route, status_code: String(statusCode) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
      };
      byStatus.set(statusCode, s);
      this.series.push(s);
    }
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < this.bounds.length && seconds > this.bounds[i]) i++;
    s.buckets[i]++;
  }

  counter(name: string, help: string): ScrapedMetric {
    return this.scraped(name, help, 'counter', (s) => [{ labels: s.labels, value: s.count }]);
  }

  histogram(name: string, help: string): ScrapedMetric {
    return this.scraped(name, help, 'histogram', (s) => {
      let cumulative = 0;
      const values: ScrapedValue[] = this.bounds.map((le, i) => {
        cumulative += s.buckets[i];
        return { metricName: `${name}_bucket`, labels: { le, ...s.labels }, value: cumulative };
      });
      values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...s.labels }, value: s.count });
      values.push({ metricName: `${name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${name}_count`, labels: s.labels, value: s.count });
      return values;
    });
  }

  private scraped(name: string, help: string, type: ScrapedMetric['type'], valuesOf: (s: Series) => ScrapedValue[]): ScrapedMetric {
    return {
      name,
      help,
      type,
      aggregator: 'sum',
      get: () => ({ name, help, type, aggregator: 'sum', values: this.series.flatMap(valuesOf) }),
      reset: () => {
        this.byRoute.clear();
        this.series.length = 0;
      },
    };
  }
}

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
