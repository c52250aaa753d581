import type { Server } from 'node:net';

/**
 * The URL of a server listening on 127.0.0.1: a `net.Server` (or `http.Server`) after
 * `listen(0, '127.0.0.1')`, or a Fastify app after `listen({ port: 0, host: '127.0.0.1' })`.
 */
export function urlOf(listening: Server | { server: Server }): string {
  const address = ('server' in listening ? listening.server : listening).address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
