/**
 * At most `perSecond` calls per second, evenly spaced: each `take()` waits for its slot.
 * Alert e-mails go out at the mail port's rate however many are due.
 */
export class RateLimiter {
  private nextAt = 0;
  private readonly intervalMs: number;

  constructor(perSecond: number) {
    this.intervalMs = 1000 / perSecond;
  }

  async take(): Promise<void> {
    const now = performance.now();
    const at = Math.max(this.nextAt, now);
    this.nextAt = at + this.intervalMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
