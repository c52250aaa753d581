/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { QuestionnaireChange } from '@cti/contracts';

import { followChanges, parseEvents } from './follow-changes';

// A real HTTP server stands in for the gateway: it streams, goes away (a restart: the
// port refuses, then answers 502 like the gateway does meanwhile), and comes back.

type Mode = 'stream' | 'bad-gateway' | 'expired' | 'forbidden';

function startServer(port = 0) {
  let mode: Mode = 'stream';
  const open = new Set<http.ServerResponse>();
  const seenTokens: string[] = [];
  const server = http.createServer((req, res) => {
    seenTokens.push(String(req.headers.authorization ?? ''));
    if (mode === 'bad-gateway') return void res.writeHead(502).end('{"message":"Bad Gateway"}');
    if (mode === 'forbidden') return void res.writeHead(403).end();
    if (mode === 'expired') {
      mode = 'stream';
      return void res.writeHead(401, { 'Token-Expired': 'true' }).end();
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 2000\n: open\n\n');
    open.add(res);
    res.on('close', () => open.delete(res));
  });
  return {
    server,
    seenTokens,
    setMode: (m: Mode) => (mode = m),
    send: (change: QuestionnaireChange) => open.forEach((res) => res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`)),
    streams: () => open.size,
    listen: () => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () =>
      new Promise<void>((resolve) => {
        open.forEach((res) => res.end());
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const approval: QuestionnaireChange = { kind: 'approval', sectionId: null, by: 'rory' };

it('parses change events split across chunks and ignores comments and other events', () => {
  const seen: QuestionnaireChange[] = [];
  let rest = parseEvents(': keep-alive\n\nevent: change\ndata: {"kind":"lock","sect', (c) => seen.push(c));
  rest = parseEvents(`${rest}ionId":10,"by":"x"}\n\nevent: other\ndata: {}\n\nevent: change\ndata: not json\n\n`, (c) => seen.push(c));
  expect(seen).toEqual([{ kind: 'lock', sectionId: 10, by: 'x' }]);
  expect(rest).toBe('');
});

it('hears changes, and after a restart (refused, then 502) reconnects by itself and says it reconnected', async () => {
  const first = startServer();
  const port = await first.listen();
  const changes: QuestionnaireChange[] = [];
  const connections: boolean[] = [];
  const controller = new AbortController();
  const following = followChanges({
    url: `http://127.0.0.1:${port}/api/questionnaire/live/q1`,
    token: () => 'token-1',
    onChange: (c) => changes.push(c),
    onConnected: (reconnected) => connections.push(reconnected),
    onTokenExpired: async () => undefined,
    signal: controller.signal,
    retry: { minMs: 20, maxMs: 200 },
  });
  await until(() => first.streams() === 1, 'the first stream');
  first.send(approval);
  await until(() => changes.length === 1, 'the first change');
  expect(first.seenTokens[0]).toBe('Bearer token-1');

  // the service goes away: the port refuses for a while
  await first.close();
  await new Promise((r) => setTimeout(r, 200));
  // the gateway is back but the service is not: 502 for a while
  const second = startServer(port);
  second.setMode('bad-gateway');
  await second.listen();
  await until(() => second.seenTokens.length >= 2, 'retries against the 502');
  second.setMode('stream');
  await until(() => second.streams() === 1, 'the stream after the restart');
  second.send({ kind: 'lock', sectionId: 10, by: 'roisin' });
  await until(() => changes.length === 2, 'the change after the restart');
  expect(connections).toEqual([false, true]);

  controller.abort();
  await following;
  await second.close();
});

it('refreshes an expired token before reconnecting, and stops for good on a refusal', async () => {
  const server = startServer();
  const port = await server.listen();
  server.setMode('expired');
  let token = 'old';
  const controller = new AbortController();
  const following = followChanges({
    url: `http://127.0.0.1:${port}/live`,
    token: () => token,
    onChange: () => undefined,
    onConnected: () => undefined,
    onTokenExpired: async () => {
      token = 'new';
    },
    signal: controller.signal,
    retry: { minMs: 20, maxMs: 200 },
  });
  await until(() => server.streams() === 1, 'the stream with the fresh token');
  expect(server.seenTokens).toEqual(['Bearer old', 'Bearer new']);

  server.setMode('forbidden');
  await server.close();
  const refusing = startServer(port);
  refusing.setMode('forbidden');
  await refusing.listen();
  await following; // ends by itself on the 403
  expect(refusing.seenTokens).toHaveLength(1);
  await refusing.close();
});
