import fs from 'node:fs';
import path from 'node:path';

/** What kind of process a supervised entry is: it decides how readiness is probed. */
export type ProcessKind = 'postgres' | 'nats' | 'service' | 'gateway' | 'front';

/**
 * `starting` (first start), `running`, `restarting` (exited; a restart is due),
 * `external` (Postgres restarted by someone else, e.g. `pg_ctl restart`), `stopped`.
 */
export type ProcessState = 'starting' | 'running' | 'restarting' | 'external' | 'stopped';

export interface ProcessStatus {
  name: string;
  kind: ProcessKind;
  port: number;
  pid: number | null;
  state: ProcessState;
  /** Restarts since `make start`. */
  restarts: number;
  /** How it last exited, e.g. `signal SIGKILL` or `code 1`. */
  lastExit: string | null;
  /** When the state last changed (ISO). */
  since: string;
}

/** What `make status` reads: written next to the data on every change, removed on a clean stop. */
export interface RunnerStatusFile {
  runnerPid: number;
  url: string | null;
  updatedAt: string;
  processes: ProcessStatus[];
}

export const STATUS_FILE = 'runner.json';

/** How to (re)start one supervised process, and how to find its pid. */
export interface Restartable {
  name: string;
  kind: ProcessKind;
  port: number;
  /** Starts it again; resolves once it runs (or rejects when it cannot start). */
  restart(): Promise<void>;
  pid(): number | null;
}

export interface SupervisorOptions {
  dataDir: string;
  log: (line: string) => void;
  /** First restart delay; doubles per consecutive crash. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A process that ran at least this long before exiting counts as healthy: its next restart is quick again. */
  stableAfterMs?: number;
  /** Resolves once the restarted process answers ready (services), or at once. */
  waitReady?: (entry: Restartable) => Promise<void>;
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `signal ${signal}` : code === null ? 'stopped outside the runner' : `code ${code}`;

/**
 * Restarts crashed children with exponential backoff and says so in the log, as the
 * kubelet does in production; keeps the status file `make status` reads up to date.
 */
export class Supervisor {
  private readonly entries = new Map<string, { target: Restartable; status: ProcessStatus; upSince: number; streak: number }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private url: string | null = null;
  private stopping = false;
  private readonly file: string;

  constructor(private readonly options: SupervisorOptions) {
    this.file = path.join(options.dataDir, STATUS_FILE);
  }

  private line(text: string) {
    this.options.log(`${'[runner]'.padEnd(16)}${text}`);
  }

  /** Registers a running process; `exited` is then called by whoever sees it exit. */
  add(target: Restartable): void {
    this.entries.set(target.name, {
      target,
      upSince: Date.now(),
      streak: 0,
      status: {
        name: target.name,
        kind: target.kind,
        port: target.port,
        pid: target.pid(),
        state: 'running',
        restarts: 0,
        lastExit: null,
        since: new Date().toISOString(),
      },
    });
    this.write();
  }

  setUrl(url: string): void {
    this.url = url;
    this.write();
  }

  /** Sets a state by hand (Postgres adopted after an outside restart). */
  mark(name: string, state: ProcessState, pid: number | null): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    Object.assign(entry.status, { state, pid, since: new Date().toISOString() });
    this.write();
  }

  /** A supervised process exited without being asked to: restart it after a backoff. */
  exited(name: string, code: number | null, signal: NodeJS.Signals | null): void {
    const entry = this.entries.get(name);
    if (!entry || this.stopping) return;
    const ranMs = Date.now() - entry.upSince;
    entry.streak = ranMs >= (this.options.stableAfterMs ?? 60_000) ? 1 : entry.streak + 1;
    const delay = Math.min((this.options.initialDelayMs ?? 1000) * 2 ** (entry.streak - 1), this.options.maxDelayMs ?? 30_000);
    const exit = describeExit(code, signal);
    Object.assign(entry.status, { state: 'restarting', pid: null, lastExit: exit, since: new Date().toISOString() });
    this.write();
    this.line(`${name} exited (${exit}); restarting in ${(delay / 1000).toFixed(1)} s (restart #${entry.status.restarts + 1})`);
    this.schedule(entry, delay);
  }

  private schedule(entry: { target: Restartable; status: ProcessStatus; upSince: number; streak: number }, delay: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.stopping) return;
      void this.restart(entry);
    }, delay);
    this.timers.add(timer);
  }

  private async restart(entry: { target: Restartable; status: ProcessStatus; upSince: number; streak: number }) {
    const { target, status } = entry;
    const began = Date.now();
    status.restarts++;
    try {
      await target.restart();
    } catch (err) {
      if (this.stopping) return;
      entry.streak++;
      const delay = Math.min((this.options.initialDelayMs ?? 1000) * 2 ** (entry.streak - 1), this.options.maxDelayMs ?? 30_000);
      this.line(
        `${target.name} did not start (${err instanceof Error ? err.message : String(err)}); trying again in ${(delay / 1000).toFixed(1)} s`,
      );
      Object.assign(status, { since: new Date().toISOString() });
      this.write();
      this.schedule(entry, delay);
      return;
    }
    entry.upSince = Date.now();
    Object.assign(status, { state: 'running', pid: target.pid(), since: new Date().toISOString() });
    this.write();
    this.line(`${target.name} restarted (pid ${status.pid ?? '?'})`);
    if (this.options.waitReady) {
      await this.options.waitReady(target).then(
        () => this.line(`${target.name} is ready again (${((Date.now() - began) / 1000).toFixed(1)} s after the restart began)`),
        (err: unknown) => this.line(`${target.name} is not ready: ${err instanceof Error ? err.message : String(err)}`),
      );
    }
  }

  list(): ProcessStatus[] {
    return [...this.entries.values()].map((e) => ({ ...e.status }));
  }

  /** Stops restarting (the stack is shutting down) and removes the status file. */
  stop(): void {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const entry of this.entries.values()) entry.status.state = 'stopped';
    fs.rmSync(this.file, { force: true });
  }

  private write() {
    if (this.stopping) return;
    const status: RunnerStatusFile = { runnerPid: process.pid, url: this.url, updatedAt: new Date().toISOString(), processes: this.list() };
    // written whole then renamed: `make status` never reads half a file
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(status, null, 2)}\n`);
    fs.renameSync(temp, this.file);
  }
}
