import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';

import { AUDIENCE_SHARED_READ_PATHS, READ_MODELS_CHANGED_SIGNAL, SurrogateHeaders } from '@cti/contracts';
import { audienceOfClaims, sendKeptBytes, type Clock, type EventBus } from '@cti/service-kit';

/**
 * The read models every visitor gets alike: answered without a token, the same bytes
 * for everyone. Only these are kept for visitors; everything else is forwarded as it comes.
 */
export const PUBLIC_READ_MODELS: ReadonlySet<string> = new Set(['/api/group/index/public']);

/** The index's lists the gateway may keep per audience of signed-in readers (scoring marks each answer too). */
export const AUDIENCE_READ_MODELS: ReadonlySet<string> = new Set(AUDIENCE_SHARED_READ_PATHS);

/** What is kept of an answer: its bytes (as the service sent them, uncompressed), its ETag and the headers that describe them. */
interface CachedAnswer {
  bytes: Buffer;
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

type UpstreamHeaders = Record<string, string | string[] | undefined>;

/** Headers of the service's answer kept with the body (its ETag apart); hop-by-hop and per-answer ones are not. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'last-modified', 'content-language'];
/** Headers of an answer passed on unkept that are not the service's to give: the connection's, and those meant for the gateway. */
const NOT_PASSED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'date',
  SurrogateHeaders.control,
  SurrogateHeaders.audience,
]);
/**
 * Vary names a public answer may carry: every request the cache answers with it has no
 * Authorization, so they all share that variant; and the gateway keeps the uncompressed bytes
 * (its fills accept no other encoding) and compresses them for each client itself.
 */
const VARY_ALLOWED = new Set(['authorization', 'accept-encoding']);

const headerText = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(', ') : value);

