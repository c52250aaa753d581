import { gatewayService } from '@cti/gateway';
import { appendToOutbox, buildService, defineService, type ServiceApp } from '@cti/service-kit';
import { createTestContext, eventually, type TestContext, urlOf } from '@cti/testing';

/** A service of the kit's own making: one route writing an event, one consumer logging it. */
const probeService = defineService({
  name: 'probe',
  defaultPort: 0,
  async plugin(app) {
    app.post('/api/user/probe/emit', async () => {
      await app.inTransaction((trx) =>
        appendToOutbox(trx, {
          type: 'evt.identity.user.loggedIn',
          actor: null,
          data: { userId: 'u-1', email: 'probe@example.com' },
        } as never),
      );
      app.log.info('probe event written');
      return { ok: true };
    });
  },
  consumers: (app) => [
    {
      filter: ['evt.identity.user.loggedIn'],
      async handle(event) {
        app.log.info({ eventId: event.id }, 'probe event handled');
      },
    },
  ],
});

interface LogLine {
  msg: string;
  reqId?: string;
  traceId?: string;
  spanId?: string;
  eventId?: string;
}
let ctx: TestContext;
let probe: ServiceApp;
let gateway: ServiceApp;
const logs: Record<'probe' | 'gateway', LogLine[]> = { probe: [], gateway: [] };
const capture = (into: LogLine[]) => ({ write: (line: string) => void into.push(JSON.parse(line) as LogLine) });

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
/** The public gateway serves /metrics on its port only to the bearer of this token. */
const GATEWAY_METRICS_TOKEN = 'gateway-metrics-token-0123456789';
const CALLER_SPAN = '00f067aa0ba902b7';

beforeAll(async () => {
  // no exporter (the default): trace ids still propagate and reach the logs; export to a
  // collector is checked with real processes in infra/test/tracing-across-processes.test.ts
  const otel = { LOG_LEVEL: 'info' };

  ctx = await createTestContext();
  probe = await buildService(probeService, { env: { ...ctx.env, ...otel }, logStream: capture(logs.probe) });
  await probe.listen({ port: 0, host: '127.0.0.1' });
  const probeUrl = urlOf(probe);
  gateway = await buildService(gatewayService, {
    env: { ...ctx.env, ...otel, IDENTITY_URL: probeUrl, METRICS_TOKEN: GATEWAY_METRICS_TOKEN },
    logStream: capture(logs.gateway),
  });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await probe?.close();
  await ctx?.close();
});

const metricsText = async () => (await probe.inject({ method: 'GET', url: '/metrics' })).body;
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `) ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)) : false,
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('a request through the gateway', () => {
  let requestId: string;
  let gatewayTraceId: string | undefined;

  beforeAll(async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/user/probe/emit',
      payload: {},
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(res.statusCode).toBe(200);
    requestId = String(res.headers['x-request-id']);
    gatewayTraceId = res.headers['x-trace-id'] as string | undefined;
    await eventually(() => logs.probe.find((l) => l.msg === 'probe event handled'), 30_000);
  });

  it('continues the caller’s W3C trace through the gateway and the service into the outbox row', async () => {
    expect(gatewayTraceId).toBe(TRACE_ID);
    const [row] = await ctx.query<{ headers: Record<string, string> }>('select headers from probe.outbox');
    expect(row.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(row.headers['x-request-id']).toBe(requestId);
  });

  it('logs the request id and trace id on every line of the request, in both processes', () => {
    const requestLines = [...logs.gateway, ...logs.probe].filter((l) => l.reqId === requestId);
    expect(requestLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'probe event written', 'request completed']),
    );
    for (const line of requestLines) expect({ msg: line.msg, traceId: line.traceId }).toEqual({ msg: line.msg, traceId: TRACE_ID });
    // no request line without ids
    for (const line of [...logs.gateway, ...logs.probe].filter((l) => /request|probe event/.test(l.msg))) expect(line.reqId).toBeDefined();
  });

  it('logs the consumer’s work with the request id and trace id of the request that wrote the event', () => {
    const handled = logs.probe.find((l) => l.msg === 'probe event handled')!;
    expect({ reqId: handled.reqId, traceId: handled.traceId }).toEqual({ reqId: requestId, traceId: TRACE_ID });
  });
});

describe('/metrics', () => {
  it('counts requests and times them by route pattern and status', async () => {
    await probe.inject({ method: 'POST', url: '/api/user/probe/emit', payload: {} });
    const text = await metricsText();
    expect(
      sample(text, 'http_requests_total', { method: 'POST', route: '/api/user/probe/emit', status_code: '200', service: 'probe' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/user/probe/emit', le: '+Inf' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'http_request_duration_seconds_sum', { route: '/api/user/probe/emit' })).toBeGreaterThan(0);
    const gatewayText = (
      await gateway.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${GATEWAY_METRICS_TOKEN}` } })
    ).body;
    expect(sample(gatewayText, 'http_requests_total', { route: '/api/*', service: 'gateway' })).toBeGreaterThanOrEqual(1);
  });

  it('times event processing by consumer, type and outcome', async () => {
    await eventually(
      async () => (sample(await metricsText(), 'cti_event_processing_seconds_count', { consumer: 'probe', outcome: 'handled' }) ?? 0) >= 2,
      15_000,
    );
  });

  it('shows Postgres pool use', async () => {
    const text = await metricsText();
    expect(sample(text, 'cti_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cti_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'cti_db_pool_max_connections')).toBe(4);
  });

  it('shows the outbox backlog and the age of its oldest event while the relay is held', async () => {
    await probe.events.relay.stop();
    await probe.inject({ method: 'POST', url: '/api/user/probe/emit', payload: {} });
    await probe.inject({ method: 'POST', url: '/api/user/probe/emit', payload: {} });
    await new Promise((r) => setTimeout(r, 1100));
    const held = await metricsText();
    expect(sample(held, 'cti_outbox_backlog_events')).toBe(2);
    expect(sample(held, 'cti_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(1);
    probe.events.relay.start();
    await eventually(async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return sample(await metricsText(), 'cti_outbox_backlog_events') === 0;
    }, 30_000);
  });

  it('shows each durable consumer’s lag', async () => {
    await eventually(async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return sample(await metricsText(), 'cti_consumer_lag_events', { consumer: 'probe' }) === 0;
    }, 30_000);
    await Promise.all(probe.events.consumers.map((c) => c.stop()));
    for (let i = 0; i < 3; i++) await probe.inject({ method: 'POST', url: '/api/user/probe/emit', payload: {} });
    await eventually(async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return sample(await metricsText(), 'cti_consumer_lag_events', { consumer: 'probe' }) === 3;
    }, 30_000);
  });
});
