import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';

export const repo = path.resolve(__dirname, '..', '..', '..');

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Parsed JSON log lines (and raw text lines as `{ msg }`). */
  logs: Array<Record<string, unknown>>;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The entry script of a built service (services/<name>/dist/src/server.js). */
export function serviceScript(name: string): string {
  const script = path.join(repo, 'services', name, 'dist', 'src', 'server.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run npx tsc -b before these tests`);
  return script;
}

/** Starts a real process (a built service or a fixture) on a port of its own and waits until it is ready. */
export async function startProcess(name: string, script: string, env: Record<string, string>, port?: number): Promise<RunningProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ msg: line });
      }
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const running: RunningProcess = {
    name,
    port: listenPort,
    url: `http://127.0.0.1:${listenPort}`,
    child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  // a ceiling, not a wait: a loaded machine may take this long to start a service
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode} while starting: ${logs.map((l) => l.msg).join(' | ')}`);
    try {
      if ((await fetch(`${running.url}/health/ready`)).ok) return running;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within 180 s`);
}
