import { createHmac } from 'node:crypto';

import { AUDIT_GENESIS_HASH, auditChainText, type AuditChainCheck, type DomainEvent } from '@cti/contracts';
import { dataAccessOf } from '@cti/service-kit';
import { eventually, publishedEvents, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { entryEventId } from '../../src/audit-log/publish-entry';
import { ChainChecks } from '../../src/chain/chain-check';
import { requestReplay } from '../../src/chain/replay';
import { DEV_CHAIN_KEY } from '../../src/config';
import { actor, adminToken, answerSaved, auditRowCount, envelope, publish, waitForRows } from '../support/audit-test-kit';

const audit = serviceUnderTest(auditService, { contextEnv: { AUDIT_CHAIN_CHECK_EVERY_MINUTES: '0' }, eachTest: true });

const rory = actor('Rory Respondent', ['Ireland']);
const sources = () => [
  envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: 'rory@example.com', free: false }, rory),
  envelope('evt.questionnaire.answer.saved', answerSaved(), rory),
  envelope('evt.identity.group.created', { groupId: 'g-cl', name: 'Chile', type: 'Country', countryId: 'CL', logoPath: null }),
];

/** What a consumer without the key can check: positions without gaps, each link naming the one before. */
function linksHold(entries: DomainEvent<'evt.audit.entry.recorded'>[]) {
  let previous = AUDIT_GENESIS_HASH;
  return entries.every((e, i) => {
    const ok = e.data.seq === i + 1 && e.data.previousHash === previous;
    previous = e.data.hash;
    return ok;
  });
}

/** What a consumer holding the chain key can check too: each hash recomputed from the entry alone. */
const hashHolds = (e: DomainEvent<'evt.audit.entry.recorded'>, key = DEV_CHAIN_KEY) =>
  createHmac('sha256', key).update(Buffer.from(e.data.previousHash, 'hex')).update(auditChainText(e.data), 'utf8').digest('hex') ===
  e.data.hash;

it('publishes every stored row after commit, in chain order, with what a consumer needs to verify the chain from the events alone', async () => {
  const events = await publish(audit.app, ...sources());
  const entries = await publishedEvents(audit.app, 'evt.audit.entry.recorded', 3);
  expect(entries).toHaveLength(3);
  expect(entries.map((e) => e.data.sourceEventId)).toEqual(events.map((e) => e.id));
  expect(linksHold(entries)).toBe(true);
  expect(entries.every((e) => hashHolds(e))).toBe(true);

  const stored = await audit.app.db.selectFrom('auditRows').select(['seq', 'hash', 'action', 'value']).orderBy('seq').execute();
  expect(entries.map((e) => [e.data.seq, e.data.hash, e.data.action, e.data.description])).toEqual(
    stored.map((r) => [Number(r.seq), r.hash.toString('hex'), r.action, r.value]),
  );
  const [login, response, group] = entries;
  expect(login!.data).toMatchObject({
    sourceEventType: 'evt.identity.user.loggedIn',
    action: 'Login',
    descriptionText: 'rory@example.com logged in',
    actor: { userId: rory.userId, name: 'Rory Respondent', groups: 'Ireland' },
    subject: { groupId: null, questionnaireId: null, questionId: null },
    change: null,
  });
  expect(response!.data).toMatchObject({
    action: 'Response',
    subject: { groupId: 'g-ie', questionnaireId: 'q-ie-2025', questionId: 'idera-1' },
    change: { before: 'No', after: 'Yes', periodName: '2025 March' },
  });
  expect(group!.data).toMatchObject({ actor: { userId: null, name: 'System', groups: '' }, subject: { groupId: 'g-cl' } });
  // each entry's event id is derived from the recorded event's, so a republication is the same event
  expect(entries.map((e) => e.id)).toEqual(events.map((e) => entryEventId(e.id)));
});

it('shows a consumer an altered entry: its hash no longer recomputes, and a forged hash breaks the next link', () => {
  const entry = {
    id: 'x',
    type: 'evt.audit.entry.recorded' as const,
    occurredAt: '',
    actor: null,
    data: { ...sampleEntry(), descriptionText: 'edited' },
  };
  expect(hashHolds(entry)).toBe(false);
  expect(hashHolds(entry, 'another-key-another-key-another-key!')).toBe(false);
});

