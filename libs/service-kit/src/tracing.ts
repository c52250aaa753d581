import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SamplingResult,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { contextHeaders, REQUEST_ID_HEADER, REQUEST_ID_KEY } from '@cti/events';

export interface TracingOptions {
  serviceName: string;
  /** `none` keeps trace ids (logs, propagation) but exports nothing. */
  exporter: 'none' | 'otlp' | 'console';
  /** OTLP/HTTP base URL (`http://collector:4318`); `/v1/traces` is appended. */
  otlpEndpoint: string;
  /** Share of new traces sampled (parent's decision wins for propagated ones). */
  sampleRatio: number;
}

let provider: NodeTracerProvider | null = null;
/**
 * Set when nothing is exported: a request's span then records only when its caller's
 * trace was sampled, and every other span is a bare span context (see `requestTrace`).
 */
let recordsOnlySampledParents = false;

/** Health probes and metric scrapes get trace ids (for their log lines) but are never recorded. */
class SkipProbesSampler implements Sampler {
  constructor(private readonly inner: Sampler) {}

  shouldSample(ctx: Context, traceId: string, name: string, kind: SpanKind, attributes: Attributes, links: Link[]): SamplingResult {
    const urlPath = attributes[ATTR_URL_PATH];
    if (kind === SpanKind.SERVER && typeof urlPath === 'string' && (urlPath.startsWith('/health/') || urlPath === '/metrics')) {
      return { decision: SamplingDecision.NOT_RECORD };
    }
    return this.inner.shouldSample(ctx, traceId, name, kind, attributes, links);
  }

  toString(): string {
    return `SkipProbes{${this.inner.toString()}}`;
  }
}

/**
 * Registers the OpenTelemetry SDK once per process: W3C trace-context propagation,
 * AsyncLocalStorage context, and the configured exporter (none by default). Later
 * calls (several apps in one test process) reuse the first registration.
 */
