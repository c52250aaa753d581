import http from 'node:http';
import net from 'node:net';

import { buildService, defineService, type ServiceApp } from '@cti/service-kit';

// A closing service waits for its in-flight requests, never for its clients' spare
// connections: those used to hold a shutdown (or a test's close) until the client gave up.

let release: () => void = () => undefined;
let reached: () => void = () => undefined;
const probeService = defineService({
  name: 'close-probe',
  defaultPort: 0,
  stateful: false,
  async plugin(app) {
    app.get('/quick', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
        reached();
      });
      return { ok: true };
    });
  },
});

const apps: ServiceApp[] = [];
async function listening() {
  const app = await buildService(probeService, { env: { LOG_LEVEL: 'silent' } });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
});

/** Resolves with how the close went, or 'still waiting' once the client would long have given up on it. */
async function closeOf(app: ServiceApp) {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('still waiting'), 20_000)));
  const closed = app.close().then(() => 'closed');
  try {
    return await Promise.race([closed, waiting]);
  } finally {
    clearTimeout(timer);
  }
}

it('closes while a client holds a connection it never sent a request on', async () => {
  const { app, port } = await listening();
  const spare = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => spare.once('connect', resolve));
  const ended = new Promise((resolve) => spare.once('close', resolve));
  expect(await closeOf(app)).toBe('closed');
  await ended;
});

it('closes while a client keeps alive the connection of an answered request', async () => {
  const { app, port } = await listening();
  const agent = new http.Agent({ keepAlive: true });
  try {
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path: '/quick', agent }, (res) => res.resume().on('end', () => resolve(res.statusCode)))
        .on('error', reject),
    );
    expect(status).toBe(200);
    expect(await closeOf(app)).toBe('closed');
  } finally {
    agent.destroy();
  }
});

it('answers a request in flight when the close begins, then ends its kept-alive connection', async () => {
  const { app, port } = await listening();
  const agent = new http.Agent({ keepAlive: true });
  try {
    const inHandler = new Promise<void>((resolve) => (reached = resolve));
    const answered = new Promise<{ status?: number; body: string }>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path: '/slow', agent }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, body }));
        })
        .on('error', reject),
    );
    await inHandler;
    const closing = closeOf(app);
    release();
    expect(await answered).toEqual({ status: 200, body: JSON.stringify({ ok: true }) });
    expect(await closing).toBe('closed');
  } finally {
    agent.destroy();
  }
});
