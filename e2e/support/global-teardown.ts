import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const running = globalThis.__CTI_E2E_STACK__;
  if (!running) return;
  await running.stack.stop();
  fs.rmSync(running.dataDir, { recursive: true, force: true });
}
