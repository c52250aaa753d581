import { gunzipSync, gzipSync } from 'node:zlib';

import Fastify, { type FastifyInstance } from 'fastify';

import { fixedClock } from '@cti/service-kit';
import { serviceUnderTest, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';
import { sharedLifetime } from '../src/microcache';

import { everyUpstreamAt } from './support/upstreams';

const PUBLIC = '/api/group/index/public';

let upstream: FastifyInstance;
const clock = fixedClock('2026-01-01T00:00:00Z');

/** How the stand-in scoring answers, and what it counts, at the start of each test. */
const asConfigured = () => ({
  calls: 0,
  conditionalCalls: 0,
  status: 200,
  cacheControl: 'public, max-age=0, s-maxage=1',
  /** Text that makes the answer long enough to be compressed. */
  padding: '',
  /** The stand-in compresses its answer whatever the request accepts (a service the gateway must not keep from). */
  alwaysGzip: false,
  /** The Accept-Encoding of the last request it was sent. */
  acceptEncoding: undefined as string | undefined,
});
/** What the stand-in scoring answers and how it is told apart: one version of the public summary at a time. */
const scoring = { version: 1, ...asConfigured() };

const gatewayEnv: Record<string, string> = { RATE_LIMIT_PER_MINUTE: '50' };
beforeAll(async () => {
  upstream = Fastify();
  upstream.get('/*', async (request, reply) => {
    scoring.calls++;
    scoring.acceptEncoding = request.headers['accept-encoding'];
    const etag = `"v${scoring.version}"`;
    if (request.headers['if-none-match']) scoring.conditionalCalls++;
    if (scoring.status !== 200)
      return reply.code(scoring.status).send({ statusCode: scoring.status, message: 'The index is being prepared.' });
    reply.header('etag', etag).header('cache-control', scoring.cacheControl);
    // per caller, as the real service narrows answers to who asks
    if (request.headers.authorization) reply.header('cache-control', 'private, no-cache').header('vary', 'Authorization');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const answer = {
      version: scoring.version,
      caller: request.headers.authorization ?? 'anonymous',
      requestId: request.headers['x-request-id'],
      clientHeader: request.headers['x-client-only'] ?? null,
      forwardedFor: request.headers['x-forwarded-for'] ?? null,
      padding: scoring.padding,
    };
    if (scoring.alwaysGzip) {
      return reply
        .type('application/json')
        .header('content-encoding', 'gzip')
        .send(gzipSync(JSON.stringify(answer)));
    }
    return answer;
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  Object.assign(gatewayEnv, everyUpstreamAt(urlOf(upstream)));
});
const gateway = serviceUnderTest(gatewayService, { env: () => gatewayEnv, clock });
afterAll(async () => {
  await upstream.close();
});

/** A fresh start for each test: the kept answer goes stale, the stand-in answers as configured. */
beforeEach(() => {
  clock.advance(60_000);
  Object.assign(scoring, asConfigured());
  scoring.version++;
});

let visitor = 0;
/** Each request from another address, so the rate limit of 50 per minute never interferes. */
const get = (headers: Record<string, string> = {}, url = PUBLIC) =>
  gateway.app.inject({ method: 'GET', url, headers, remoteAddress: `10.0.0.${(visitor = (visitor % 250) + 1)}` });

it('answers a visitor from memory while the kept answer is fresh, with the headers the gateway adds to any answer', async () => {
  const first = await get();
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ version: scoring.version, caller: 'anonymous' });
  const second = await get();
  expect(second.statusCode).toBe(200);
  expect(second.body).toBe(first.body);
  expect(scoring.calls).toBe(1);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.headers['content-type']).toMatch(/^application\/json/);
  expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=1');
  // the gateway's own headers: security, its request id, the rate limit
  expect(second.headers['x-content-type-options']).toBe('nosniff');
  expect(second.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(second.headers['x-request-id']).toBeTruthy();
  expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  expect(second.headers['x-ratelimit-limit']).toBe('50');
});

it('answers 304 from memory to a client holding the kept ETag, and HEAD without a body', async () => {
  const first = await get();
  const etag = String(first.headers.etag);
  const held = await get({ 'if-none-match': `W/${etag}` });
  expect(held.statusCode).toBe(304);
  expect(held.body).toBe('');
  expect(held.headers.etag).toBe(etag);
  const head = await gateway.app.inject({ method: 'HEAD', url: PUBLIC });
  expect(head.statusCode).toBe(200);
  expect(head.body).toBe('');
  expect(scoring.calls).toBe(1);
});

it('shows a change within a second: once stale, it asks again with the kept ETag, keeps the body on 304, takes the new one after a change', async () => {
  const first = await get();
  clock.advance(999);
  expect((await get()).json().version).toBe(scoring.version);
  expect(scoring.calls).toBe(1);

  clock.advance(1);
  const conditional = scoring.conditionalCalls;
  const unchanged = await get();
  expect(unchanged.statusCode).toBe(200);
  expect(unchanged.body).toBe(first.body);
  expect(scoring.conditionalCalls).toBe(conditional + 1);

  scoring.version++;
  clock.advance(1000);
  const changed = await get();
  expect(changed.json().version).toBe(scoring.version);
  expect(changed.headers.etag).toBe(`"v${scoring.version}"`);
  expect(scoring.calls).toBe(3);
});

it('never keeps an answer longer than a second, even when the service would allow it', async () => {
  scoring.cacheControl = 'public, s-maxage=3600';
  await get();
  clock.advance(1000);
  await get();
  expect(scoring.calls).toBe(2);
});

it('sends one request per path to the service when many visitors ask at once', async () => {
  const all = await Promise.all(Array.from({ length: 20 }, () => get()));
  expect(all.map((a) => a.statusCode)).toEqual(all.map(() => 200));
  expect(new Set(all.map((a) => a.body)).size).toBe(1);
  expect(scoring.calls).toBe(1);
});

it('sends a request with a token, an API key or a cookie to the service every time, never with the kept answer', async () => {
  const anonymous = await get();
  expect(anonymous.json().caller).toBe('anonymous');
  const identifying: Record<string, string>[] = [
    { authorization: 'Bearer some-token' },
    { 'x-api-key': 'some-key' },
    { cookie: 'session=abc' },
  ];
  for (const headers of identifying) {
    const before = scoring.calls;
    const res = await get(headers);
    expect(scoring.calls).toBe(before + 1);
    if ('authorization' in headers) {
      expect(res.json().caller).toBe('Bearer some-token');
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
  }
  // and its answer is not kept for anyone else
  expect((await get()).json().caller).toBe('anonymous');
});

it('keeps only the public read models: other paths, query strings and other methods go to the service', async () => {
  await get({}, '/api/group/index/list');
  await get({}, '/api/group/index/list');
  await get({}, `${PUBLIC}?x=1`);
  await get({}, `${PUBLIC}?x=1`);
  expect(scoring.calls).toBe(4);
});

it('keeps no errors and no answer the service marks private or no-store', async () => {
  scoring.status = 404;
  expect((await get()).statusCode).toBe(404);
  expect((await get()).statusCode).toBe(404);
  expect(scoring.calls).toBe(2);
  scoring.status = 200;
  for (const cacheControl of ['private, max-age=60', 'public, no-store', 'no-cache']) {
    scoring.cacheControl = cacheControl;
    const before = scoring.calls;
    await get();
    await get();
    expect(scoring.calls).toBe(before + 2);
  }
});

it('still applies the rate limit to answers from memory', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 52; i++)
    statuses.push((await gateway.app.inject({ method: 'GET', url: PUBLIC, remoteAddress: '10.9.9.9' })).statusCode);
  expect(statuses.slice(0, 50).every((s) => s === 200)).toBe(true);
  expect(statuses.slice(50)).toEqual([429, 429]);
});

