import { isIPv6 } from 'node:net';

import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Address6 } from 'ip-address';

/** How many client addresses a gateway counts at once: past it, the one whose window started first is forgotten. */
const TRACKED_ADDRESSES = 5000;

/** IPv6 clients are counted per /64: one host usually holds a whole /64 and could otherwise walk through it. */
const IPV6_PREFIX_BITS = 64;

interface Window {
  /** Requests counted in this window, including refused ones. */
  count: number;
  startedAt: number;
}

/** What a counted request may do, and what its client is told (`x-ratelimit-*`). */
export interface RateLimitVerdict {
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (`x-ratelimit-reset`, and `Retry-After` once refused). */
  resetSeconds: number;
  refused: boolean;
}

/**
 * Fixed-window request counts per client: `max` requests per `windowMs` from the first one
 * counted. Windows are kept in the order they started, so the oldest is forgotten first when
 * `capacity` addresses are counted (usually it has ended anyway) and memory stays bounded.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly opts: { max: number; windowMs: number; capacity?: number; now?: () => number }) {}

  /** Counts one request of `client`. */
  hit(client: string): RateLimitVerdict {
    const now = this.opts.now?.() ?? Date.now();
    const { max, windowMs } = this.opts;
    let window = this.windows.get(client);
    if (!window || window.startedAt + windowMs <= now) {
      // a new window goes to the back of the queue, as one started now
      if (window) this.windows.delete(client);
      else if (this.windows.size >= (this.opts.capacity ?? TRACKED_ADDRESSES)) this.forgetOldest();
      window = { count: 0, startedAt: now };
      this.windows.set(client, window);
    }
    window.count++;
    return {
      limit: max,
      remaining: Math.max(0, max - window.count),
      resetSeconds: Math.ceil((window.startedAt + windowMs - now) / 1000),
      refused: window.count > max,
    };
  }

  /** How many clients are counted now (tests). */
  get size(): number {
    return this.windows.size;
  }

  private forgetOldest(): void {
    for (const client of this.windows.keys()) {
      this.windows.delete(client);
      return;
    }
  }
}

/** The key a client's requests are counted under: its IPv4 address, or its IPv6 /64 (an IPv4-mapped address counts as IPv4). */
export function clientKey(ip: string | undefined): string {
  // a socket closed before its request was counted has no address left (Fastify's `ip` is then undefined)
  if (!ip) return '';
  // no colon, no IPv6 (isIPv6 runs a long regular expression: not for every IPv4 request)
  if (!ip.includes(':') || !isIPv6(ip)) return ip.toLowerCase();
  const address = new Address6(ip);
  if (address.isMapped4()) return address.to4().correctForm();
  return new Address6(`${ip}/${IPV6_PREFIX_BITS}`).startAddress().correctForm();
}

/** The 429's body: the spec's text, with the seconds left. */
const tooManyRequests = (seconds: number) => ({
  statusCode: 429,
  error: 'Too Many Requests',
  message: `Too many requests. Please wait ${seconds} seconds and try again.`,
});

/**
 * An onRequest hook counting each request against its client's window: every answer carries
 * `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset`; past the limit it is
 * answered 429 with `Retry-After` before any other work. A callback hook with no promise:
 * it runs on every /api request.
 */
export function rateLimitHook(limiter: FixedWindowLimiter) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const verdict = limiter.hit(clientKey(request.ip));
    reply.header('x-ratelimit-limit', verdict.limit);
    reply.header('x-ratelimit-remaining', verdict.remaining);
    reply.header('x-ratelimit-reset', verdict.resetSeconds);
    if (!verdict.refused) return done();
    reply.header('retry-after', verdict.resetSeconds);
    reply.code(429).send(tooManyRequests(verdict.resetSeconds));
  };
}
