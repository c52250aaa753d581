import net from 'node:net';

const tryListen = (port: number, host: string) =>
  new Promise<number | null>((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen({ port, host }, () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(chosen));
    });
  });

/** The preferred port when it is free on loopback, otherwise any free port. */
export async function freePort(preferred?: number, host = '127.0.0.1'): Promise<number> {
  if (preferred) {
    const ok = await tryListen(preferred, host);
    if (ok) return ok;
  }
  const any = await tryListen(0, host);
  if (!any) throw new Error('No free TCP port on loopback');
  return any;
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs = 30_000, host = '127.0.0.1'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nothing listened on ${host}:${port} within ${timeoutMs} ms`);
}

/**
 * `count` different free ports on loopback. Asking for one free port at a time can answer the
 * same port twice (the kernel may hand out a port again once it is closed), so all are held
 * open until every one is chosen.
 */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.unref();
          server.once('error', reject);
          server.listen({ port: 0, host }, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}
