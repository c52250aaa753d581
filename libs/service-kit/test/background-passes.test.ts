import { BackgroundPasses } from '../src/background-passes';

/** A worker whose passes stay open until released, counting how often they ran and how they failed. */
class ControlledWorker extends BackgroundPasses {
  runs = 0;
  failures: unknown[] = [];
  failFirst = false;
  private release: (() => void) | null = null;

  constructor() {
    super(3_600_000);
  }

  protected pass(): Promise<void> {
    this.runs++;
    if (this.failFirst && this.runs === 1) return Promise.reject(new Error('database away'));
    return new Promise<void>((resolve) => (this.release = resolve));
  }

  protected passFailed(err: unknown): void {
    this.failures.push(err);
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Ends the pass in hand and lets its settlement (and a follow-up pass) happen. */
  async finish(): Promise<void> {
    this.release?.();
    this.release = null;
    await new Promise((r) => setImmediate(r));
  }
}

it('runs a first pass on start, and kicks before start or after stop do nothing', async () => {
  const worker = new ControlledWorker();
  worker.kick();
  expect(worker.runs).toBe(0);
  worker.start();
  expect(worker.runs).toBe(1);
  const stopped = worker.stop();
  await worker.finish();
  await stopped;
  worker.kick();
  expect(worker.runs).toBe(1);
  expect(worker.isStopping).toBe(true);
});

it('turns any number of kicks during a pass into exactly one more pass', async () => {
  const worker = new ControlledWorker();
  worker.start();
  worker.kick();
  worker.kick();
  worker.kick();
  expect(worker.runs).toBe(1);
  await worker.finish();
  expect(worker.runs).toBe(2);
  await worker.finish();
  expect(worker.runs).toBe(2);
  await worker.stop();
});

it('waits in stop() for the pass in hand', async () => {
  const worker = new ControlledWorker();
  worker.start();
  let stopped = false;
  const stopping = worker.stop().then(() => (stopped = true));
  await new Promise((r) => setImmediate(r));
  expect(stopped).toBe(false);
  await worker.finish();
  await stopping;
  expect(stopped).toBe(true);
});

it('reports a failed pass and runs the next one when kicked', async () => {
  const worker = new ControlledWorker();
  worker.failFirst = true;
  worker.start();
  await new Promise((r) => setImmediate(r));
  expect(worker.failures).toEqual([new Error('database away')]);
  worker.kick();
  expect(worker.runs).toBe(2);
  const stopped = worker.stop();
  await worker.finish();
  await stopped;
});
