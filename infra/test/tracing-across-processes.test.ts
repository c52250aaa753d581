import http from 'node:http';
import path from 'node:path';

import { createTestContext, eventually, type TestContext, urlOf } from '@cti/testing';

import { repo, serviceScript, startProcess, type RunningProcess } from './support/processes';

/**
 * W3C trace context from a caller through the gateway, a service, its outbox and NATS
 * to a consumer in another process, exported by each process's OpenTelemetry SDK (OTLP
 * over HTTP) to a collector on loopback.
 */
const probeScript = path.join(repo, 'infra/test/fixtures/probe-service.cjs');

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
}

let ctx: TestContext;
let collector: http.Server;
const spans: ExportedSpan[] = [];
const running: RunningProcess[] = [];

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      type Attr = { key: string; value: { stringValue?: string } };
      const payload = JSON.parse(body) as {
        resourceSpans: Array<{ resource: { attributes: Attr[] }; scopeSpans: Array<{ spans: ExportedSpan[] }> }>;
      };
      for (const rs of payload.resourceSpans) {
        const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', () => r()));
  ctx = await createTestContext();
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  await ctx.close();
  await new Promise((r) => collector.close(r));
});

it('follows one trace from the caller through the gateway, the service and NATS into the consumer', async () => {
  const otel = {
    LOG_LEVEL: 'info',
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: urlOf(collector),
  };
  const producer = await startProcess('producer', probeScript, { ...ctx.env, ...otel, PROBE_NAME: 'probe_producer' });
  const consumer = await startProcess('consumer', probeScript, {
    ...ctx.env,
    ...otel,
    PROBE_NAME: 'probe_consumer',
    PROBE_CONSUME: 'true',
  });
  const gateway = await startProcess('gateway', serviceScript('gateway'), { ...otel, IDENTITY_URL: producer.url });
  running.push(producer, consumer, gateway);

  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const callerSpan = 'b7ad6b7169203331';
  const res = await fetch(`${gateway.url}/api/user/probe/emit`, {
    method: 'POST',
    headers: { traceparent: `00-${traceId}-${callerSpan}-01`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-trace-id')).toBe(traceId);
  await eventually(async () => (await ctx.query('select 1 from probe_consumer.probe_received')).length === 1, 60_000);

  // SIGTERM flushes what each SDK still buffers
  for (const p of [gateway, producer, consumer]) expect(await p.stop('SIGTERM')).toBe(0);
  await eventually(() => spans.filter((s) => s.traceId === traceId).length >= 3, 30_000);

  const inTrace = spans.filter((s) => s.traceId === traceId);
  const gatewaySpan = inTrace.find((s) => s.parentSpanId === callerSpan)!;
  expect([gatewaySpan.service, gatewaySpan.name]).toEqual(['gateway', 'POST /api/*']);
  const serviceSpan = inTrace.find((s) => s.parentSpanId === gatewaySpan.spanId)!;
  expect([serviceSpan.service, serviceSpan.name]).toEqual(['probe_producer', 'POST /api/user/probe/emit']);
  const consumerSpan = inTrace.find((s) => s.parentSpanId === serviceSpan.spanId)!;
  expect(consumerSpan.service).toBe('probe_consumer');
  expect(consumerSpan.name).toMatch(/^process .*\.identity\.user\.agreed$/);

  // readiness probes (every start above polled them) are not recorded
  expect(spans.filter((s) => s.name.includes('/health/')).map((s) => s.name)).toEqual([]);

  // log lines carry the request id and the trace id: in the gateway, the service, and the consumer
  const requestId = res.headers.get('x-request-id');
  for (const p of [gateway, producer]) {
    const lines = p.logs.filter((l) => l.reqId === requestId);
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const l of lines) expect({ process: p.name, msg: l.msg, traceId: l.traceId }).toEqual({ process: p.name, msg: l.msg, traceId });
  }
  const handled = consumer.logs.find((l) => l.msg === 'probe event handled');
  expect({ reqId: handled?.reqId, traceId: handled?.traceId }).toEqual({ reqId: requestId, traceId });
}, 300_000);
