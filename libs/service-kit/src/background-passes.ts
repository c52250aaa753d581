/**
 * Background work done in passes: one pass every `everyMs` and one whenever `kick()` says
 * there is something new (after a commit that queued work). Passes never overlap; a kick
 * while a pass runs makes one more pass when it ends, so no kick is lost. Kicks count only
 * between `start()` (which runs a first pass) and `stop()` (which waits for the pass in hand).
 * A worker extends it with its `pass()` and what to do when a pass fails.
 */
export abstract class BackgroundPasses {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(private readonly everyMs: number) {}

  /** One pass over the work that is due. */
  protected abstract pass(): Promise<void>;

  /** A pass threw: the next pass (on schedule or kicked) tries again. */
  protected abstract passFailed(err: unknown): void;

  /** Whether `stop()` was called: a long pass looks at this between items and ends early. */
  protected get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.started = true;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the schedule and waits for the pass in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks for work now (a pass already running looks again when it ends). */
  kick(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((err: unknown) => this.passFailed(err))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }
}
