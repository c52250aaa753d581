import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ensureDebianPackage, stopWithThisProcess, waitForPort } from '@cti/local-infra';

/** A gateway the front sends requests to. */
export interface FrontBackend {
  name: string;
  port: number;
}

export interface FrontOptions {
  /** Where browsers (and the suites) connect. */
  port: number;
  backends: FrontBackend[];
  /** Its configuration file goes here. */
  dir: string;
  log?: (line: string) => void;
}

export interface RunningFront {
  readonly pid: number | null;
  start(): Promise<void>;
  stop(): Promise<void>;
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

/**
 * HAProxy's configuration for the gateways, as an ingress controller in front of the gateway
 * Service would run it: a request goes to the next gateway in turn; a gateway is taken out once
 * its readiness fails twice (one check a second), so one that is draining (it fails readiness
 * first and keeps serving for SHUTDOWN_DELAY_MS) gets no new requests before it closes; a
 * connection a gateway refuses (killed) is tried on the other one, as nothing was sent. Requests
 * are never sent again once they reached a gateway (a POST may have been handled). Server-sent
 * event streams pass through; the gateways' heartbeats keep them inside the timeouts.
 */
export function frontConfigText(options: Pick<FrontOptions, 'port' | 'backends'>): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout http-keep-alive 10s',
    '  retries 3',
    '  option redispatch 1',
    'frontend web',
    `  bind 127.0.0.1:${options.port}`,
    '  option forwardfor',
    '  default_backend gateways',
    'backend gateways',
    '  balance roundrobin',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    '  default-server check inter 1s fall 2 rise 1',
    ...options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`),
    '',
  ].join('\n');
}

/** The `haproxy` binary (Debian's package `haproxy`), installed with apt when missing and possible. */
export function haproxyBinary(): string {
  return ensureDebianPackage('haproxy', 'haproxy', '`apt-get install haproxy` (Debian/Ubuntu) or `brew install haproxy`');
}

/** HAProxy in the foreground on loopback, round-robin over the gateways. */
export async function startFront(options: FrontOptions): Promise<RunningFront> {
  const binary = haproxyBinary();
  fs.mkdirSync(options.dir, { recursive: true });
  const configFile = path.join(options.dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, frontConfigText(options));
  const log = options.log ?? (() => undefined);
  const exitListeners: Array<(code: number | null, signal: NodeJS.Signals | null) => void> = [];
  let child: ChildProcess | null = null;
  const stopping = new WeakSet<ChildProcess>();
  const running = (proc: ChildProcess | null): proc is ChildProcess => !!proc && proc.exitCode === null && proc.signalCode === null;

  const start = async () => {
    if (running(child)) return;
    // -db: stays in the foreground, logs to stderr
    const proc = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = proc;
    proc.once('exit', stopWithThisProcess(proc, 'SIGTERM'));
    for (const stream of [proc.stdout, proc.stderr]) stream?.on('data', (d: Buffer) => log(d.toString().trimEnd()));
    let ready = false;
    const exited = new Promise<never>((_, reject) =>
      proc.once('exit', (code, signal) => {
        if (!ready) reject(new Error(`haproxy exited with code ${code} (port ${options.port})`));
        else if (!stopping.has(proc)) for (const listener of exitListeners) listener(code, signal);
      }),
    );
    exited.catch(() => undefined);
    await Promise.race([waitForPort(options.port, 20_000), exited]);
    ready = true;
  };

  await start();
  return {
    get pid() {
      return running(child) ? (child.pid ?? null) : null;
    },
    start,
    async stop() {
      const proc = child;
      if (!running(proc)) return;
      stopping.add(proc);
      const exit = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      await exit;
    },
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
  };
}
