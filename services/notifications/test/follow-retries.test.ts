import { sql } from '@cti/db';

import { auth, givenCountry, givenUser, startBed, type Bed, type TestUser } from './support/notifications-kit';

// a real identity and notifications on Postgres and NATS: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;

beforeAll(async () => {
  bed = await startBed();
  ireland = await givenCountry(bed, 'Ireland', 'IE');
});
afterAll(() => bed.close());

/**
 * A PUT or DELETE of api/follow/{groupId} sent again, as a gateway resends an idempotent request
 * to the other replica when the first one's connection was lost, or as a second tab sends it.
 */
const send = (user: TestUser, method: 'PUT' | 'DELETE') =>
  bed.notifications.inject({ method, url: `/api/follow/${ireland}`, headers: auth(user.token) });

/** The follow's events for this user and country, oldest first. */
async function followEvents(user: TestUser): Promise<string[]> {
  const rows = await sql<{ type: string }>`
    select type from outbox
     where type in ('evt.notifications.follow.added', 'evt.notifications.follow.removed')
       and payload->'data'->>'userId' = ${user.id} and payload->'data'->>'groupId' = ${ireland}
     order by seq`.execute(bed.notifications.db);
  return rows.rows.map((r) => r.type.replace('evt.notifications.follow.', ''));
}

const followRows = async (user: TestUser) =>
  (await bed.notifications.db.selectFrom('follows').select('groupId').where('userId', '=', user.id).execute()).length;

it('follows once and writes one event when the same PUT comes twice', async () => {
  const user = await givenUser(bed, 'twice-put@example.com', ['Standard']);
  const first = await send(user, 'PUT');
  const again = await send(user, 'PUT');
  expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
  // the answer to the repeat is the same follow, with the time it started
  expect(again.json()).toEqual(first.json());
  expect(await followRows(user)).toBe(1);
  expect(await followEvents(user)).toEqual(['added']);
});

it('follows once and writes one event when identical PUTs arrive at the same time', async () => {
  const user = await givenUser(bed, 'racing-put@example.com', ['Standard']);
  const answers = await Promise.all(Array.from({ length: 6 }, () => send(user, 'PUT')));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
  expect(new Set(answers.map((a) => a.json<{ Since: string }>().Since)).size).toBe(1);
  expect(await followRows(user)).toBe(1);
  expect(await followEvents(user)).toEqual(['added']);
});

it('stops following once and writes one event when the same DELETE comes twice, or several at once', async () => {
  const user = await givenUser(bed, 'twice-delete@example.com', ['Standard']);
  expect((await send(user, 'PUT')).statusCode).toBe(200);
  const first = await send(user, 'DELETE');
  const again = await send(user, 'DELETE');
  expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
  expect(again.json()).toEqual(first.json());
  expect(await followRows(user)).toBe(0);
  expect(await followEvents(user)).toEqual(['added', 'removed']);

  // followed again, then unfollowed by identical DELETEs at the same time: one change, one event
  expect((await send(user, 'PUT')).statusCode).toBe(200);
  const racing = await Promise.all(Array.from({ length: 6 }, () => send(user, 'DELETE')));
  expect(racing.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
  expect(await followRows(user)).toBe(0);
  expect(await followEvents(user)).toEqual(['added', 'removed', 'added', 'removed']);
});
