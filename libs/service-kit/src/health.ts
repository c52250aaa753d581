import fp from 'fastify-plugin';

/**
 * One readiness check: `true` (up), `false` (down: the instance must not take traffic) or
 * `'degraded'` (an optional part is missing, e.g. the PDF renderer without Chromium: the
 * instance serves everything else, so it stays ready and says what is missing).
 */
export type ReadinessState = boolean | 'degraded';
export type ReadinessCheck = () => ReadinessState | Promise<ReadinessState>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Named checks; /health/ready answers 200 while none of them is `false`. */
    readiness: Map<string, ReadinessCheck>;
    /** Makes /health/ready fail from now on (shutdown begins) while requests are still served. */
    startDraining(): void;
  }
}

/** Longest a check may take before it counts as down (a hung dependency must not hang the probe). */
const CHECK_TIMEOUT_MS = 3000;

async function runCheck(check: ReadinessCheck): Promise<ReadinessState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health/live` (the process answers) and `/health/ready`: 200 `ready` when every check
 * passes, 200 `degraded` when some optional part is missing, 503 `not ready` when a
 * check fails or the instance is draining; `checks` gives each check's state.
 */
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
      const names = [...checks.keys()];
      const states = await Promise.all(names.map((name) => runCheck(checks.get(name)!)));
      const results = Object.fromEntries(names.map((name, i) => [name, states[i]]));
      const down = closing || states.includes(false);
      const status = down ? 'not ready' : states.includes('degraded') ? 'degraded' : 'ready';
      return reply.code(down ? 503 : 200).send({ status, checks: results });
    });
  },
  { name: 'cti-health' },
);
