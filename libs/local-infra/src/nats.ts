import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ensureDebianPackage } from './packages';
import { waitForPort } from './ports';

export interface NatsOptions {
  port: number;
  storeDir: string;
  log?: (line: string) => void;
}

export interface RunningNats {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port and storage (tests of outages). */
  start(): Promise<void>;
}

/** The `nats-server` binary, installed from Debian's package when missing and possible. */
export function natsServerBinary(): string {
  return ensureDebianPackage(
    'nats-server',
    'nats-server',
    '`apt-get install nats-server` (Debian/Ubuntu), `brew install nats-server`, or set NATS_URL to a running server with JetStream',
  );
}

/** A `nats-server -js` child process on loopback with file storage. */
export async function startNats(options: NatsOptions): Promise<RunningNats> {
  const binary = natsServerBinary();
  fs.mkdirSync(options.storeDir, { recursive: true });
  let child: ChildProcess | null = null;
  const log = options.log ?? (() => undefined);

  const start = async () => {
    const proc = spawn(binary, ['-js', '-sd', options.storeDir, '-a', '127.0.0.1', '-p', String(options.port)], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // own process group: a terminal's Ctrl-C reaches our orchestrator, which stops it in order
      detached: true,
    });
    child = proc;
    proc.stdout?.on('data', (d: Buffer) => log(d.toString()));
    proc.stderr?.on('data', (d: Buffer) => log(d.toString()));
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code) => reject(new Error(`nats-server exited with code ${code} (port ${options.port})`))),
    );
    await Promise.race([waitForPort(options.port, 20_000), exited]);
    proc.removeAllListeners('exit');
  };

  const stop = async () => {
    const proc = child;
    if (!proc || proc.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
    });
    child = null;
  };

  await start();
  return { url: `nats://127.0.0.1:${options.port}`, port: options.port, stop, start };
}
