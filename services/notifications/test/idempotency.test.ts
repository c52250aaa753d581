import { recordChange } from '../src/changes/record-change';

import {
  alertsOf,
  consumed,
  emailsSettled,
  facts,
  follow,
  givenCountry,
  givenUser,
  mailsTo,
  publishEvent,
  scoresSaved,
  startBed,
  type Bed,
} from './support/notifications-kit';

// several waits on a real stack per test: generous on a loaded machine
jest.setTimeout(180_000);

let bed: Bed;
let ireland: string;

beforeAll(async () => {
  bed = await startBed();
  ireland = await givenCountry(bed, 'Ireland', 'IE');
});
afterAll(() => bed.close());

it('never sends the same alert twice for one event, however often the event is delivered', async () => {
  const reader = await givenUser(bed, 'twice@example.com', ['Standard']);
  await follow(bed, reader, ireland);
  const data = scoresSaved(ireland, 'Ireland', facts({ score: 60 }), facts({ A: 5, score: 65 }));
  const first = await publishEvent(bed, 'evt.scoring.scores.saved', data);
  await consumed(bed, 2);
  await emailsSettled(bed);
  // the same event again, as a relay retrying after a lost acknowledgement would send it (past JetStream's de-duplication)
  const { bus } = bed.notifications.events;
  await bus.js.publish(bus.subjects.toSubject(first.type), JSON.stringify(first), { msgID: `${first.id}-again` });
  await consumed(bed, 3);
  expect(bed.notifications.events.consumers[0]!.stats.duplicates).toBeGreaterThanOrEqual(1);
  // and once more after its processed mark was lost (a consumer whose mark table was rebuilt)
  await bed.ctx.query(`delete from notifications.processed_events where event_id = $1`, [first.id]);
  await bus.js.publish(bus.subjects.toSubject(first.type), JSON.stringify(first), { msgID: `${first.id}-third` });
  await consumed(bed, 4);
  await emailsSettled(bed);
  // nothing is left to send: one alert, e-mailed once
  expect((await alertsOf(bed, reader)).Items).toHaveLength(1);
  expect(await mailsTo(bed, reader.email)).toHaveLength(1);
  const changes = await bed.notifications.db.selectFrom('changes').select('eventId').execute();
  expect(changes.map((c) => c.eventId)).toEqual([first.id]);
});

it('queues one alert per follower and change, whatever replicas or retries insert', async () => {
  const a = await givenUser(bed, 'one@example.com', ['Standard']);
  await follow(bed, a, ireland);
  const event = {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    type: 'evt.documents.document.added',
    occurredAt: new Date().toISOString(),
    actor: null,
  } as const;
  const draft = {
    groupId: ireland,
    parts: [{ kind: 'document' as const, audience: 'document' as const, text: 'new supporting document “x”' }],
    document: null,
    link: '/documents',
  };
  const db = bed.notifications.db;
  const queued = await db.transaction().execute((trx) => recordChange(trx, { ...event, data: {} } as never, draft));
  const again = await db.transaction().execute((trx) => recordChange(trx, { ...event, data: {} } as never, draft));
  expect([queued, again]).toEqual([2, 0]);
});