it('does not record its own entries (no loop), and a replay republishes the same entries under the same ids', async () => {
  await publish(audit.app, ...sources());
  await waitForRows(audit.app, 3);
  const before = await publishedEvents(audit.app, 'evt.audit.entry.recorded', 3);
  // the consumer has seen the three entries come back and acked them without a transaction
  await eventually(async () => {
    const { handled, skipped } = audit.app.events.consumers[0]!.stats;
    return handled >= 3 && skipped >= 3;
  });
  const marked = await audit.app.db.selectFrom('processedEvents').select('eventId').where('consumer', '=', 'audit').execute();
  expect(marked.filter((m) => before.some((e) => e.id === m.eventId))).toEqual([]);
  expect(await auditRowCount(audit.app)).toBe(3);

  await requestReplay(audit.app.db, audit.app.clock);
  await audit.app.close();
  const replayed = await audit.ctx.start(auditService);
  await waitForRows(replayed, 3);
  await eventually(async () => {
    const { handled, skipped } = replayed.events.consumers[0]!.stats;
    return handled >= 3 && skipped >= 3;
  }, 20_000);
  await eventually(async () => ((await replayed.events.relay.backlog()).count === 0 ? true : null));
  const after = await publishedEvents(replayed, 'evt.audit.entry.recorded', 3);
  // the stream de-duplicates the republished ids; a consumer idempotent by event id would anyway
  expect(after.map((e) => [e.id, e.data.seq, e.data.hash])).toEqual(before.map((e) => [e.id, e.data.seq, e.data.hash]));
  expect(await auditRowCount(replayed)).toBe(3);
});

it('publishes a break the background check finds and records it in the log, where the audit page shows it', async () => {
  await publish(audit.app, ...sources());
  await waitForRows(audit.app, 3);
  await audit.ctx.query(
    `begin; set local session_replication_role = replica; update audit.audit_rows set name = 'Someone Else' where seq = 2; commit;`,
  );
  const res = await audit.app.inject({
    method: 'POST',
    url: '/api/report/audit/verify',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const started = res.json() as AuditChainCheck;
  const [broken] = await publishedEvents(audit.app, 'evt.audit.chain.broken', 1);
  expect(broken!.data).toMatchObject({
    checkId: started.Id,
    seq: 2,
    action: 'Response',
    reason: 'altered',
    checked: 1,
    total: 3,
    startedBy: 'Ada Admin',
  });
  await waitForRows(audit.app, 4);
  const report = await audit.app.inject({
    method: 'POST',
    url: '/api/report/audit',
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { start: '2000-01-01', end: '2999-12-31', actions: ['Chain Broken'] },
  });
  expect(report.json()).toMatchObject({
    Total: 1,
    Rows: [
      {
        Action: 'Chain Broken',
        Value: 'The audit chain check started by Ada Admin found row #2 (Response) altered after 1 of 3 rows verified',
      },
    ],
  });
});

it('runs the scheduled check only when none began within its period (counted from the log’s set-up before the first), on any replica', async () => {
  await publish(audit.app, ...sources());
  await waitForRows(audit.app, 3);
  const checks = new ChainChecks({ ...dataAccessOf(audit.app), log: audit.app.log }, DEV_CHAIN_KEY);
  // a log set up a moment ago is not due for its first daily check
  expect(await checks.startIfDue(86_400_000)).toBeNull();
  const first = await checks.startIfDue(1);
  expect(first).toMatchObject({ StartedBy: 'System (scheduled check)' });
  await checks.stop();
  expect(await checks.startIfDue(60_000)).toBeNull();
  expect(await checks.startIfDue(0)).not.toBeNull();
  await checks.stop();
});

function sampleEntry() {
  const data = {
    seq: 1,
    previousHash: AUDIT_GENESIS_HASH,
    sourceEventId: '3f1e2d3c-4b5a-4c6d-8e7f-8091a2b3c4d5',
    sourceEventType: 'evt.identity.user.loggedIn',
    action: 'Login',
    description: 'a@example.com logged in',
    descriptionText: 'a@example.com logged in',
    actor: { userId: 'u-a', name: 'A', groups: '' },
    stamp: '2026-01-01T00:00:00.000Z',
    subject: { groupId: null, questionnaireId: null, questionId: null },
    change: null,
  };
  const hash = createHmac('sha256', DEV_CHAIN_KEY).update(Buffer.from(data.previousHash, 'hex')).update(auditChainText(data)).digest('hex');
  return { ...data, hash };
}
