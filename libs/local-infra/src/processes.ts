import { spawn, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';

/** Whether a process with this pid is running (signal 0 checks without signalling; an error, as for a gone pid, counts as not running). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops a server we started (Postgres, nats-server) when this process goes, however it goes:
 * a kill -9, a closed terminal, a `timeout`. Neither server can watch its parent, so a small
 * shell does: it holds the read end of a pipe whose write end only this process has, and when
 * the pipe closes it sends `signal` to the server. Without it a killed runner leaves the server
 * holding its data directory, and the next `make start` on that directory cannot start.
 * The watch ends with the server (call the returned function once it has exited).
 */
export function stopWithThisProcess(server: ChildProcess, signal: NodeJS.Signals): () => void {
  if (server.pid === undefined || process.platform === 'win32') return () => undefined;
  const watch = spawn('sh', ['-c', 'cat >/dev/null; kill -s "$1" "$0" 2>/dev/null', String(server.pid), signal.replace(/^SIG/, '')], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // its own process group: a terminal's Ctrl-C goes to the runner, which stops the server in order
    detached: true,
  });
  watch.on('error', () => undefined);
  watch.stdin?.on('error', () => undefined);
  // the watch must not keep this process alive
  watch.unref();
  (watch.stdin as Socket | null)?.unref(); // a child's pipe is a net.Socket
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    try {
      // the whole group: the shell and its `cat`, before the pipe closes and the shell sends its signal
      if (watch.pid !== undefined) process.kill(-watch.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
}
