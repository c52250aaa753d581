import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import Fastify, { type FastifyInstance } from 'fastify';

import { serviceUnderTest, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';
import { BUFFERED_ANSWER_BYTES } from '../src/forwarder';

import { everyUpstreamAt } from './support/upstreams';

/** Bytes that are not all alike, so a reordered or dropped chunk shows. */
const bytes = (n: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + (i >> 8)) & 0xff;
  return b;
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const BIG = bytes(BUFFERED_ANSWER_BYTES * 2 + 12345);

let upstream: FastifyInstance;
/** Requests the stand-in service received, by path. */
const received = new Map<string, { headers: Record<string, unknown>; body: Buffer | null }[]>();
/** How many more times a path's connection is cut before it answers. */
const cutsLeft = new Map<string, number>();

beforeAll(async () => {
  upstream = Fastify();
  upstream.removeAllContentTypeParsers();
  upstream.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  upstream.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0]!;
    received.set(path, [...(received.get(path) ?? []), { headers: { ...request.headers }, body: null }]);
  });
  upstream.addHook('preHandler', async (request) => {
    const list = received.get(request.url.split('?')[0]!)!;
    list[list.length - 1]!.body = (request.body as Buffer | undefined) ?? null;
  });
  const cut = (path: string) => {
    const left = cutsLeft.get(path) ?? 0;
    if (left > 0) cutsLeft.set(path, left - 1);
    return left > 0;
  };
  upstream.all('/api/roles/small', async (_request, reply) =>
    reply.header('x-service-note', 'kept').header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']).send({ small: true }),
  );
  upstream.get('/api/roles/big', async (_request, reply) => reply.type('application/octet-stream').send(BIG));
  upstream.get('/api/roles/unknown-length', async (_request, reply) =>
    reply.type('text/plain').send(Readable.from([Buffer.from('first '), Buffer.from('second '), Buffer.from('third')])),
  );
  upstream.head('/api/roles/head', async (_request, reply) => reply.header('content-length', '4321').type('application/pdf').send());
  upstream.get('/api/roles/etag', async (request, reply) =>
    request.headers['if-none-match'] === '"v1"'
      ? reply.code(304).header('etag', '"v1"').send()
      : reply.header('etag', '"v1"').send({ v: 1 }),
  );
  upstream.all('/api/roles/cut', async (request, reply) => {
    if (cut('/api/roles/cut')) {
      // the answer starts, then the connection is lost mid-body
      reply.hijack();
      reply.raw.socket!.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"partial":');
      setTimeout(() => reply.raw.socket!.destroy(), 20);
      return reply;
    }
    return { whole: true, method: request.method };
  });
  upstream.get('/api/roles/closing', async (_request, reply) => {
    if (cut('/api/roles/closing')) return reply.code(503).header('connection', 'close').send({ closing: true });
    return { answered: true };
  });
  // a closing replica's own 503: Fastify answers it before any hook of the kit (no x-request-id)
  upstream.post('/api/roles/closing', async (request, reply) => {
    if (cut('/api/roles/closing')) return reply.code(503).header('connection', 'close').send({ closing: true });
    return { answered: true, method: request.method };
  });
  // a 503 the service gave after its hooks ran (it carries the request id): the request was handled
  upstream.post('/api/roles/unavailable', async (_request, reply) =>
    reply.code(503).header('connection', 'close').header('x-request-id', 'seen').send({ unavailable: true }),
  );
  await upstream.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => upstream.close());

const gateway = serviceUnderTest(gatewayService, {
  env: () => {
    return {
      ...everyUpstreamAt(urlOf(upstream)),
      UPSTREAM_RETRIES: '2',
      METRICS_TOKEN: 'metrics-token',
    };
  },
});
beforeEach(() => {
  received.clear();
  cutsLeft.clear();
});

