import Fastify, { type FastifyInstance } from 'fastify';

import { serviceUnderTest, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';
import { ROUTE_TABLE, UPSTREAMS, type Upstream } from '../src/route-table';

const upstreams: FastifyInstance[] = [];

/** A stand-in service that tells who it is and echoes what it received. */
async function echoService(name: Upstream) {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.all('/*', async (request) => ({
    service: name,
    method: request.method,
    url: request.url,
    requestId: request.headers['x-request-id'],
    forwardedFor: request.headers['x-forwarded-for'],
    authorization: request.headers.authorization ?? null,
    body: request.body ? (request.body as Buffer).toString('base64') : null,
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  upstreams.push(app);
  return urlOf(app);
}

const upstreamUrls: Record<string, string> = {};
beforeAll(async () => {
  for (const name of UPSTREAMS) upstreamUrls[`${name.toUpperCase()}_URL`] = await echoService(name);
});
const gateway = serviceUnderTest(gatewayService, { env: () => upstreamUrls });
afterAll(async () => {
  await Promise.all(upstreams.map((u) => u.close()));
});

it('reaches the owning service for each prefix of the route table', async () => {
  for (const entry of ROUTE_TABLE) {
    const url = entry.match === 'exact' || !entry.path.endsWith('/') ? `${entry.path}?probe=1` : `${entry.path}probe`;
    const res = await gateway.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect({ path: entry.path, service: res.json().service }).toEqual({ path: entry.path, service: entry.service });
    expect(res.json().url).toBe(url);
  }
});

it('forwards bodies byte for byte, the bearer token, and a request id', async () => {
  const raw = Buffer.from(
    '--boundary\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF-1.7\x00\xff\r\n--boundary--\r\n',
    'latin1',
  );
  const res = await gateway.app.inject({
    method: 'POST',
    url: '/api/document?type=1',
    headers: { 'content-type': 'multipart/form-data; boundary=boundary', authorization: 'Bearer abc', 'x-request-id': 'req-123' },
    payload: raw,
  });
  const echoed = res.json();
  expect(echoed.service).toBe('documents');
  expect(Buffer.from(echoed.body, 'base64').equals(raw)).toBe(true);
  expect(echoed.authorization).toBe('Bearer abc');
  expect(echoed.requestId).toBe('req-123');
  expect(res.headers['x-request-id']).toBe('req-123');
});

it('replaces a client-sent X-Forwarded-For with the address it saw', async () => {
  const res = await gateway.app.inject({
    method: 'GET',
    url: '/api/roles',
    headers: { 'x-forwarded-for': '6.6.6.6' },
    remoteAddress: '203.0.113.9',
  });
  expect(res.json().forwardedFor).toBe('203.0.113.9');
});

it('answers 404 for API paths no service owns and for internal paths', async () => {
  expect((await gateway.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  expect((await gateway.app.inject({ method: 'POST', url: '/internal/render' })).statusCode).toBe(404);
});

it('answers 502 with the spec text when a service is down', async () => {
  const down = await gateway.ctx.start(gatewayService, { IDENTITY_URL: 'http://127.0.0.1:1' });
  const res = await down.inject({ method: 'POST', url: '/api/user/login', payload: {} });
  expect(res.statusCode).toBe(502);
  expect(res.json().message).toBe('There was an issue contacting the server. Please try again in a few minutes.');
});
