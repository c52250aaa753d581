/**
 * Polls until the check passes (returns a truthy value) or the time is up. The default
 * ceiling is generous: it bounds a wait on a loaded machine, it is not how long tests take.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${last instanceof Error ? last.message : String(last)}` : ''}`);
}
