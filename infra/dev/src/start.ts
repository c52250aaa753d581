import path from 'node:path';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@cti/demo-data';

import { startStack } from './stack';

/** `make start`: the whole platform on this machine, with demo data. */
async function main() {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const port = Number(process.env.PORT ?? 8080);
  const stack = await startStack({
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
