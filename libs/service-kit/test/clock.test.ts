import { buildService, defineService, fixedClock, systemClock, type DataAccess, type KitTables } from '@cti/service-kit';

const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0' };

// a stateless service: the clock needs no database
const timeService = defineService({
  name: 'clock-probe',
  defaultPort: 0,
  stateful: false,
  async plugin(app) {
    app.get('/now', async () => ({ now: app.clock.now().toISOString() }));
  },
});

describe('the clock use-cases run on', () => {
  it('is the system clock unless the builder passes one', async () => {
    const app = await buildService(timeService, { env });
    expect(app.clock).toBe(systemClock);
    await app.close();
  });

  it('is the one a test passes: fixed, set and advanced by the test alone', async () => {
    const clock = fixedClock('2026-03-01T09:00:00Z');
    const app = await buildService(timeService, { env, clock });
    expect((await app.inject({ url: '/now' })).json()).toEqual({ now: '2026-03-01T09:00:00.000Z' });
    clock.advance(90_000);
    expect((await app.inject({ url: '/now' })).json()).toEqual({ now: '2026-03-01T09:01:30.000Z' });
    clock.set('2027-01-01T00:00:00Z');
    expect(app.clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
    await app.close();
  });
});

describe('DataAccess', () => {
  it('is what a service app gives a use-case: its db, transactions and clock', async () => {
    const clock = fixedClock('2026-05-05T05:05:05Z');
    const app = await buildService(timeService, { env, clock });
    // a use-case typed over DataAccess takes the app itself (checked by tsc) and sees only these three
    const stampOf = (data: DataAccess<KitTables>) => data.clock.now().toISOString();
    expect(stampOf(app)).toBe('2026-05-05T05:05:05.000Z');
    await app.close();
  });
});
