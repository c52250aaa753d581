/**
 * Where use-cases get the time. Routes and consumers pass `app.clock` (or `app.clock.now()`)
 * to the use-case instead of the use-case calling `new Date()`, so a test can build the
 * service with a fixed or stepping clock and assert on exact times.
 */
export interface Clock {
  now(): Date;
}

/** The real time: the clock every service runs on unless a test passes its own to `buildService`. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until moved (tests): `clock.set(...)`, `clock.advance(ms)`. */
export function fixedClock(at: Date | string): Clock & { set(to: Date | string): void; advance(ms: number): void } {
  let current = new Date(at).getTime();
  return {
    now: () => new Date(current),
    set: (to) => {
      current = new Date(to).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
