import zlib from 'node:zlib';

import Fastify, { type FastifyInstance } from 'fastify';

import { acceptsGzip, gzipEtagOf, GZIP_FROM_BYTES, sendKeptBytes, type KeptBytes } from '../src/kept-answer';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['br;q=1.0, gzip;q=0.5', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['identity', false],
    ['br, deflate', false],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['gzip; q=0, *', false],
    ['*;q=0', false],
    ['', false],
  ])('%j: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });

  it('reads a header sent twice as one list, and none as no', () => {
    expect(acceptsGzip(['br', 'gzip'])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

it('gives the gzip copy its own tag, weak or strong', () => {
  expect(gzipEtagOf('"v1"')).toBe('"v1-gzip"');
  expect(gzipEtagOf('W/"v1"')).toBe('W/"v1-gzip"');
});

describe('sendKeptBytes', () => {
  const long: KeptBytes = {
    etag: '"long-1"',
    bytes: Buffer.from(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) })),
  };
  const short: KeptBytes = { etag: '"short-1"', bytes: Buffer.from('{"a":1}') };
  const untagged: KeptBytes = { etag: null, bytes: long.bytes };
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    for (const [path, answer] of [
      ['/long', long],
      ['/short', short],
      ['/untagged', untagged],
    ] as const) {
      app.get(path, (request, reply) => sendKeptBytes(request, reply.type('application/json').header('Vary', 'Authorization'), answer));
    }
    for (const [path, vary] of [
      ['/by-cookie', 'Cookie'],
      ['/by-encoding-already', 'accept-encoding, Authorization'],
    ]) {
      app.get(path, (request, reply) => sendKeptBytes(request, reply.type('application/json').header('Vary', vary), long));
    }
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends a long answer gzip-compressed to a client that accepts it, and as it is to one that does not', async () => {
    expect(long.bytes.length).toBeGreaterThanOrEqual(GZIP_FROM_BYTES);
    const compressed = await get('/long', { 'accept-encoding': 'gzip, deflate' });
    const plain = await get('/long', { 'accept-encoding': 'br' });
    expect([compressed.statusCode, compressed.headers['content-encoding'], compressed.headers.etag]).toEqual([
      200,
      'gzip',
      '"long-1-gzip"',
    ]);
    expect(zlib.gunzipSync(compressed.rawPayload).equals(long.bytes)).toBe(true);
    expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
    expect([plain.statusCode, plain.headers['content-encoding'], plain.headers.etag]).toEqual([200, undefined, '"long-1"']);
    expect(plain.rawPayload.equals(long.bytes)).toBe(true);
    // both name the encoding among what the answer varies by, after what the route set
    for (const res of [compressed, plain]) expect(res.headers.vary).toBe('Authorization, Accept-Encoding');
  });

  it('adds Accept-Encoding to whatever Vary each route sets, once', async () => {
    const varyOf = async (url: string) => (await get(url, { 'accept-encoding': 'gzip' })).headers.vary;
    expect(await varyOf('/by-cookie')).toBe('Cookie, Accept-Encoding');
    expect(await varyOf('/by-encoding-already')).toBe('accept-encoding, Authorization');
    expect(await varyOf('/long')).toBe('Authorization, Accept-Encoding');
    expect(await varyOf('/by-cookie')).toBe('Cookie, Accept-Encoding');
  });

  it('compresses a version once, however many clients ask for it', async () => {
    const fresh: KeptBytes = { etag: '"fresh"', bytes: Buffer.from('x'.repeat(GZIP_FROM_BYTES * 4)) };
    const gzip = jest.spyOn(zlib, 'gzipSync');
    const local = Fastify();
    local.get('/', (request, reply) => sendKeptBytes(request, reply, fresh));
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await local.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } }));
    await local.close();
    expect(gzip).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('answers 304 to a client holding either representation’s tag, with the tag of the one it would have sent', async () => {
    for (const held of ['"long-1"', '"long-1-gzip"', 'W/"long-1-gzip"', '"other", "long-1"']) {
      const res = await get('/long', { 'accept-encoding': 'gzip', 'if-none-match': held });
      expect([held, res.statusCode, res.rawPayload.length, res.headers.etag]).toEqual([held, 304, 0, '"long-1-gzip"']);
    }
    const plain = await get('/long', { 'if-none-match': '"long-1-gzip"' });
    expect([plain.statusCode, plain.headers.etag]).toEqual([304, '"long-1"']);
    expect((await get('/long', { 'accept-encoding': 'gzip', 'if-none-match': '"long-0-gzip"' })).statusCode).toBe(200);
  });

  it('leaves a short answer as it is, and does not say it varies by encoding', async () => {
    const res = await get('/short', { 'accept-encoding': 'gzip' });
    expect([res.headers['content-encoding'], res.headers.vary, res.body]).toEqual([undefined, 'Authorization', '{"a":1}']);
    expect((await get('/short', { 'accept-encoding': 'gzip', 'if-none-match': '"short-1-gzip"' })).statusCode).toBe(200);
  });

  it('compresses an answer that has no tag, and sends no tag', async () => {
    const res = await get('/untagged', { 'accept-encoding': 'gzip', 'if-none-match': '*' });
    expect([res.statusCode, res.headers['content-encoding'], res.headers.etag]).toEqual([200, 'gzip', undefined]);
  });
});
