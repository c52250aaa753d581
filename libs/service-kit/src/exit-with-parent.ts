/** The variable the dev runner sets on the services it starts (make start, the benchmarks, the fault suite). */
export const EXIT_WHEN_STDIN_CLOSES = 'EXIT_WHEN_STDIN_CLOSES';

/**
 * A service started by the dev runner leaves with it. The runner holds the write end of the
 * child's stdin; when the runner goes, however it goes (Ctrl-C, a `timeout`, kill -9), the
 * pipe closes and `leave` runs. Without this an orphaned service lives on and, reconnecting
 * forever to NATS on its usual port, takes deliveries from the next run's durables without
 * ever acking them. Under Kubernetes or compose nothing sets the variable and stdin is left alone.
 */
export function exitWhenStdinCloses(leave: (reason: string) => void, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[EXIT_WHEN_STDIN_CLOSES] !== '1') return false;
  const runnerGone = () => {
    // the runner also read stdout and stderr: a line written there now fails, and must not stop the leaving
    for (const out of [process.stdout, process.stderr]) out.on('error', () => undefined);
    leave('the dev runner is gone');
  };
  process.stdin.once('end', runnerGone);
  process.stdin.once('error', runnerGone);
  process.stdin.resume();
  return true;
}
