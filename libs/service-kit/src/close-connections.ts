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
  // tracked per connection, not per request: whether one was ever used is read off it at close
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });

  let sweeping: NodeJS.Timeout | undefined;
  const sweep = () => {
    // not a byte received: no request, nor the start of one
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    app.server.closeIdleConnections();
  };
  app.addHook('preClose', async () => {
    if (!app.server.listening) return;
    sweep();
    // answers finishing after this point leave their connection idle: ended on the next sweep
    sweeping = setInterval(sweep, 50).unref();
  });
  // onClose hooks run once the server has closed (every connection ended)
  app.addHook('onClose', async () => clearInterval(sweeping));
}
