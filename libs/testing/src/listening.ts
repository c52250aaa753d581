import type { Server } from 'node:net';

/** The URL of a server listening on 127.0.0.1 (a Fastify app, after `listen({ port: 0, host: '127.0.0.1' })`). */
export function urlOf(app: { server: Server }): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
