import { BackgroundPasses } from '../src/background-passes';

/** A pass that stays open until released, counting how often it ran. */
function controlledPass() {
  let runs = 0;
  let release: (() => void) | null = null;
  const pass = () => {
    runs++;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return {
    pass,
    runs: () => runs,
    finish: async () => {
      release?.();
      release = null;
      // let the pass's settlement (and a follow-up kick) happen
      await new Promise((r) => setImmediate(r));
    },
  };
}
const hourly = { everyMs: 3_600_000, onError: () => undefined };

it('runs a first pass on start, and kicks before start or after stop do nothing', async () => {
  const c = controlledPass();
  const passes = new BackgroundPasses(c.pass, hourly);
  passes.kick();
  expect(c.runs()).toBe(0);
  passes.start();
  expect(c.runs()).toBe(1);
  const stopped = passes.stop();
  await c.finish();
  await stopped;
  passes.kick();
  expect(c.runs()).toBe(1);
  expect(passes.stopping).toBe(true);
});

it('turns any number of kicks during a pass into exactly one more pass', async () => {
  const c = controlledPass();
  const passes = new BackgroundPasses(c.pass, hourly);
  passes.start();
  passes.kick();
  passes.kick();
  passes.kick();
  expect(c.runs()).toBe(1);
  await c.finish();
  expect(c.runs()).toBe(2);
  await c.finish();
  expect(c.runs()).toBe(2);
  await passes.stop();
});

it('waits in stop() for the pass in hand', async () => {
  const c = controlledPass();
  const passes = new BackgroundPasses(c.pass, hourly);
  passes.start();
  let stopped = false;
  const stopping = passes.stop().then(() => (stopped = true));
  await new Promise((r) => setImmediate(r));
  expect(stopped).toBe(false);
  await c.finish();
  await stopping;
  expect(stopped).toBe(true);
});

it('reports a failed pass and runs the next one when kicked', async () => {
  const errors: unknown[] = [];
  let runs = 0;
  const passes = new BackgroundPasses(
    async () => {
      runs++;
      if (runs === 1) throw new Error('database away');
    },
    { everyMs: 3_600_000, onError: (err) => errors.push(err) },
  );
  passes.start();
  await new Promise((r) => setImmediate(r));
  expect(errors).toEqual([new Error('database away')]);
  passes.kick();
  await new Promise((r) => setImmediate(r));
  expect(runs).toBe(2);
  await passes.stop();
});
