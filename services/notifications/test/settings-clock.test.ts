import { fixedClock } from '@cti/service-kit';

import { givenUser, setEmailMode, startBed, type Bed, type TestUser } from './support/notifications-kit';

// Wednesday 4 March 2026, an hour before the digest hour (07:00 UTC): far from the wall clock
const clock = fixedClock('2026-03-04T06:00:00.000Z');
let bed: Bed;
let user: TestUser;

beforeAll(async () => {
  bed = await startBed({}, { clock });
  user = await givenUser(bed, 'clock-reader@lessor.test', ['Standard']);
});
afterAll(() => bed.close());

const nextDigestAt = async () =>
  (await bed.notifications.db.selectFrom('userSettings').select('nextDigestAt').where('userId', '=', user.id).executeTakeFirstOrThrow())
    .nextDigestAt;

it('schedules the next digest from the service clock, not the wall clock', async () => {
  await setEmailMode(bed, user, 'daily');
  expect(new Date((await nextDigestAt())!).toISOString()).toBe('2026-03-04T07:00:00.000Z');

  await setEmailMode(bed, user, 'weekly');
  expect(new Date((await nextDigestAt())!).toISOString()).toBe('2026-03-09T07:00:00.000Z');

  // past the digest hour, a new daily schedule starts tomorrow
  clock.advance(2 * 3_600_000);
  await setEmailMode(bed, user, 'daily');
  expect(new Date((await nextDigestAt())!).toISOString()).toBe('2026-03-05T07:00:00.000Z');
});
