import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eventually } from '@cti/testing';

import { STATUS_FILE, Supervisor, type Restartable, type RunnerStatusFile } from '../dev/src/supervisor';

/**
 * The dev runner's supervision (`make start`): a child that exits unasked is restarted
 * after a backoff that doubles while it keeps failing, every step is said in the log,
 * and the status file `make status` reads follows along.
 */
let dataDir: string;
let lines: string[];
let supervisor: Supervisor;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-supervisor-'));
  lines = [];
  supervisor = new Supervisor({
    dataDir,
    log: (line) => lines.push(line.replace(/^\[runner\]\s+/, '')),
    initialDelayMs: 100,
    maxDelayMs: 400,
  });
});

afterEach(() => {
  supervisor.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const statusFile = () => JSON.parse(fs.readFileSync(path.join(dataDir, STATUS_FILE), 'utf8')) as RunnerStatusFile;

/** A child whose first `failing` restarts throw; each successful restart gives it a new pid. */
function child(failing = 0): Restartable & { attempts: number } {
  let pid = 100;
  const target = {
    name: 'audit',
    kind: 'service' as const,
    port: 4100,
    attempts: 0,
    pid: () => pid,
    restart: async () => {
      target.attempts++;
      if (target.attempts <= failing) throw new Error('port in use');
      pid++;
    },
  };
  return target;
}

it('restarts a crashed child after a backoff, says so, and records it for make status', async () => {
  const target = child();
  supervisor.add(target);
  expect(statusFile().processes).toEqual([expect.objectContaining({ name: 'audit', state: 'running', pid: 100, restarts: 0 })]);

  supervisor.exited('audit', null, 'SIGKILL');
  expect(statusFile().processes[0]).toEqual(expect.objectContaining({ state: 'restarting', pid: null, lastExit: 'signal SIGKILL' }));

  await eventually(() => statusFile().processes[0].state === 'running');
  expect(statusFile().processes[0]).toEqual(expect.objectContaining({ pid: 101, restarts: 1, lastExit: 'signal SIGKILL' }));
  expect(lines).toEqual(['audit exited (signal SIGKILL); restarting in 0.1 s (restart #1)', 'audit restarted (pid 101)']);
  expect(statusFile().runnerPid).toBe(process.pid);
});

it('keeps trying a child that cannot start, with a delay that doubles up to the ceiling', async () => {
  const target = child(3);
  supervisor.add(target);
  supervisor.exited('audit', 1, null);
  await eventually(() => target.attempts === 4 && statusFile().processes[0].state === 'running');
  expect(lines).toEqual([
    'audit exited (code 1); restarting in 0.1 s (restart #1)',
    'audit did not start (port in use); trying again in 0.2 s',
    'audit did not start (port in use); trying again in 0.4 s',
    'audit did not start (port in use); trying again in 0.4 s',
    'audit restarted (pid 101)',
  ]);
});

it('restarts nothing once stopping, and removes the status file', () => {
  const target = child();
  supervisor.add(target);
  supervisor.stop();
  supervisor.exited('audit', null, 'SIGTERM');
  expect(target.attempts).toBe(0);
  expect(fs.existsSync(path.join(dataDir, STATUS_FILE))).toBe(false);
});
