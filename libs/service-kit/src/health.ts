import fp from 'fastify-plugin';

export type ReadinessCheck = () => boolean | Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Named checks that must all pass for /health/ready to answer 200. */
    readiness: Map<string, ReadinessCheck>;
    /** Makes /health/ready fail from now on (shutdown begins) while requests are still served. */
    startDraining(): void;
  }
}

/** `/health/live` (the process answers) and `/health/ready` (every registered check passes). */
export const healthPlugin = fp(
  async (app) => {
    const checks = new Map<string, ReadinessCheck>();
    app.decorate('readiness', checks);
    let closing = false;
    app.decorate('startDraining', () => {
      closing = true;
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/health/ready', { schema: { hide: true } }, async (_req, reply) => {
      const results: Record<string, boolean> = {};
      for (const [name, check] of checks) {
        results[name] = await Promise.resolve()
          .then(check)
          .catch(() => false);
      }
      const ready = !closing && Object.values(results).every(Boolean);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
    });
  },
  { name: 'cti-health' },
);
