import { context } from '@opentelemetry/api';

import { requestIdIn } from '@cti/events';
import {
  buildService,
  contextHeaders,
  defineService,
  forwardedTraceHeaders,
  LazyRequestLogger,
  requestContext,
  type ServiceApp,
} from '@cti/service-kit';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  traceId?: string;
  spanId?: string;
}

/** A service without tables: one quiet route, one that warns, one with a route log level of its own. */
const loggingService = defineService({
  name: 'logging-probe',
  defaultPort: 0,
  stateful: false,
  async plugin(app) {
    app.get('/quiet', async (request) => ({ made: (request.log as LazyRequestLogger).isMaterialized }));
    app.get('/warns', async (request) => {
      request.log.info('not written at warn');
      request.log.warn({ detail: 1 }, 'something to look at');
      return { made: (request.log as LazyRequestLogger).isMaterialized };
    });
    app.get('/chatty', { logLevel: 'debug' }, async (request) => {
      request.log.debug('written: the route logs at debug');
      request.log.trace('not written: below the route level');
      return {};
    });
  },
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

let app: ServiceApp;
const lines: LogLine[] = [];

beforeAll(async () => {
  app = await buildService(loggingService, {
    env: { LOG_LEVEL: 'warn' },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('request loggers', () => {
  it('are not made for a request that logs nothing at the service’s level', async () => {
    const res = await app.inject({ method: 'GET', url: '/quiet' });
    expect(res.json()).toEqual({ made: false });
    expect(lines.filter((l) => l.reqId === res.headers['x-request-id'])).toEqual([]);
  });

  it('write the lines the level lets through, with the request id and trace id, and only those', async () => {
    const res = await app.inject({ method: 'GET', url: '/warns', headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00` } });
    expect(res.json()).toEqual({ made: true });
    const written = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(written.map((l) => l.msg)).toEqual(['something to look at']);
    expect(written[0]).toMatchObject({ level: 40, traceId: TRACE_ID, detail: 1 });
    expect(written[0].spanId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('follow a route’s own log level', async () => {
    const res = await app.inject({ method: 'GET', url: '/chatty' });
    const written = lines.filter((l) => l.reqId === res.headers['x-request-id']).map((l) => l.msg);
    expect(written).toEqual(expect.arrayContaining(['written: the route logs at debug']));
    expect(written).not.toContain('not written: below the route level');
  });
});

describe('trace ids when nothing is exported', () => {
  it('continue a caller’s unsampled trace', async () => {
    const res = await app.inject({ method: 'GET', url: '/quiet', headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00` } });
    expect(res.headers['x-trace-id']).toBe(TRACE_ID);
  });

  it('start a trace of their own for a request without one, a new one for each request', async () => {
    const ids = await Promise.all([0, 1].map(async () => (await app.inject({ method: 'GET', url: '/quiet' })).headers['x-trace-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[0]).not.toBe('00000000000000000000000000000000');
  });

  it('ignore a malformed traceparent and start a trace of their own', async () => {
    const res = await app.inject({ method: 'GET', url: '/quiet', headers: { traceparent: '00-not-a-trace-01' } });
    expect(res.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('a service that does not enter its requests’ contexts (the gateway)', () => {
  /** Answers what its handler sees as the active context, and what it can hand on explicitly. */
  const forwardingService = defineService({
    name: 'forwarding-probe',
    defaultPort: 0,
    stateful: false,
    activeContext: false,
    async plugin(scope) {
      scope.get('/forward', async (request) => ({
        activeRequestId: requestIdIn(context.active()) ?? null,
        handed: contextHeaders(requestContext(request)),
        forwarded: forwardedTraceHeaders(request),
      }));
    },
  });
  let forwarding: ServiceApp;
  beforeAll(async () => {
    forwarding = await buildService(forwardingService, { env: { LOG_LEVEL: 'warn' }, logStream: { write: () => undefined } });
    await forwarding.ready();
  });
  afterAll(async () => {
    await forwarding?.close();
  });

  it('still gives each request its trace and id, for the headers it hands on itself', async () => {
    const res = await forwarding.inject({
      method: 'GET',
      url: '/forward',
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00`, 'x-request-id': 'req-forwarded' },
    });
    expect(res.headers['x-trace-id']).toBe(TRACE_ID);
    expect(res.headers['x-request-id']).toBe('req-forwarded');
    const body = res.json<{ activeRequestId: string | null; handed: Record<string, string> }>();
    expect(body.handed['x-request-id']).toBe('req-forwarded');
    expect(body.handed.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-00$`));
    // the request's work does not run inside its context: nothing is found there
    expect(body.activeRequestId).toBeNull();
  });

  it('hands on, without the propagator, exactly the headers the propagator writes: trace, flags, trace state, request id', async () => {
    const callers = [
      {},
      { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00`, 'x-request-id': 'req-unsampled' },
      { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01`, tracestate: 'vendor=abc,other=1' },
      { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00`, tracestate: 'vendor=abc' },
    ];
    for (const headers of callers) {
      const res = await forwarding.inject({ method: 'GET', url: '/forward', headers });
      const body = res.json<{ handed: Record<string, string>; forwarded: Record<string, string> }>();
      expect({ caller: headers, forwarded: body.forwarded }).toEqual({ caller: headers, forwarded: body.handed });
    }
  });
});
