import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { Agent, BalancedPool, Pool } from 'undici';

import { SurrogateHeaders } from '@cti/contracts';
import { forwardedTraceHeaders, systemClock, type CommonConfig } from '@cti/service-kit';

import { apiV1Routes, type Forward } from './api-v1';
import type { GatewayConfig } from './config';
import { upstreamRequestHeaders, UpstreamForwarder, type AnswerHooks } from './forwarder';
import { forgetOnSignal, Microcache } from './microcache';
import { FixedWindowLimiter, rateLimitHook } from './rate-limit';
import { resolveUpstream, UPSTREAMS, type Upstream } from './route-table';
import { reportUpstreams } from './upstream-readiness';

/**
 * Forwards /api/* to the owning service with bodies untouched (uploads and signed
 * webhooks must arrive byte for byte). The gateway vouches for no one: each
 * service verifies the bearer token itself.
 */
export async function proxyRoutes(app: FastifyInstance, opts: { config: GatewayConfig & CommonConfig }) {
  const { config } = opts;
  const upstreams: Record<Upstream, string> = {
    identity: config.IDENTITY_URL,
    questionnaire: config.QUESTIONNAIRE_URL,
    scoring: config.SCORING_URL,
    documents: config.DOCUMENTS_URL,
    commerce: config.COMMERCE_URL,
    audit: config.AUDIT_URL,
    notifications: config.NOTIFICATIONS_URL,
  };
  reportUpstreams(app, upstreams);
  // An upstream is one URL (a Kubernetes Service) or a comma-separated list of replicas,
  // which undici's BalancedPool spreads requests over; requests name the first one.
  const replicas = new Map<string, string[]>();
  for (const service of Object.keys(upstreams) as Upstream[]) {
    const list = upstreams[service].split(',').map((u) => new URL(u.trim()).origin);
    upstreams[service] = list[0]!;
    if (list.length > 1) replicas.set(list[0], list);
  }
  const retries = new Counter({
    name: 'cti_gateway_upstream_retries_total',
    help: 'Requests the gateway sent again after an upstream refused, reset or was closing',
    labelNames: ['upstream', 'reason'] as const,
    registers: [app.metrics.registry],
  });

  // Bodies are read as raw bytes and forwarded untouched (uploads, signed webhooks);
  // buffering bounds memory by BODY_LIMIT_BYTES and keeps retries and errors simple.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  // every /api request, this context's routes only (the web app's pages are not counted)
  const clock = app.clock;
  const limiter = new FixedWindowLimiter({
    max: config.RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    now: clock === systemClock ? Date.now : () => clock.now().getTime(),
  });
  app.addHook('onRequest', rateLimitHook(limiter));
  const poolOptions = {
    connections: 128,
    pipelining: 1,
    headersTimeout: config.UPSTREAM_TIMEOUT_MS,
    bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
  };
  const dispatcher = new Agent({
    ...poolOptions,
    factory: (origin, opts) => {
      const list = replicas.get(String(origin).replace(/\/$/, ''));
      return list ? new BalancedPool(list, opts) : new Pool(origin, opts);
    },
  });
  app.addHook('onClose', async () => {
    await dispatcher.destroy();
  });
  const forwarder = new UpstreamForwarder({
    dispatcher,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    retries: config.UPSTREAM_RETRIES,
    retryReason,
  });

  // Server-sent event streams never end by themselves: the graceful shutdown ends the
  // ones still open (the client reconnects elsewhere) instead of waiting on them until
  // the upstream body timeout.
  const eventStreams = new Set<{ upstream: Readable; client: ServerResponse }>();
  app.addHook('preClose', async () => {
    for (const stream of [...eventStreams]) {
      stream.upstream.unpipe(stream.client);
      stream.client.end();
      stream.upstream.destroy();
    }
    eventStreams.clear();
  });

  /** The headers the gateway itself sets on what it sends a service for `request`, onto `headers`. */
  const withGatewayHeaders = <H extends Record<string, string | string[]>>(request: FastifyRequest, headers: H) =>
    Object.assign(
      headers,
      // the W3C traceparent of this request's span (each service continues the trace) and the request id
      forwardedTraceHeaders(request),
      // replaced, not appended: services trust exactly one hop (this gateway)
      { 'x-forwarded-for': request.ip, 'x-forwarded-host': request.headers.host ?? '', 'x-forwarded-proto': request.protocol },
    );
  /** The client's headers as sent on to a service: hop-by-hop ones left out, the gateway's own set. */
  const forwardedHeaders = (request: FastifyRequest) => withGatewayHeaders(request, upstreamRequestHeaders(request.headers));

  const microcache = new Microcache({
    originOf: (path) => upstreams[resolveUpstream(path)!],
    dispatcher,
    ttlMs: config.MICROCACHE_TTL_MS,
    // readers are answered from memory only where this gateway verifies their tokens and hears revocations
    audienceTtlMs: config.JWT_PUBLIC_KEY && config.NATS_URL ? config.AUDIENCE_CACHE_TTL_MS : 0,
    hearsRevocations: () => app.hasDecorator('hearsRevocations') && app.hearsRevocations(),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    clock: app.clock,
    // only the gateway's own: a kept answer is shared, so no one client's headers may shape it
    forwardedHeaders: (request) => withGatewayHeaders(request, {}),
  });

  // a score saved through another gateway: scoring says so on core NATS, and this one forgets too
  if (app.hasDecorator('withEventBus')) app.withEventBus((bus) => forgetOnSignal(bus, microcache, app.log));

  // what a service tells the gateway about keeping its answer is not the client's
  const dropped = new Set<string>([SurrogateHeaders.audience, SurrogateHeaders.control]);
  const answerHooksFor = (service: Upstream): AnswerHooks => ({
    dropped,
    onRetry: (reason) => retries.inc({ upstream: service, reason }),
    onHeaders: (request) => {
      // a write to scoring may change what the gateway keeps of its read models: whoever wrote
      // reads next through this gateway, and must see what they wrote
      if (service === 'scoring' && request.method !== 'GET' && request.method !== 'HEAD') microcache.forgetAll();
    },
    onEventStream: (upstream, reply) => {
      const stream = { upstream, client: reply.raw };
      eventStreams.add(stream);
      stream.client.once('close', () => eventStreams.delete(stream));
    },
    onFailure: (reply, error) => {
      reply.request.log.warn({ err: error, service }, 'upstream unavailable');
      void reply.code(502).send({
        statusCode: 502,
        error: 'Bad Gateway',
        message: 'There was an issue contacting the server. Please try again in a few minutes.',
      });
    },
  });
  // Built once per upstream, not per request.
  const answerHooks = new Map(UPSTREAMS.map((service) => [service, answerHooksFor(service)]));

  /** Sends the request to `service` at `url`, headers amended by `headers` (undefined drops one). */
  const forward: Forward = (request, reply, service, url, headers, onAnswer) => {
    const sent = forwardedHeaders(request);
    if (headers) {
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined) delete sent[name];
        else sent[name] = value;
      }
    }
    const body = request.body as Buffer | undefined;
    if (body) sent['content-type'] = request.headers['content-type'] ?? 'application/octet-stream';
    return forwarder.forward(
      request,
      reply,
      { origin: upstreams[service], path: url, headers: sent, body: body ?? null, onAnswer },
      answerHooks.get(service)!,
    );
  };

  app.all('/api/*', { schema: { hide: true } }, (request, reply) => {
    const service = resolveUpstream(request.url);
    if (!service) {
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: `No service serves ${request.url.split('?')[0]}` });
    }
    // public read models for visitors, and the index's lists for readers of one audience: kept up to a second
    const kept = microcache.keptReadsFor(request);
    if (kept) return microcache.serve(request, reply, kept, () => forward(request, reply, service, request.url));
    return forward(request, reply, service, request.url);
  });

  await app.register(apiV1Routes, { config, forward });
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * Why a request may be sent again, or null. A refused connection never reached a
 * service, so any request may be retried; so may the 503 a closing replica answers before
 * any of the service's own hooks ran (Fastify's, with `Connection: close` and without the
 * `x-request-id` every answer of the kit carries): a POST that landed on a replica of a
 * rolling restart goes to the other one. A connection lost mid-request, or a 503 with
 * `Connection: close` the service itself gave, only idempotent ones.
 */
export function retryReason(
  method: string,
  err: (Error & { code?: string }) | null | undefined,
  res: { statusCode: number; headers: Record<string, unknown> } | null | undefined,
): 'refused' | 'connection-lost' | 'closing' | null {
  const code = err?.code ?? (err?.cause as { code?: string } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'refused';
  const closing = res?.statusCode === 503 && String(res.headers.connection ?? '').toLowerCase() === 'close';
  if (closing && res.headers['x-request-id'] === undefined) return 'closing';
  if (!IDEMPOTENT.has(method.toUpperCase())) return null;
  if (code && CONNECTION_LOST.has(code)) return 'connection-lost';
  if (closing) return 'closing';
  return null;
}