/** Cache-Control-like directives (`a, b=1, c="x"`) by lower-case name. */
function directivesOf(value: string | string[] | undefined): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (headerText(value) ?? '').split(',')) {
    const [name, text = ''] = part.trim().toLowerCase().split('=');
    if (name) directives.set(name, text.replace(/"/g, ''));
  }
  return directives;
}

const positiveSeconds = (text: string | undefined): number | null => {
  const seconds = Number(text ?? NaN);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
};

/** The seconds a shared cache may keep an answer for (`s-maxage`, else `max-age`), or null when it may not keep it. */
export function sharedLifetime(headers: UpstreamHeaders): number | null {
  if (headers['set-cookie'] !== undefined) return null;
  const vary = headerText(headers.vary);
  if (vary && vary.split(',').some((name) => !VARY_ALLOWED.has(name.trim().toLowerCase()))) return null;
  const directives = directivesOf(headers['cache-control']);
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return null;
  return positiveSeconds(directives.get('s-maxage') ?? directives.get('max-age'));
}

/**
 * The seconds the gateway may keep an answer for the audience `audience` (the service's
 * `Surrogate-Control: max-age`), or null: the service did not mark it for that very audience.
 */
export function audienceLifetime(headers: UpstreamHeaders, audience: string): number | null {
  if (headers['set-cookie'] !== undefined) return null;
  if (headerText(headers[SurrogateHeaders.audience]) !== audience) return null;
  const directives = directivesOf(headers[SurrogateHeaders.control]);
  if (directives.has('no-store')) return null;
  return positiveSeconds(directives.get('max-age'));
}

/** Which requests one kind of kept answer serves, and what the service must say to let it be kept. */
interface KeptReads {
  /** Upper bound of an answer's freshness, whatever the service allows. */
  ttlMs: number;
  /** The headers the fill sends beyond the forwarded ones (the caller's token for an audience's answer). */
  fillHeaders(request: FastifyRequest): Record<string, string>;
  /** The seconds the service lets the answer be kept, or null. */
  lifetime(headers: UpstreamHeaders): number | null;
}

export interface MicrocacheOptions {
  /** Where the service answering each path lives (its origin). */
  originOf: (path: string) => string;
  dispatcher: Dispatcher;
  /** Upper bound of a public answer's freshness, whatever the service allows; 0 turns visitors' answers off. */
  ttlMs: number;
  /**
   * Upper bound of an audience's answer's freshness; 0 turns audiences' answers off. They are
   * kept only while `hearsRevocations` says this process hears every revocation as it comes.
   */
  audienceTtlMs: number;
  hearsRevocations: () => boolean;
  timeoutMs: number;
  clock: Clock;
  /** The headers the gateway forwards with any request (request id, trace, forwarded-for). */
  forwardedHeaders: (request: FastifyRequest) => Record<string, string>;
  /** Most answers kept at once (audiences × lists); the oldest kept goes first. */
  maxEntries?: number;
}

/**
 * The gateway's microcache of read models, as a CDN in front would keep them, for two kinds of
 * readers:
 * - visitors: a request with no Authorization, API key or cookie, for a path of
 *   PUBLIC_READ_MODELS, gets the answer every visitor gets (`s-maxage`, at most `ttlMs`);
 * - signed-in readers of the index's lists (AUDIENCE_READ_MODELS): a request whose bearer token
 *   this gateway verified (signature, expiry, revocations heard from identity, as every service
 *   does) gets the answer scoring gave to someone of the same audience (`audienceOf`: the same
 *   roles, groups and flags), when scoring marked that answer for that very audience
 *   (`Surrogate-Audience`, `Surrogate-Control: max-age`), for at most `audienceTtlMs`.
 * Once stale, one request per path and audience asks the service again (If-None-Match: the kept
 * ETag; a 304 keeps the body; the service verifies the caller's token again) while the others
 * wait for it. Anything else goes to the service as usual: a token that is missing, forged,
 * expired or revoked, an API key, a query string, another path, or an answer not marked.
 */
export class Microcache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly filling = new Map<string, Promise<Fill>>();
  private readonly maxEntries: number;
  private readonly publicReads: KeptReads;
  /** Grows with every `forgetAll`: a fill asked before it may hold what a write has since changed. */
  private generation = 0;
  readonly stats = { hits: 0, fills: 0, revalidated: 0 };

  constructor(private readonly opts: MicrocacheOptions) {
    this.maxEntries = opts.maxEntries ?? 2000;
    this.publicReads = { ttlMs: opts.ttlMs, fillHeaders: () => ({}), lifetime: sharedLifetime };
  }

  /**
   * The key and rules of the kept answer this request may be given, or null when it goes to the
   * service. Runs after the auth hook: `request.principal` is set only for a verified, unrevoked token.
   */
  keptReadsFor(request: FastifyRequest): { key: string; reads: KeptReads } | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const h = request.headers;
    if (h['x-api-key'] !== undefined) return null;
    if (h.authorization === undefined) {
      if (this.opts.ttlMs <= 0 || h.cookie !== undefined || !PUBLIC_READ_MODELS.has(request.url)) return null;
      return { key: request.url, reads: this.publicReads };
    }
    const claims = request.principal;
    if (this.opts.audienceTtlMs <= 0 || !claims || !AUDIENCE_READ_MODELS.has(request.url) || !this.opts.hearsRevocations()) return null;
    const audience = audienceOfClaims(claims);
    const authorization = h.authorization;
    return {
      // (no URL holds a line feed: a kept public answer and an audience's never share a key)
      key: `${request.url}\n${audience}`,
      reads: {
        ttlMs: this.opts.audienceTtlMs,
        fillHeaders: () => ({ authorization }),
        lifetime: (headers) => audienceLifetime(headers, audience),
      },
    };
  }

  /** Answers from the cache, filling it first when needed; `forward` sends the request on as usual when the cache cannot answer. */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    { key, reads }: { key: string; reads: KeptReads },
    forward: () => unknown,
  ): Promise<unknown> {
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
    const fill = this.fill(key, reads, request, kept);
    this.filling.set(key, fill);
    let result: Fill;
    try {
      result = await fill;
    } finally {
      // (a `forgetAll` meanwhile may have put a newer fill there)
      if (this.filling.get(key) === fill) this.filling.delete(key);
    }
    if ('stored' in result) return this.send(request, reply, result.stored);
    if ('passed' in result) return reply.code(result.passed.status).headers(result.passed.headers).send(result.passed.body);
    // the service could not be reached: the usual path retries and answers 502
    return forward();
  }

  /**
   * Forgets every kept answer, and lets no answer asked for before now be kept: a write to the
   * service that answers them went through this gateway (a score saved), and whoever made it
   * reads next through this gateway; or scoring said its read models changed (`forgetOnSignal`),
   * whichever gateway the write went through.
   */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.filling.clear();
  }

  private now(): number {
    return this.opts.clock.now().getTime();
  }

  /** The kept answer, or 304 when the client holds its version; gzip-compressed (once per answer) for clients that accept it. */
  private send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
    return sendKeptBytes(request, reply.headers(answer.headers), answer);
  }

  /** Keeps an answer asked for in `generation`, unless `forgetAll` came since. */
  private keep(key: string, answer: CachedAnswer, generation: number): void {
    if (generation !== this.generation) return;
    this.entries.delete(key);
    // bounded: many audiences could otherwise grow it without end (the oldest kept goes first)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, answer);
  }

  /** Asks the service for the request's path, revalidating what is kept; stores a keepable answer, drops the kept one otherwise. */
  private async fill(key: string, reads: KeptReads, request: FastifyRequest, kept: CachedAnswer | undefined): Promise<Fill> {
    this.stats.fills++;
    const path = request.url;
    const generation = this.generation;
    // an answer's age counts from when it was asked for: what scoring had committed by then is in it
    const askedAt = this.now();
    let res: Dispatcher.ResponseData;
    let body: Buffer;
    try {
      res = await this.opts.dispatcher.request({
        origin: this.opts.originOf(path),
        path,
        method: 'GET',
        headers: {
          ...this.opts.forwardedHeaders(request),
          ...reads.fillHeaders(request),
          accept: 'application/json',
          // what is kept is the plain bytes: each client is given the encoding it accepts
          'accept-encoding': 'identity',
          ...(kept?.etag ? { 'if-none-match': kept.etag } : {}),
        },
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
      });
      body = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      request.log.warn({ err, path }, 'microcache: upstream unavailable');
      this.entries.delete(key);
      return { failed: true };
    }
    const encoding = headerText(res.headers['content-encoding']) ?? 'identity';
    const lifetime = encoding === 'identity' ? reads.lifetime(res.headers) : null;
    const freshUntil = lifetime === null ? 0 : askedAt + Math.min(lifetime * 1000, reads.ttlMs);
    if (res.statusCode === 304 && kept && lifetime !== null) {
      this.stats.revalidated++;
      const renewed = { ...kept, freshUntil };
      this.keep(key, renewed, generation);
      return { stored: renewed };
    }
    if (res.statusCode === 200 && lifetime !== null) {
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = headerText(res.headers[name]);
        if (value !== undefined) headers[name] = value;
      }
      const stored = { bytes: body, headers, etag: headerText(res.headers.etag) ?? null, freshUntil };
      this.keep(key, stored, generation);
      return { stored };
    }
    // an error, or an answer the service does not let the gateway keep: nothing is kept
    this.entries.delete(key);
    if (res.statusCode === 304) {
      // a 304 to the kept ETag that may no longer be kept: ask again as the client asked
      return { failed: true };
    }
    // passed on as the service gave it (a 401's Token-Expired included), but for what is the gateway's
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      const text = headerText(value);
      if (text !== undefined && !NOT_PASSED.has(name)) headers[name] = text;
    }
    return { passed: { status: res.statusCode, headers, body } };
  }
}

/**
 * Makes the microcache forget what it keeps whenever a scoring replica says, on core NATS, that
 * the read models changed (after it dropped its own kept models): read-your-writes across gateway
 * replicas, a score saved through one gateway read at once through every other. Signals sent while
 * this gateway's connection was down are missed: it forgets when the connection is lost and when
 * it is back, and meanwhile keeps answers no longer than their time to live (at most a second).
 */
export function forgetOnSignal(bus: EventBus, microcache: Pick<Microcache, 'forgetAll'>, log: Pick<FastifyBaseLogger, 'warn'>): void {
  const subject = bus.subjects.signal(READ_MODELS_CHANGED_SIGNAL.service, READ_MODELS_CHANGED_SIGNAL.name);
  bus.nc.subscribe(subject, {
    callback: (err) => {
      if (err) log.warn({ err }, 'read models signal subscription failed; kept answers age out by themselves');
      else microcache.forgetAll();
    },
  });
  bus.watchConnection(() => microcache.forgetAll());
}
