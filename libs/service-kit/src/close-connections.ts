import type { Socket } from 'node:net';

import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing server end without waiting on its clients' spare connections.
 *
 * On close Fastify stops accepting connections and Node ends the idle keep-alive ones once;
 * the server then waits until every other connection ends. Two kinds never end by
 * themselves: connections that never carried a request (a browser's or HTTP client's spare
 * one, which Node 20 does not count as idle), and keep-alive connections whose request was
 * still being answered when the close began. Either kept a shutdown (or a test's close)
 * waiting until the client gave up, a minute or more. While closing, those are ended as
 * soon as they carry nothing: in-flight requests still finish and are answered.
 */
export function closeLingeringConnections(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => unused.delete(request.socket));

  let sweeping: NodeJS.Timeout | undefined;
  const sweep = () => {
    for (const socket of unused) socket.destroy();
    unused.clear();
    app.server.closeIdleConnections();
  };
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    sweep();
    // answers finishing after this point leave their connection idle: ended on the next sweep
    sweeping = setInterval(sweep, 50).unref();
    app.server.once('close', () => clearInterval(sweeping));
  });
  app.addHook('onClose', async () => clearInterval(sweeping));
}