const retriesCounted = async (reason: string) => {
  const text = (await gateway.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token' } })).body;
  const line = text.split('\n').find((l) => l.startsWith('cti_gateway_upstream_retries_total{') && l.includes(`reason="${reason}"`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('answers', () => {
  it('passes a short answer on whole, with the service’s status and headers (multi-valued ones too)', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/small' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ small: true });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['x-service-note']).toBe('kept');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    // the gateway's own headers are still on it
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('streams an answer longer than it reads whole, byte for byte', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/big' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(BIG.length);
    expect(sha(res.rawPayload)).toBe(sha(BIG));
  });

  it('streams an answer of unknown length whole', async () => {
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/unknown-length' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('first second third');
  });

  it('keeps the service’s Content-Length on a HEAD, and gives a 304 no body', async () => {
    const head = await gateway.app.inject({ method: 'HEAD', url: '/api/roles/head' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('4321');
    expect(head.rawPayload.length).toBe(0);

    const notModified = await gateway.app.inject({ method: 'GET', url: '/api/roles/etag', headers: { 'if-none-match': '"v1"' } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe('"v1"');
    expect(notModified.rawPayload.length).toBe(0);
  });
});

describe('requests', () => {
  it('sends no hop-by-hop header on, nor one the client’s Connection header names', async () => {
    await gateway.app.inject({
      method: 'GET',
      url: '/api/roles/small?x=1',
      headers: {
        connection: 'keep-alive, x-hop-only',
        'x-hop-only': 'secret',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        'x-end-to-end': 'kept',
        host: 'ci.example',
      },
    });
    const [seen] = received.get('/api/roles/small')!;
    expect(seen!.headers['x-hop-only']).toBeUndefined();
    expect(seen!.headers['keep-alive']).toBeUndefined();
    expect(seen!.headers.te).toBeUndefined();
    expect(seen!.headers['x-end-to-end']).toBe('kept');
    expect(seen!.headers['x-forwarded-host']).toBe('ci.example');
    expect(seen!.headers.host).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('sends an empty body as zero bytes, with its content type', async () => {
    await gateway.app.inject({
      method: 'POST',
      url: '/api/roles/small',
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    });
    const [seen] = received.get('/api/roles/small')!;
    expect(seen!.headers['content-length']).toBe('0');
    expect(seen!.body?.length ?? 0).toBe(0);
  });
});

describe('retries', () => {
  it('sends a GET again when the connection is lost mid-answer, and the client gets the whole answer', async () => {
    const before = await retriesCounted('connection-lost');
    cutsLeft.set('/api/roles/cut', 1);
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/cut' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ whole: true, method: 'GET' });
    expect(received.get('/api/roles/cut')).toHaveLength(2);
    expect(await retriesCounted('connection-lost')).toBe(before + 1);
  });

  it('does not send a POST again after the connection was lost: 502 with the spec text, nothing half-sent', async () => {
    cutsLeft.set('/api/roles/cut', 1);
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/roles/cut',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('There was an issue contacting the server. Please try again in a few minutes.');
    expect(received.get('/api/roles/cut')).toHaveLength(1);
  });

  it('gives up after UPSTREAM_RETRIES and answers 502', async () => {
    cutsLeft.set('/api/roles/cut', 10);
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/cut' });
    expect(res.statusCode).toBe(502);
    expect(received.get('/api/roles/cut')).toHaveLength(3);
  });

  it('sends a GET a closing replica answered 503 with Connection: close to it again', async () => {
    const before = await retriesCounted('closing');
    cutsLeft.set('/api/roles/closing', 1);
    const res = await gateway.app.inject({ method: 'GET', url: '/api/roles/closing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ answered: true });
    expect(await retriesCounted('closing')).toBe(before + 1);
  });

  it('sends a POST a closing replica refused before handling it (503, Connection: close, no request id) to it again', async () => {
    cutsLeft.set('/api/roles/closing', 1);
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/roles/closing',
      headers: { 'content-type': 'application/json' },
      payload: '{"save":1}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ answered: true, method: 'POST' });
    // the same body both times
    expect(received.get('/api/roles/closing')!.map((r) => r.body?.toString())).toEqual(['{"save":1}', '{"save":1}']);
  });

  it('does not send again a POST the service itself answered 503 (its request id is on the answer)', async () => {
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/roles/unavailable',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(503);
    expect(received.get('/api/roles/unavailable')).toHaveLength(1);
  });
});

describe('over real connections (as browsers call it)', () => {
  let url: string;
  beforeAll(async () => {
    const listening = await gateway.ctx.start(gatewayService, everyUpstreamAt(urlOf(upstream)));
    await listening.listen({ port: 0, host: '127.0.0.1' });
    url = urlOf(listening);
  });

  it('answers a POST whose body it read (the request stream has ended by then)', async () => {
    const res = await fetch(`${url}/api/roles/small`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ small: true });
    expect(received.get('/api/roles/small')![0]!.body?.toString()).toBe('{"a":1}');
  });

  it('answers a short, a streamed and a retried GET whole', async () => {
    expect(await (await fetch(`${url}/api/roles/small`)).json()).toEqual({ small: true });
    expect(sha(Buffer.from(await (await fetch(`${url}/api/roles/big`)).arrayBuffer()))).toBe(sha(BIG));
    cutsLeft.set('/api/roles/cut', 1);
    expect(await (await fetch(`${url}/api/roles/cut`)).json()).toEqual({ whole: true, method: 'GET' });
  });
});
