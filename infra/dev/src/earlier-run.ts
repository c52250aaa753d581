import fs from 'node:fs';
import path from 'node:path';

import { isProcessAlive } from '@cti/local-infra';

import { STATUS_FILE, type RunnerStatusFile } from './supervisor';

/** What the last runner on this data directory recorded, or null when none did (or it stopped cleanly). */
export function readRunnerStatus(dataDir: string): RunnerStatusFile | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, STATUS_FILE), 'utf8')) as RunnerStatusFile;
  } catch {
    return null;
  }
}

/** A process's command line (Linux); null where it cannot be read. */
function commandLineOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

/** Whether the runner that wrote the status file still runs (a reused pid of another program does not count). */
export function runnerAlive(status: RunnerStatusFile): boolean {
  if (!isProcessAlive(status.runnerPid)) return false;
  const commandLine = commandLineOf(status.runnerPid);
  return commandLine === null || /\bnode\b/.test(commandLine.split(' ')[0]);
}

/** Another runner is running on this data directory: two would share one Postgres' and one NATS' data. */
export class PlatformAlreadyRunning extends Error {
  constructor(dataDir: string, status: RunnerStatusFile) {
    super(
      `the platform already runs on ${dataDir} (runner pid ${status.runnerPid}${status.url ? `, ${status.url}` : ''}): ` +
        '`make status` shows it; stop it first (Ctrl-C in its terminal), or set DATA_DIR to another directory',
    );
    this.name = 'PlatformAlreadyRunning';
  }
}

// Postgres: fast shutdown; NATS: flush and exit; the front (HAProxy): stop
const STOP_SIGNALS = { postgres: 'SIGINT', nats: 'SIGTERM', front: 'SIGTERM' } as const;

/**
 * Before a runner starts on a data directory: a runner still running there is an error, and the
 * Postgres and nats-server an earlier runner left behind (it was killed together with the watch
 * that stops them, or it predates that watch) are stopped, so this run can start them on their data
 * again. Only processes whose command line names this data directory are touched.
 */
export async function clearEarlierRun(dataDir: string, log: (line: string) => void): Promise<void> {
  const earlier = readRunnerStatus(dataDir);
  if (!earlier || earlier.runnerPid === process.pid) return;
  if (runnerAlive(earlier)) throw new PlatformAlreadyRunning(dataDir, earlier);
  const leftovers = earlier.processes.flatMap((p) => {
    if (p.pid === null || !(p.kind in STOP_SIGNALS) || !isProcessAlive(p.pid)) return [];
    if (!commandLineOf(p.pid)?.includes(dataDir)) return [];
    return [{ name: p.name, pid: p.pid, signal: STOP_SIGNALS[p.kind as keyof typeof STOP_SIGNALS] }];
  });
  for (const { name, pid, signal } of leftovers) {
    log(`${'[runner]'.padEnd(16)}stopping ${name} (pid ${pid}), left running by an earlier run that did not stop it`);
    try {
      process.kill(pid, signal);
    } catch {
      continue; // gone meanwhile
    }
    const deadline = Date.now() + 30_000;
    while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(path.join(dataDir, STATUS_FILE), { force: true });
}
