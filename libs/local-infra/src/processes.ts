/** Whether a process with this pid is running (signal 0 checks without signalling; an error, as for a gone pid, counts as not running). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
