import Fastify, { type FastifyInstance } from 'fastify';

import { fixedClock } from '@cti/service-kit';
import { serviceUnderTest, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';
import { clientKey, FixedWindowLimiter } from '../src/rate-limit';

import { everyUpstreamAt } from './support/upstreams';

const LIMIT = 3;
const MAP = '/api/group/index/map';

let upstream: FastifyInstance;
let upstreamCalls = 0;
const clock = fixedClock('2026-03-01T10:00:00Z');
let gatewayEnv: Record<string, string> = {};
beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/*', async () => {
    upstreamCalls++;
    return { ok: true };
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  gatewayEnv = { ...everyUpstreamAt(urlOf(upstream)), RATE_LIMIT_PER_MINUTE: String(LIMIT) };
});
const gateway = serviceUnderTest(gatewayService, { env: () => gatewayEnv, clock });
afterAll(async () => {
  await upstream.close();
});
// each test starts past every window of the one before
beforeEach(() => clock.advance(3_600_000));

const get = (remoteAddress: string, url = MAP) => gateway.app.inject({ method: 'GET', url, remoteAddress });
const limitHeaders = (res: { headers: Record<string, unknown> }) => [
  res.headers['x-ratelimit-limit'],
  res.headers['x-ratelimit-remaining'],
  res.headers['x-ratelimit-reset'],
];

describe('the per-client limit on /api', () => {
  it('tells every answer the limit, what is left of it and the seconds until the window ends', async () => {
    const first = await get('10.0.0.1');
    clock.advance(20_500);
    const second = await get('10.0.0.1');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(limitHeaders(first)).toEqual([String(LIMIT), String(LIMIT - 1), '60']);
    expect(limitHeaders(second)).toEqual([String(LIMIT), String(LIMIT - 2), '40']);
  });

  it('answers past the limit 429 with Retry-After and the spec text, without asking the service', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await get('10.0.0.2')).statusCode).toBe(200);
    clock.advance(15_000);
    const before = upstreamCalls;
    const refused = await get('10.0.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many requests. Please wait 45 seconds and try again.',
    });
    expect(refused.headers['retry-after']).toBe('45');
    expect(limitHeaders(refused)).toEqual([String(LIMIT), '0', '45']);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(upstreamCalls).toBe(before);
  });

  it('counts each client apart, and afresh once its window is over', async () => {
    for (let i = 0; i <= LIMIT; i++) await get('10.0.0.3');
    expect((await get('10.0.0.3')).statusCode).toBe(429);
    expect((await get('10.0.0.4')).statusCode).toBe(200);
    clock.advance(59_999);
    expect((await get('10.0.0.3')).statusCode).toBe(429);
    clock.advance(1);
    const again = await get('10.0.0.3');
    expect(again.statusCode).toBe(200);
    expect(limitHeaders(again)).toEqual([String(LIMIT), String(LIMIT - 1), '60']);
  });

  it('counts IPv6 clients per /64 and an IPv4-mapped address as its IPv4 address', async () => {
    for (let i = 1; i <= LIMIT; i++) expect((await get(`2001:db8:1:2::${i}`)).statusCode).toBe(200);
    expect((await get('2001:db8:1:2:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await get('2001:db8:1:3::1')).statusCode).toBe(200);
    for (let i = 0; i < LIMIT; i++) expect((await get('192.0.2.7')).statusCode).toBe(200);
    expect((await get('::ffff:192.0.2.7')).statusCode).toBe(429);
  });

  it('counts what no service serves and what the API answers, not the web app', async () => {
    const statuses = [
      (await get('10.0.0.5', '/api/nothing-here')).statusCode,
      (await get('10.0.0.5', '/api/v1/group/index/map')).statusCode,
      (await get('10.0.0.5', '/app-config.json')).statusCode,
      (await get('10.0.0.5', '/app-config.json')).statusCode,
      (await get('10.0.0.5', MAP)).statusCode,
      (await get('10.0.0.5', MAP)).statusCode,
    ];
    expect(statuses).toEqual([404, 401, 200, 200, 200, 429]);
  });
});

describe('FixedWindowLimiter', () => {
  it('keeps at most its capacity of clients, forgetting the window that started first', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter({ max: 1, windowMs: 60_000, capacity: 2, now: () => now });
    expect(limiter.hit('a').refused).toBe(false);
    now += 1000;
    expect(limiter.hit('b').refused).toBe(false);
    expect(limiter.hit('a').refused).toBe(true);
    now += 1000;
    limiter.hit('c');
    expect(limiter.size).toBe(2);
    // 'a' started first and was forgotten; 'b' is still counted
    expect([limiter.hit('b').refused, limiter.hit('a').refused]).toEqual([true, false]);
    expect(limiter.size).toBe(2);
  });

  it('moves a client whose window ended to the back, as one that started now', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter({ max: 1, windowMs: 10_000, capacity: 2, now: () => now });
    limiter.hit('a');
    now += 1000;
    limiter.hit('b');
    now += 10_000;
    // a's window ended: it starts again and is now newer than b's
    expect(limiter.hit('a').refused).toBe(false);
    limiter.hit('c');
    expect([limiter.hit('a').refused, limiter.hit('b').refused]).toEqual([true, false]);
  });
});

describe('clientKey', () => {
  it('keeps IPv4 addresses, reduces IPv6 ones to their /64 and maps IPv4-mapped ones back', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:DB8:1:2:aaaa::1')).toBe('2001:db8:1:2::');
    expect(clientKey('2001:db8:1:2::9')).toBe(clientKey('2001:db8:1:2:ffff::'));
    expect(clientKey('::1')).toBe('::');
    // a socket that closed before its request was counted: no address, no exception (no 500)
    expect(clientKey(undefined)).toBe('');
  });
});
