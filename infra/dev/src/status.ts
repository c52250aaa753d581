import net from 'node:net';
import path from 'node:path';

import { isProcessAlive } from '@cti/local-infra';

import { readRunnerStatus, runnerAlive } from './earlier-run';
import type { ProcessStatus } from './supervisor';

export interface ProcessReport extends ProcessStatus {
  alive: boolean;
  /** `ready`, `degraded (renderer)`, `not ready (nats, database)`, `accepting connections`, `no answer`… */
  readiness: string;
  ready: boolean;
}

const isAlive = (pid: number | null) => !!pid && isProcessAlive(pid);

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function readinessOf(p: ProcessStatus): Promise<{ readiness: string; ready: boolean }> {
  if (p.kind === 'postgres' || p.kind === 'nats' || p.kind === 'front') {
    return (await accepts(p.port)) ? { readiness: 'accepting connections', ready: true } : { readiness: 'no answer', ready: false };
  }
  try {
    const res = await fetch(`http://127.0.0.1:${p.port}/health/ready`, { signal: AbortSignal.timeout(3000) });
    const body = (await res.json().catch(() => ({}))) as { status?: string; checks?: Record<string, unknown> };
    const checks = Object.entries(body.checks ?? {});
    const failing = checks.filter(([, v]) => v === false).map(([k]) => k);
    const degraded = checks.filter(([, v]) => v === 'degraded').map(([k]) => k);
    if (!res.ok) return { readiness: `not ready${failing.length ? ` (${failing.join(', ')})` : ''}`, ready: false };
    if (degraded.length) return { readiness: `degraded (${degraded.join(', ')})`, ready: true };
    return { readiness: 'ready', ready: true };
  } catch {
    return { readiness: 'no answer', ready: false };
  }
}

/** The runner's processes as it last recorded them, each probed now; null when no runner is running. */
export async function stackStatus(dataDir: string): Promise<{ url: string | null; processes: ProcessReport[] } | null> {
  const status = readRunnerStatus(dataDir);
  if (!status || !runnerAlive(status)) return null;
  const processes = await Promise.all(
    status.processes.map(async (p) => ({ ...p, alive: isAlive(p.pid), ...(await readinessOf(p)) }) satisfies ProcessReport),
  );
  return { url: status.url, processes };
}

/** One table: process, state, pid, port, restarts, readiness. */
export function formatStatus(url: string | null, processes: ProcessReport[]): string {
  const rows = [
    ['PROCESS', 'STATE', 'PID', 'PORT', 'RESTARTS', 'READINESS'],
    ...processes.map((p) => [
      p.name,
      p.state === 'running' && !p.alive ? 'exited' : p.state,
      p.alive ? String(p.pid) : '-',
      String(p.port),
      p.restarts ? `${p.restarts} (last: ${p.lastExit ?? '?'})` : '0',
      p.readiness,
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const lines = rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  '));
  return [`Compliance Index at ${url ?? '(starting)'}`, '', ...lines].join('\n');
}

/** `make status`: exit 0 when every process is ready (degraded counts as ready), 1 otherwise, 3 when nothing runs. */
async function main() {
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const dataDir = path.resolve(repoRoot, process.env.DATA_DIR ?? '.data');
  const status = await stackStatus(dataDir);
  if (!status) {
    process.stdout.write(`The platform is not running (no runner for ${dataDir}); \`make start\` starts it.\n`);
    process.exit(3);
  }
  process.stdout.write(`${formatStatus(status.url, status.processes)}\n`);
  process.exit(status.processes.every((p) => p.ready && p.alive) ? 0 : 1);
}

if (require.main === module) void main();
