import http from 'node:http';

import type { ServiceApp } from '@cti/service-kit';
import { eventually, testContextForTests, urlOf } from '@cti/testing';

import { gatewayService } from '../src/app';

import { everyUpstreamAt } from './support/upstreams';

// A server-sent event stream proxied by the gateway (the notifications and questionnaire
// streams) never ends by itself. Neither a stream whose reader went away nor one still
// being read may hold the gateway's graceful shutdown up: it used to wait for the
// upstream's body timeout (a minute and more) before exiting.

const context = testContextForTests();
let upstream: http.Server;
let upstreamUrl: string;
/** Upstream responses of streams still open, as the upstream sees them. */
const openUpstreamStreams = new Set<http.ServerResponse>();

beforeAll(async () => {
  // a stand-in service with an endless stream and a heartbeat far apart
  upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/notifications/stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
      res.write(': open\n\n');
      openUpstreamStreams.add(res);
      res.once('close', () => openUpstreamStreams.delete(res));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = urlOf(upstream);
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

async function listeningGateway(): Promise<{ gateway: ServiceApp; url: string }> {
  const gateway = await context.ctx.start(gatewayService, everyUpstreamAt(upstreamUrl));
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  return { gateway, url: urlOf(gateway) };
}

/** Opens the stream through the gateway and waits for its first bytes. */
async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/notifications/stream`, { signal: controller.signal });
  const reader = res.body!.getReader();
  await reader.read();
  return { res, reader, abort: () => controller.abort() };
}

/** How long `close` takes; the ceiling fails the test well before the one-minute body timeout. */
async function timedClose(gateway: ServiceApp): Promise<number> {
  const started = Date.now();
  await gateway.close();
  return Date.now() - started;
}

it('closes promptly after a client aborted a proxied stream, and lets the upstream see the stream end', async () => {
  const { gateway, url } = await listeningGateway();
  const stream = await openStream(url);
  expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  await eventually(() => openUpstreamStreams.size === 1, 30_000);
  stream.abort();
  // the aborted reader's upstream request is given up too
  await eventually(() => openUpstreamStreams.size === 0, 30_000);
  expect(await timedClose(gateway)).toBeLessThan(10_000);
});

it('ends streams still being read when it shuts down, instead of waiting for them', async () => {
  const { gateway, url } = await listeningGateway();
  const stream = await openStream(url);
  await eventually(() => openUpstreamStreams.size === 1, 30_000);
  const ended = (async () => {
    try {
      while (!(await stream.reader.read()).done);
    } catch {
      // a cut connection ends the stream as well
    }
    return true;
  })();
  expect(await timedClose(gateway)).toBeLessThan(10_000);
  expect(await ended).toBe(true);
  await eventually(() => openUpstreamStreams.size === 0, 30_000);
});
