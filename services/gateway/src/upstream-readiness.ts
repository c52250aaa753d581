import type { FastifyInstance } from 'fastify';

import type { Upstream } from './route-table';

/** Longest the gateway waits for one service's readiness (the kit gives each check 3 s in all). */
const PROBE_TIMEOUT_MS = 1500;

/**
 * A readiness check per service the gateway sends requests to (`upstream:<service>`): `true` while
 * one of its replicas answers its own `/health/ready` with 200, else `degraded`. The gateway stays
 * ready either way (it serves the web app and every other service's routes), and its readiness
 * says which services it cannot reach.
 */
export function reportUpstreams(app: FastifyInstance, upstreams: Record<Upstream, string>): void {
  for (const [service, urls] of Object.entries(upstreams)) {
    const replicas = urls
      .split(',')
      .map((url) => url.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    app.readiness.set(`upstream:${service}`, async () => {
      const ready = await Promise.all(
        replicas.map((base) =>
          fetch(`${base}/health/ready`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
            (res) => {
              void res.body?.cancel();
              return res.ok;
            },
            () => false,
          ),
        ),
      );
      return ready.includes(true) || 'degraded';
    });
  }
}
