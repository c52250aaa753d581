import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { isProcessAlive } from '@cti/local-infra';
import { eventually } from '@cti/testing';

// A service the dev runner started leaves with the runner, however the runner goes: an orphan
// would reconnect to the next run's NATS and take its durables' deliveries without acking them.

const kit = path.resolve(__dirname, '../dist/exit-with-parent.js');

/** A stand-in service: it waits, and says why it left. */
const serviceScript = `
  const { exitWhenStdinCloses } = require(${JSON.stringify(kit)});
  const watching = exitWhenStdinCloses((reason) => { process.stdout.write('left: ' + reason + '\\n'); process.exit(0); });
  process.stdout.write(watching ? 'watching\\n' : 'not watching\\n');
  setInterval(() => undefined, 1000);
`;

const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

it('leaves when the runner closes its end of the pipe', async () => {
  const service = spawn(process.execPath, ['-e', serviceScript], {
    env: { ...process.env, EXIT_WHEN_STDIN_CLOSES: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  expect(await firstLine(service)).toBe('watching');
  const left = firstLine(service);
  service.stdin!.end();
  expect(await left).toBe('left: the dev runner is gone');
});

it('leaves when the runner is killed outright (kill -9)', async () => {
  // a runner that starts the service as the dev stack does and reports its pid
  const runnerScript = `
    const { spawn } = require('node:child_process');
    const service = spawn(process.execPath, ['-e', ${JSON.stringify(serviceScript)}], {
      env: { ...process.env, EXIT_WHEN_STDIN_CLOSES: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
      detached: true,
    });
    service.stdout.once('data', () => process.stdout.write(service.pid + '\\n'));
    setInterval(() => undefined, 1000);
  `;
  const runner = spawn(process.execPath, ['-e', runnerScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const servicePid = Number(await firstLine(runner));
  expect(isProcessAlive(servicePid)).toBe(true);
  runner.kill('SIGKILL');
  await eventually(() => !isProcessAlive(servicePid), 30_000);
});

it('keeps stdin alone where nothing asks for it (Kubernetes, compose)', async () => {
  const service = spawn(process.execPath, ['-e', serviceScript], {
    env: { ...process.env, EXIT_WHEN_STDIN_CLOSES: '' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  expect(await firstLine(service)).toBe('not watching');
  service.stdin!.end();
  // still there after its stdin closed
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(service.exitCode).toBeNull();
  service.kill();
});
