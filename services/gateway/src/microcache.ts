import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';

import { clientHoldsVersion, type Clock } from '@cti/service-kit';

/**
 * The read models every visitor gets alike: answered without a token, the same bytes
 * for everyone. Only these are ever cached; everything else is forwarded as it comes.
 */
export const PUBLIC_READ_MODELS: ReadonlySet<string> = new Set(['/api/group/index/public']);

/** What is kept of a public answer: its bytes and the headers that describe them. */
interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
  etag: string | null;
  /** Until when (ms since the epoch, by the gateway's clock) it is served without asking the service. */
  freshUntil: number;
}

/** An answer of the service that may not be kept (an error, `private`, `no-store`, ...): given to the request that asked only. */
interface PassedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

type Fill = { stored: CachedAnswer } | { passed: PassedAnswer } | { failed: true };

/** Headers of the service's answer kept with the body; hop-by-hop and per-answer ones are not. */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'vary', 'last-modified', 'content-language'];
/** Vary names a cached answer may carry: every request the cache answers has no Authorization, so they all share that variant. */
const VARY_ALLOWED = new Set(['authorization']);

const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/** The seconds a shared cache may keep an answer for (`s-maxage`, else `max-age`), or null when it may not keep it. */
export function sharedLifetime(headers: Record<string, string | string[] | undefined>): number | null {
  if (headers['set-cookie'] !== undefined) return null;
  const vary = headerText(headers.vary);
  if (vary && vary.split(',').some((name) => !VARY_ALLOWED.has(name.trim().toLowerCase()))) return null;
  const directives = new Map<string, string>();
  for (const part of (headerText(headers['cache-control']) ?? '').split(',')) {
    const [name, value = ''] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, value.replace(/"/g, ''));
  }
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  const lifetime = Number(directives.get('s-maxage') ?? directives.get('max-age') ?? NaN);
  return Number.isFinite(lifetime) && lifetime > 0 ? lifetime : null;
}

export interface MicrocacheOptions {
  /** Where the service answering each public path lives (its origin). */
  originOf: (path: string) => string;
  dispatcher: Dispatcher;
  /** Upper bound of an answer's freshness, whatever the service allows; 0 turns the cache off. */
  ttlMs: number;
  timeoutMs: number;
  clock: Clock;
  /** The headers the gateway forwards with any request (request id, trace, forwarded-for). */
  forwardedHeaders: (request: FastifyRequest) => Record<string, string>;
}

/**
 * The gateway's microcache of public, anonymous read models, as a CDN in front would
 * keep them: a request with no Authorization, API key or cookie, for a path of
 * PUBLIC_READ_MODELS, is answered from memory while the kept answer is fresh (at most
 * `ttlMs`, and never longer than the service's `s-maxage`). Once stale, one request per
 * path asks the service again (If-None-Match: the kept ETag; a 304 keeps the body) while
 * the others wait for it. Anything else — a token, a key, a cookie, a query string,
 * another path, an answer that is not a cacheable 200 — goes to the service as usual.
 */
export class Microcache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly filling = new Map<string, Promise<Fill>>();
  readonly stats = { hits: 0, fills: 0, revalidated: 0 };

  constructor(private readonly opts: MicrocacheOptions) {}

  /** Whether this request may be answered with the answer every visitor gets. */
  applies(request: FastifyRequest): boolean {
    if (this.opts.ttlMs <= 0) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (!PUBLIC_READ_MODELS.has(request.url)) return false;
    const h = request.headers;
    return h.authorization === undefined && h['x-api-key'] === undefined && h.cookie === undefined;
  }

  /** Answers from the cache, filling it first when needed; `forward` sends the request on as usual when the cache cannot answer. */
  async serve(request: FastifyRequest, reply: FastifyReply, forward: () => unknown): Promise<unknown> {
    const key = request.url;
    const kept = this.entries.get(key);
    if (kept && this.now() < kept.freshUntil) {
      this.stats.hits++;
      return this.send(request, reply, kept);
    }
    const pending = this.filling.get(key);
    if (pending) {
      const fill = await pending;
      // only a stored answer is shared with those who waited; they ask the service themselves otherwise
      return 'stored' in fill ? this.send(request, reply, fill.stored) : forward();
    }
    const fill = this.fill(key, request, kept);
    this.filling.set(key, fill);
    let result: Fill;
    try {
      result = await fill;
    } finally {
      this.filling.delete(key);
    }
    if ('stored' in result) return this.send(request, reply, result.stored);
    if ('passed' in result) return reply.code(result.passed.status).headers(result.passed.headers).send(result.passed.body);
    // the service could not be reached: the usual path retries and answers 502
    return forward();
  }

  private now(): number {
    return this.opts.clock.now().getTime();
  }

  private send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
    reply.headers(answer.headers);
    if (answer.etag !== null && clientHoldsVersion(request, answer.etag)) return reply.code(304).send();
    return reply.code(200).send(answer.body);
  }

  /** Asks the service for `key`, revalidating what is kept; stores a cacheable answer, drops the kept one otherwise. */
  private async fill(key: string, request: FastifyRequest, kept: CachedAnswer | undefined): Promise<Fill> {
    this.stats.fills++;
    let res: Dispatcher.ResponseData;
    let body: Buffer;
    try {
      res = await this.opts.dispatcher.request({
        origin: this.opts.originOf(key),
        path: key,
        method: 'GET',
        headers: {
          ...this.opts.forwardedHeaders(request),
          accept: 'application/json',
          ...(kept?.etag ? { 'if-none-match': kept.etag } : {}),
        },
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      });
      body = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      request.log.warn({ err, path: key }, 'microcache: upstream unavailable');
      this.entries.delete(key);
      return { failed: true };
    }
    const lifetime = sharedLifetime(res.headers);
    const freshUntil = lifetime === null ? 0 : this.now() + Math.min(lifetime * 1000, this.opts.ttlMs);
    if (res.statusCode === 304 && kept && lifetime !== null) {
      this.stats.revalidated++;
      const renewed = { ...kept, freshUntil };
      this.entries.set(key, renewed);
      return { stored: renewed };
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = headerText(res.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    if (res.statusCode === 200 && lifetime !== null) {
      const stored = { body, headers, etag: headers.etag ?? null, freshUntil };
      this.entries.set(key, stored);
      return { stored };
    }
    // an error, or an answer the service does not let shared caches keep: nothing is kept
    this.entries.delete(key);
    if (res.statusCode === 304) {
      // a 304 to the kept ETag that may no longer be kept: ask again as the client asked
      return { failed: true };
    }
    return { passed: { status: res.statusCode, headers, body } };
  }
}