describe('sharedLifetime', () => {
  it('reads s-maxage before max-age and refuses private, no-store, no-cache, Set-Cookie and a Vary on anything but Authorization and Accept-Encoding', () => {
    expect(sharedLifetime({ 'cache-control': 'public, max-age=0, s-maxage=1' })).toBe(1);
    expect(sharedLifetime({ 'cache-control': 'max-age=5' })).toBe(5);
    expect(sharedLifetime({ 'cache-control': 'public, max-age=0' })).toBeNull();
    expect(sharedLifetime({})).toBeNull();
    expect(sharedLifetime({ 'cache-control': 'private, s-maxage=1' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 'no-store, s-maxage=1' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 'no-cache, s-maxage=1' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', 'set-cookie': 'a=b' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', vary: 'Authorization' })).toBe(1);
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', vary: 'Accept-Encoding' })).toBe(1);
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', vary: 'Authorization, Accept-Encoding, Cookie' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', vary: 'Cookie' })).toBeNull();
    expect(sharedLifetime({ 'cache-control': 's-maxage=1', vary: '*' })).toBeNull();
  });
});

it('asks the service for a kept answer with the gateway’s own headers only: no one client’s headers shape what others get', async () => {
  const first = await get({ 'x-client-only': 'mine', 'accept-language': 'fr' });
  expect(first.json()).toMatchObject({ clientHeader: null, forwardedFor: expect.stringMatching(/^10\.0\.0\./) });
  // the client's own headers still reach a service on the usual path
  const forwarded = await get({ 'x-client-only': 'mine' }, '/api/roles');
  expect(forwarded.json()).toMatchObject({ clientHeader: 'mine' });
});

describe('compression of kept answers', () => {
  const GZIP = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('keeps the plain bytes, and gives each visitor the encoding it accepts from them, the service asked once', async () => {
    scoring.padding = 'x'.repeat(4000);
    const plain = await get();
    expect(scoring.acceptEncoding).toBe('identity');
    const compressed = await get(GZIP);
    const refused = await get({ 'accept-encoding': 'gzip;q=0, br' });
    expect(scoring.calls).toBe(1);

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
    // caches keep the two apart; each representation has its own tag, naming the same version
    for (const res of [plain, compressed, refused]) expect(res.headers.vary).toBe('Accept-Encoding');
    expect(compressed.headers.etag).toBe(`"v${scoring.version}-gzip"`);
    expect(plain.headers.etag).toBe(`"v${scoring.version}"`);
  });

  it('answers 304 to a client holding either representation’s tag', async () => {
    scoring.padding = 'x'.repeat(4000);
    const compressed = await get(GZIP);
    expect((await get({ ...GZIP, 'if-none-match': String(compressed.headers.etag) })).statusCode).toBe(304);
    expect((await get({ 'if-none-match': String(compressed.headers.etag) })).statusCode).toBe(304);
    expect((await get({ ...GZIP, 'if-none-match': `"v${scoring.version}"` })).statusCode).toBe(304);
    expect((await get({ ...GZIP, 'if-none-match': `"v${scoring.version - 1}-gzip"` })).statusCode).toBe(200);
  });

  it('leaves a short answer as it is', async () => {
    const res = await get(GZIP);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json().version).toBe(scoring.version);
  });

  it('keeps nothing from a service that compresses though asked not to, and passes its answer on as it came', async () => {
    scoring.alwaysGzip = true;
    const first = await get();
    const second = await get();
    expect(scoring.calls).toBe(2);
    for (const res of [first, second]) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString()).version).toBe(scoring.version);
    }
  });
});