export function setupTracing(options: TracingOptions): NodeTracerProvider {
  if (provider) return provider;
  const spanProcessors: SpanProcessor[] = [];
  if (options.exporter === 'otlp') {
    const base = options.otlpEndpoint.replace(/\/+$/, '') || 'http://localhost:4318';
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces` })));
  } else if (options.exporter === 'console') {
    spanProcessors.push(new SimpleSpanProcessor(new ConsoleSpanExporter()));
  }
  // With nothing to export, spans are not recorded: they still carry trace ids (logs,
  // propagation) but cost next to nothing per request.
  const root: Sampler = options.exporter === 'none' ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(options.sampleRatio);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    sampler: new SkipProbesSampler(new ParentBasedSampler({ root })),
    spanProcessors,
  });
  provider.register();
  recordsOnlySampledParents = options.exporter === 'none';
  return provider;
}

/** Sends the spans still buffered (process shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush().catch(() => undefined);
}

interface RequestTrace {
  span: Span;
  /** The span's trace id, sent as `x-trace-id`; undefined when tracing is not set up (the span's ids are not valid). */
  traceId: string | undefined;
  /** The caller's context the span started in (the root context when it sent no trace). */
  parent: Context;
  /** The span's context with the request id, as the request's work runs in it: made when first asked for (`requestContext`). */
  withRequestId?: Context;
}

// kept on the request itself: a WeakMap keyed by every new request cost the GC an ephemeron each
const REQUEST_TRACE = Symbol('cti.requestTrace');
type TracedMessage = IncomingMessage & { [REQUEST_TRACE]?: RequestTrace };
// looked up once: the global provider hands out a proxy that follows a later registration
let kitTracer: ReturnType<typeof trace.getTracer> | null = null;
const tracer = () => (kitTracer ??= trace.getTracer('@cti/service-kit'));

/**
 * The server span of a request, started from the caller's `traceparent` when it sent
 * one. Made when Fastify creates the request logger, so even its first line carries
 * the trace id.
 */
export function requestTrace(raw: IncomingMessage): RequestTrace {
  const traced = raw as TracedMessage;
  let found = traced[REQUEST_TRACE];
  if (!found) {
    // most requests come without a trace to continue: no propagator run for them
    const parent = raw.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, raw.headers);
    const made = unrecordedSpan(parent);
    const span = made ?? startServerSpan(raw, parent);
    // the ids of a span made here are valid by construction; the SDK's are checked once, here
    const traceId = made ? made.spanContext().traceId : traceFields(span).traceId;
    found = { span, parent, traceId };
    traced[REQUEST_TRACE] = found;
  }
  return found;
}

function startServerSpan(raw: IncomingMessage, parent: Context): Span {
  const url = raw.url ?? '';
  const query = url.indexOf('?');
  return tracer().startSpan(
    raw.method ?? 'HTTP',
    {
      kind: SpanKind.SERVER,
      attributes: { [ATTR_HTTP_REQUEST_METHOD]: raw.method ?? '', [ATTR_URL_PATH]: query < 0 ? url : url.slice(0, query) },
    },
    parent,
  );
}

/** Random bytes for new trace and span ids, drawn from a pool refilled 4 KB at a time (as `crypto.randomUUID` does). */
const idPool = { bytes: Buffer.alloc(0), used: 0 };
const INVALID_IDS: Record<number, string> = { 8: '0'.repeat(16), 16: '0'.repeat(32) };

/** A new trace id (16 bytes) or span id (8 bytes) in hex, never the all-zero id W3C trace context calls invalid. */
function randomId(bytes: 8 | 16): string {
  if (idPool.used + bytes > idPool.bytes.length) {
    idPool.bytes = randomFillSync(Buffer.allocUnsafe(4096));
    idPool.used = 0;
  }
  const id = idPool.bytes.toString('hex', idPool.used, (idPool.used += bytes));
  return id === INVALID_IDS[bytes] ? `${id.slice(0, -1)}1` : id;
}

/**
 * With nothing exported, the span the SDK would start for a request whose caller's trace
 * is not sampled (or that came without one): a span context that records nothing, with
 * the caller's trace id (a new one otherwise), a new span id and the caller's trace
 * state, made without the SDK's sampler and attribute work. Null when the SDK must start
 * the span (tracing exported, or a sampled caller).
 */
function unrecordedSpan(parent: Context): Span | null {
  if (!recordsOnlySampledParents) return null;
  const caller = trace.getSpanContext(parent);
  const continues = caller !== undefined && trace.isSpanContextValid(caller);
  if (continues && (caller.traceFlags & TraceFlags.SAMPLED) !== 0) return null;
  return trace.wrapSpanContext({
    traceId: continues ? caller.traceId : randomId(16),
    spanId: randomId(8),
    traceFlags: TraceFlags.NONE,
    ...(continues && caller.traceState ? { traceState: caller.traceState } : {}),
  });
}

/** Trace and span ids for log lines (empty when tracing is not set up). */
export function traceFields(span: Span | undefined): { traceId?: string; spanId?: string } {
  const sc = span?.spanContext();
  if (!sc || !trace.isSpanContextValid(sc)) return {};
  return { traceId: sc.traceId, spanId: sc.spanId };
}

/** The request's trace context with its request id: the context its work runs in, or is handed where it is not entered. */
export function requestContext(request: { raw: IncomingMessage; id: string }): Context {
  const found = requestTrace(request.raw);
  return (found.withRequestId ??= trace.setSpan(found.parent, found.span).setValue(REQUEST_ID_KEY, request.id));
}

/**
 * The headers that hand a request's trace and id on to a service: what
 * `contextHeaders(requestContext(request))` gives (W3C `traceparent`, `tracestate`, and
 * `x-request-id`), written from the request's span context without a context made and the
 * propagator run for every forwarded request.
 */
export function forwardedTraceHeaders(request: { raw: IncomingMessage; id: string }): Record<string, string> {
  const sc = requestTrace(request.raw).span.spanContext();
  if (!trace.isSpanContextValid(sc)) return contextHeaders(requestContext(request));
  const headers: Record<string, string> = {
    traceparent: `00-${sc.traceId}-${sc.spanId}-0${Number(sc.traceFlags || TraceFlags.NONE).toString(16)}`,
    [REQUEST_ID_HEADER]: request.id,
  };
  const state = sc.traceState?.serialize();
  if (state) headers.tracestate = state;
  return headers;
}

export interface TracingPluginOptions {
  /**
   * Whether each request's work runs inside its context (AsyncLocalStorage), so that code
   * reading the active context (the outbox, internal calls, `app.log`) carries the trace
   * and request id. Off, the request still has its span, `x-trace-id` and log ids, and
   * code hands `requestContext(request)` on itself (see `ServiceDefinition.activeContext`).
   */
  enterContext: boolean;
}

/** What the kit's tracing does as a request starts and as its answer is sent (called from the kit's own hooks, service.ts). */
export interface RequestTracing {
  /** Sets `x-trace-id`, names a recording span by its route, and enters the request's context (unless told not to). */
  start(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
  /** Records the status on a recording span and ends it. */
  end(request: FastifyRequest, reply: FastifyReply): void;
}

function enterRequestContext(request: { raw: IncomingMessage; id: string }, done: () => void): void {
  const ctx = requestContext(request);
  // still inside it (no body was read since): entering again would change nothing
  if (context.active() === ctx) done();
  else context.with(ctx, done);
}

/** The request span's start and end, for the kit's onRequest and onResponse hooks. */
export function requestTracing(opts: TracingPluginOptions): RequestTracing {
  return {
    start(request, reply, done) {
      const { span, traceId } = requestTrace(request.raw);
      // (Fastify builds `routeOptions` afresh on each read: only recording spans ask for it)
      const route = span.isRecording() ? request.routeOptions.url : undefined;
      if (route) {
        span.updateName(`${request.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      if (traceId) reply.header('x-trace-id', traceId);
      if (opts.enterContext) enterRequestContext(request, done);
      else done();
    },
    end(request, reply) {
      const { span } = requestTrace(request.raw);
      // a span nobody records (no exporter, not sampled) takes no attributes
      if (span.isRecording()) {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}

/**
 * The rest of each request's tracing (its start and end run in the kit's own hooks, see
 * `requestTracing`): the context entered again once the body is read (unless the service does
 * not enter contexts), errors recorded on the span, the span ended when the client goes away.
 */
export const tracingPlugin = fp<TracingPluginOptions>(
  async (app, opts) => {
    // body parsing leaves the request's async context: enter it again before the handler
    if (opts.enterContext) app.addHook('preHandler', (request, _reply, done) => enterRequestContext(request, done));
    app.addHook('onError', (request, _reply, error, done) => {
      requestTrace(request.raw).span.recordException(error);
      done();
    });
    app.addHook('onRequestAbort', async (request) => {
      const { span } = requestTrace(request.raw);
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'client aborted' });
      span.end();
    });
  },
  { name: 'cti-tracing' },
);
