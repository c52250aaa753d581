import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eventually } from '@cti/testing';

import { freePorts, isProcessAlive, startNats } from '../src';

// Postgres and nats-server started by a runner (make start, a jest run, a benchmark) stop when
// that runner goes, however it goes: a postmaster left behind holds its data directory, and the
// next `make start` on it could not start.

const localInfra = path.resolve(__dirname, '../dist/index.js');
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-stop-with-runner-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const firstLine = (child: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`the runner exited with code ${code} before it said anything`)));
  });

/** The parent pid of a process, from /proc/<pid>/stat (after the parenthesised command name). */
const parentOf = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];

/**
 * The shells that still watch the server with this pid (the shell holding the runner's pipe).
 * A shell's own child counts as its part: between its fork and its exec of `cat` it shows the
 * shell's command line for a moment (longer on a busy machine).
 */
const watchersOf = (pid: number) => {
  const shells = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        return args[0] === 'sh' && args.includes(String(pid));
      } catch {
        return false;
      }
    });
  return shells.filter((entry) => {
    try {
      return !shells.includes(parentOf(entry));
    } catch {
      return false; // gone meanwhile
    }
  });
};

it('stops the runner’s Postgres and nats-server when the runner is killed outright (kill -9)', async () => {
  const runnerScript = `
    const { freePorts, startNats, startPostgres } = require(${JSON.stringify(localInfra)});
    (async () => {
      const [pgPort, natsPort] = await freePorts(2);
      const pg = await startPostgres({ dataDir: ${JSON.stringify(dir)} + '/pg', port: pgPort, password: 'secret', ephemeral: true });
      const nats = await startNats({ port: natsPort, storeDir: ${JSON.stringify(dir)} + '/nats' });
      process.stdout.write(JSON.stringify({ postgres: pg.pid, nats: nats.pid }) + '\\n');
      setInterval(() => undefined, 1000);
    })().catch((err) => { process.stderr.write(String(err) + '\\n'); process.exit(1); });
  `;
  const runner = spawn(process.execPath, ['-e', runnerScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pids = JSON.parse(await firstLine(runner)) as { postgres: number; nats: number };
  expect(isProcessAlive(pids.postgres)).toBe(true);
  expect(isProcessAlive(pids.nats)).toBe(true);

  runner.kill('SIGKILL');
  await eventually(() => !isProcessAlive(pids.postgres) && !isProcessAlive(pids.nats), 60_000);
  // a fast shutdown, not a crash: the data directory is free for the next start
  expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
}, 120_000);

it('ends the watch with the server, whether it was stopped or it crashed', async () => {
  const [first, second] = await freePorts(2);
  const stopped = await startNats({ port: first, storeDir: path.join(dir, 'a') });
  const stoppedPid = stopped.pid!;
  expect(watchersOf(stoppedPid)).toHaveLength(1);
  await stopped.stop();
  await eventually(() => watchersOf(stoppedPid).length === 0);

  const crashed = await startNats({ port: second, storeDir: path.join(dir, 'b') });
  const crashedPid = crashed.pid!;
  expect(watchersOf(crashedPid)).toHaveLength(1);
  await crashed.kill('SIGKILL');
  await eventually(() => watchersOf(crashedPid).length === 0);
});
