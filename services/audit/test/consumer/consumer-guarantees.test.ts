import { createDatabase, type Kysely } from '@cti/db';
import { connectEventBus, DurableConsumer } from '@cti/events';
import { identityService } from '@cti/identity';
import { appendToOutbox, systemClock, type ServiceApp } from '@cti/service-kit';
import { eventually, natsCredentialsOf, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { recordEvents } from '../../src/audit-log/record-event';
import { requestReplay } from '../../src/chain/replay';
import { verifyChain } from '../../src/chain/verify-chain';
import { DEV_CHAIN_KEY } from '../../src/config';
import type { AuditDB } from '../../src/db';
import { actor, answerSaved, auditRowCount, envelope, publish, waitForRows } from '../support/audit-test-kit';

const silent = { info() {}, warn() {}, error() {} };
let db: Kysely<AuditDB>;
// before the context closes: closing drops the database
afterAll(() => db?.destroy());
// identity publishes through its outbox like any producer of the platform
const identity = serviceUnderTest(identityService);
beforeAll(() => {
  db = createDatabase<AuditDB>({ connectionString: identity.ctx.databaseUrl, schema: 'audit', poolSize: 2 });
});

const rowsOf = (eventId: string) => db.selectFrom('auditRows').selectAll().where('id', '=', eventId).execute();

it('stores an event redelivered after a crash between commit and ack once', async () => {
  const audit = await identity.ctx.start(auditService);
  await audit.close();

  // an audit process that commits the row and dies before acking: its connection goes
  // away with the message unacknowledged, so JetStream redelivers it after the ack wait
  const crashBus = await connectEventBus({
    servers: identity.ctx.env.NATS_URL,
    // as the audit service connects: its durable is its own
    credentials: natsCredentialsOf('audit'),
    name: 'audit-crashing',
    subjects: identity.app.events.bus.subjects,
  });
  let crashed = false;
  const crashing = new DurableConsumer({
    bus: crashBus,
    db,
    durable: 'audit',
    filter: ['evt.>'],
    logger: silent,
    ackWaitMs: 1000,
    handle: (event, trx) => recordEvents(trx, [event], DEV_CHAIN_KEY),
    beforeAck: async () => {
      crashed = true;
      await crashBus.nc.close();
      throw new Error('process died before ack');
    },
  });
  await crashing.start();
  const [event] = await publish(
    identity.app,
    envelope('evt.identity.user.loggedIn', { userId: 'u-crash', email: 'crash@example.com', free: false }, actor('Casey Crash')),
  );
  await eventually(() => crashed);
  await crashing.stop();
  expect(await rowsOf(event.id)).toHaveLength(1);
  // past the crashed process's ack wait: the message waits for redelivery
  await new Promise((r) => setTimeout(r, 2500));

  // the restarted service gets the redelivery, finds it processed, and acks it
  const restarted = await identity.ctx.start(auditService);
  const consumer = restarted.events.consumers[0];
  await eventually(() => consumer.stats.duplicates >= 1, 60_000);
  await eventually(
    async () => (await restarted.events.bus.jsm.consumers.info(restarted.events.bus.subjects.stream, 'audit')).num_ack_pending === 0,
    60_000,
  );
  expect(await rowsOf(event.id)).toHaveLength(1);
  await restarted.close();
}, 60_000);

it('stores every event published while the audit service was down once it starts', async () => {
  const before = await auditRowCount({ db } as unknown as ServiceApp);
  // committed by identity while no audit process runs: the outbox relay publishes them
  const published = await identity.app.inTransaction(async (trx) => {
    const out = [];
    for (let i = 0; i < 5; i++) {
      out.push(
        await appendToOutbox(trx, {
          type: 'evt.identity.user.agreed',
          actor: actor(`Dana ${i}`, ['Ireland']),
          data: { userId: `u-${i}`, email: `dana${i}@example.com` },
        }),
      );
    }
    return out;
  });
  await eventually(
    async () => (await identity.app.db.selectFrom('outbox').select('id').where('sentAt', 'is', null).execute()).length === 0,
  );

  const audit = await identity.ctx.start(auditService);
  await waitForRows(audit, before + 5);
  for (const event of published) {
    const [row] = await rowsOf(event.id);
    expect(row).toMatchObject({
      action: 'Agreement',
      country: 'Ireland',
      value: `${(event.data as { email: string }).email} agreed to the Terms and Conditions`,
    });
  }
  await audit.close();
}, 60_000);

it('rebuilds the same rows, change records and chain from a full replay of the stream', async () => {
  const audit = await identity.ctx.start(auditService);
  const total = (await auditRowCount(audit)) + 4;
  await publish(
    audit,
    envelope('evt.questionnaire.period.opened', {
      periodId: 'p-2025',
      name: '2025 March',
      createdAt: '2025-03-01T00:00:00.000Z',
      closedQuestionnaireIds: [],
      openedQuestionnaireIds: ['q-ie-2025'],
    }),
    envelope('evt.questionnaire.answer.saved', answerSaved({ before: null, after: 'No' }), actor('Rory Respondent', ['Ireland'])),
    envelope('evt.questionnaire.answer.saved', answerSaved({ before: 'No', after: 'Yes' }), actor('Roisin Respondent', ['Ireland'])),
    envelope(
      'evt.scoring.scores.saved',
      {
        questionnaireId: 'q-ie-2025',
        groupId: 'g-ie',
        groupName: 'Ireland',
        periodId: 'p-2025',
        periodName: '2025 March',
        score: 87.5,
        category: 'Very High',
        previousScore: null,
      },
      actor('Ada Admin'),
    ),
  );
  await waitForRows(audit, total);

  const snapshot = async () => ({
    rows: await db.selectFrom('auditRows').selectAll().orderBy('seq').execute(),
    suggestions: await db.selectFrom('auditFilterValues').selectAll().orderBy('key').orderBy('value').execute(),
    scores: await db.selectFrom('scoreFacts').selectAll().execute(),
    periods: await db.selectFrom('periods').selectAll().execute(),
    head: await db.selectFrom('auditChainHead').selectAll().execute(),
  });
  const original = await snapshot();
  expect(original.rows).toHaveLength(total);
  expect(original.rows.filter((r) => r.action === 'Response').map((r) => [r.changeBefore, r.changeAfter])).toEqual([
    [null, 'No'],
    ['No', 'Yes'],
  ]);

  await requestReplay(db, systemClock);
  await audit.close();
  const rebuilt = await identity.ctx.start(auditService);
  await waitForRows(rebuilt, total, 30_000);
  await eventually(
    async () => (await rebuilt.events.bus.jsm.consumers.info(rebuilt.events.bus.subjects.stream, 'audit')).num_pending === 0,
    20_000,
  );
  expect(await snapshot()).toEqual(original);
  expect((await db.selectFrom('auditReplayRequest').select('requestedAt').executeTakeFirstOrThrow()).requestedAt).toBeNull();
}, 90_000);

it('keeps one unbroken chain through a burst: each event one row and one published entry, in chain order', async () => {
  const audit = await identity.ctx.start(auditService);
  const before = await auditRowCount(audit);
  const burst = Array.from({ length: 400 }, (_, i) =>
    envelope('evt.identity.user.loggedIn', { userId: `u-burst-${i}`, email: `burst${i}@example.com`, free: false }, actor(`Burst ${i}`)),
  );
  // all at once, and one of them delivered twice under another message id (as a replayed publish would be)
  await Promise.all(burst.map((event) => publish(audit, event)));
  const { bus } = audit.events;
  await bus.js.publish(bus.subjects.toSubject(burst[7].type), JSON.stringify(burst[7]), { msgID: `${burst[7].id}-again` });
  await waitForRows(audit, before + 400, 60_000);
  await eventually(async () => (await bus.jsm.consumers.info(bus.subjects.stream, 'audit')).num_ack_pending === 0, 60_000);

  expect(await auditRowCount(audit)).toBe(before + 400);
  const rows = await db
    .selectFrom('auditRows')
    .select(['id', 'seq'])
    .where(
      'id',
      'in',
      burst.map((e) => e.id),
    )
    .execute();
  expect(new Set(rows.map((r) => r.id)).size).toBe(400);
  const all = await db.selectFrom('auditRows').select('seq').orderBy('seq').execute();
  expect(all.map((r) => Number(r.seq))).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  expect(await verifyChain(db, DEV_CHAIN_KEY)).toMatchObject({ Valid: true, Checked: before + 400 });

  // one entry per row, published in chain order
  const entries = await db.selectFrom('outbox').select('payload').where('type', '=', 'evt.audit.entry.recorded').orderBy('seq').execute();
  const burstIds = new Set(burst.map((e) => e.id));
  const published = entries
    .map((e) => (e.payload as { data: { seq: number; sourceEventId: string } }).data)
    .filter((entry) => burstIds.has(entry.sourceEventId));
  expect(published).toHaveLength(400);
  const firstSeq = published[0].seq;
  expect(published.map((entry) => entry.seq)).toEqual(Array.from({ length: 400 }, (_, i) => firstSeq + i));
  await audit.close();
}, 120_000);
