import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { startStack, type RunningStack } from '../../infra/dev/src/stack';

declare global {
  var __CTI_E2E_STACK__: { stack: RunningStack; dataDir: string } | undefined;
}

/** Starts the whole platform once for all journeys, on free ports, with fresh demo data. */
export default async function globalSetup(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '..', '..');
  // E2E_WEB_DIST lets parallel runs each serve their own web build
  const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'web', 'dist'));
  for (const built of [path.join(repoRoot, 'services/gateway/dist/src/server.js'), path.join(webDist, 'index.html')]) {
    if (!fs.existsSync(built)) throw new Error(`${built} is missing: run \`npx tsc -b && npm run build -w @cti/web\` first`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const logFile = path.join(repoRoot, 'test-output', 'e2e-stack.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.createWriteStream(logFile);
  const stack = await startStack({
    repoRoot,
    dataDir,
    port: 0,
    webDist,
    demoData: true,
    verbose: false,
    // every journey signs up for free access from this one address, more than the 20 per
    // 10 minutes a real address gets (the default everywhere else)
    env: { LOG_LEVEL: 'info', FREE_ACCESS_RATE_PER_IP: '1000' },
    log: (line) => log.write(`${line}\n`),
  });
  globalThis.__CTI_E2E_STACK__ = { stack, dataDir };
  process.env.E2E_BASE_URL = stack.url;
}
