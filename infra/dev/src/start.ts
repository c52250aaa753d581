import path from 'node:path';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cti/demo-data';

import { startStack } from './stack';

/** A whole number from the environment within bounds, or the reason it is refused. */
function countFrom(name: string, fallback: number, valid: (n: number) => boolean, shape: string): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || !valid(n)) throw new Error(`${name} must be ${shape} (it is ${raw})`);
  return n;
}

/** `make start`: the whole platform on this machine, with demo data. */
async function main() {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const port = Number(process.env.PORT ?? 8080);
  const replicas = countFrom('REPLICAS', 1, (n) => n >= 1 && n <= 4, 'a whole number from 1 to 4');
  // a JetStream cluster keeps its streams while a majority of its nodes is up: 1 server, or an odd number of nodes
  const natsNodes = countFrom('NATS_CLUSTER', 1, (n) => n === 1 || n === 3 || n === 5, '1, 3 or 5');
  const stack = await startStack({
    replicas,
    natsNodes,
    repoRoot,
    dataDir: path.resolve(repoRoot, process.env.DATA_DIR ?? '.data'),
    port,
    databaseUrl: process.env.DATABASE_URL || undefined,
    natsUrl: process.env.NATS_URL || undefined,
    demoData: process.env.DEMO_DATA !== 'false',
    verbose: process.env.VERBOSE === '1',
  });
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const lines = [
    '',
    `  Compliance Index is running: ${stack.url}`,
    ...(replicas > 1 || natsNodes > 1
      ? [
          `  ${replicas} replica(s) of every service${replicas > 1 ? `, ${replicas} gateways behind a round-robin front (HAProxy)` : ''}; ` +
            (natsNodes > 1 ? `a ${natsNodes}-node NATS JetStream cluster (streams at ${natsNodes} replicas)` : 'one NATS server'),
        ]
      : []),
    '',
    `  Demo accounts (password: ${DEMO_PASSWORD})`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(width)}  ${a.describe}`),
    '',
    `  Gateway metrics: ${stack.gatewayMetricsUrl} (each service's on its own port: make status)`,
    '',
    ...(stack.integrations
      ? [
          `  Events (NATS JetStream): ${stack.natsUrl}, user ${stack.integrations.user} (reads the documented subjects),`,
          `    password in ${path.relative(process.cwd(), stack.integrations.passwordFile)}; see docs/consuming-events.md`,
          '',
        ]
      : []),
    '  Crashed processes are restarted (see [runner] lines); `make status` shows each one.',
    '  Ctrl-C stops everything.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping…\n');
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  // a closed terminal stops the platform as Ctrl-C does; what is written to it now has nowhere to go
  process.on('SIGHUP', () => {
    for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);
    void shutdown();
  });
}

main().catch((err) => {
  process.stderr.write(`\nmake start failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
