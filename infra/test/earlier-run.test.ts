import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, isProcessAlive, startPostgres, type RunningPostgres } from '@cti/local-infra';

import { clearEarlierRun, PlatformAlreadyRunning } from '../dev/src/earlier-run';
import { STATUS_FILE, type ProcessStatus, type RunnerStatusFile } from '../dev/src/supervisor';

// `make start` after a run that did not stop: the Postgres it left holds the data directory (the
// postmaster refuses a second server on it), so the next start stops it first; a runner still
// running there is an error that says what to do.

let dataDir: string;
const started: RunningPostgres[] = [];
const sleepers: number[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-earlier-run-'));
});
afterEach(async () => {
  for (const pg of started.splice(0)) await pg.stop();
  for (const pid of sleepers.splice(0)) if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A pid that ran and is gone: a runner killed outright. */
const deadPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('exit', () => resolve(child.pid!));
  });

/** A node process that sleeps: a runner still running. */
const sleepingNode = () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { stdio: 'ignore' });
  sleepers.push(child.pid!);
  return child.pid!;
};

const entry = (name: string, kind: ProcessStatus['kind'], pid: number): ProcessStatus => ({
  name,
  kind,
  port: 0,
  pid,
  state: 'running',
  restarts: 0,
  lastExit: null,
  since: new Date().toISOString(),
});

const recordRunner = (runnerPid: number, processes: ProcessStatus[]) =>
  fs.writeFileSync(
    path.join(dataDir, STATUS_FILE),
    JSON.stringify({ runnerPid, url: 'http://localhost:8080', updatedAt: new Date().toISOString(), processes } satisfies RunnerStatusFile),
  );

const startOn = async (pgDir: string) => {
  const pg = await startPostgres({ dataDir: pgDir, port: await freePort(), password: 'secret', ephemeral: true });
  started.push(pg);
  return pg;
};

it('stops the Postgres a dead runner left on this data directory, so it can start there again', async () => {
  const pgDir = path.join(dataDir, 'pg');
  const left = await startOn(pgDir);
  const leftPid = left.pid!;
  recordRunner(await deadPid(), [entry('postgres', 'postgres', leftPid)]);
  const lines: string[] = [];

  await clearEarlierRun(dataDir, (line) => lines.push(line));

  expect(isProcessAlive(leftPid)).toBe(false);
  expect(lines).toEqual([
    expect.stringContaining(`stopping postgres (pid ${leftPid}), left running by an earlier run that did not stop it`),
  ]);
  expect(fs.existsSync(path.join(dataDir, STATUS_FILE))).toBe(false);
  // the data directory is free again: a new server starts on it
  const again = await startOn(pgDir);
  expect(again.pid).not.toBeNull();
}, 120_000);

it('refuses to start beside a runner still running on the same data directory, and touches nothing', async () => {
  const runnerPid = sleepingNode();
  const server = sleepingNode();
  recordRunner(runnerPid, [entry('nats', 'nats', server)]);

  const clearing = clearEarlierRun(dataDir, () => undefined);
  await expect(clearing).rejects.toThrow(PlatformAlreadyRunning);
  await expect(clearing).rejects.toThrow(`the platform already runs on ${dataDir} (runner pid ${runnerPid}, http://localhost:8080)`);
  expect(isProcessAlive(server)).toBe(true);
  expect(fs.existsSync(path.join(dataDir, STATUS_FILE))).toBe(true);
});

it('leaves alone a recorded pid that now belongs to a process not started on this data directory', async () => {
  const unrelated = sleepingNode();
  recordRunner(await deadPid(), [entry('nats', 'nats', unrelated), entry('audit', 'service', sleepingNode())]);
  const lines: string[] = [];

  await clearEarlierRun(dataDir, (line) => lines.push(line));

  expect(isProcessAlive(unrelated)).toBe(true);
  expect(lines).toEqual([]);
});
