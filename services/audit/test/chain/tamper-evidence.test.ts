import { RoleIds } from '@cti/access';
import type { AuditChainCheck } from '@cti/contracts';
import { eventually, signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { actor, adminToken, answerSaved, envelope, publish, waitForRows } from '../support/audit-test-kit';

const audit = serviceUnderTest(auditService, { eachTest: true });

/** Runs SQL as the database superuser with the append-only triggers bypassed: a tamperer, not the application. */
const tamper = (statement: string) => audit.ctx.query(`begin; set local session_replication_role = replica; ${statement}; commit;`);

const verify = async (token = adminToken, method: 'POST' | 'GET' = 'POST') =>
  audit.app.inject({ method, url: '/api/report/audit/verify', headers: { authorization: `Bearer ${token}` } });
const latest = async () => (await verify(adminToken, 'GET')).json() as AuditChainCheck | null;
/** Starts a check and waits for its outcome. */
const check = async () => {
  const res = await verify();
  expect(res.statusCode).toBe(202);
  const started = res.json() as AuditChainCheck;
  expect(started.StartedBy).toBe('Ada Admin');
  return eventually(async () => {
    const now = await latest();
    return now?.Id === started.Id && now.State !== 'Running' ? now : null;
  });
};

beforeEach(async () => {
  const who = actor('Rory Respondent', ['Ireland']);
  await publish(
    audit.app,
    ...Array.from({ length: 6 }, (_, i) =>
      envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: `rory${i}@example.com`, free: false }, who),
    ),
    envelope('evt.questionnaire.answer.saved', answerSaved(), who),
  );
  await waitForRows(audit.app, 7);
});

it('finds the untouched chain intact, in a check that runs in the background', async () => {
  expect(await latest()).toBeNull();
  expect(await check()).toMatchObject({ State: 'Done', Valid: true, Total: 7, Checked: 7, FirstBroken: null });
  expect((await latest())!.FinishedAt).not.toBeNull();
});

it('names the first row whose content was altered directly in the database', async () => {
  await tamper(`update audit.audit_rows set name = 'Someone Else' where seq = 3`);
  expect(await check()).toMatchObject({ Valid: false, Checked: 2, FirstBroken: { Seq: 3, Action: 'Login', Reason: 'altered' } });
});

it('finds an altered answer in a change record', async () => {
  await tamper(`update audit.audit_rows set change_after = 'No' where change_after is not null`);
  expect(await check()).toMatchObject({ Valid: false, FirstBroken: { Seq: 7, Action: 'Response', Reason: 'altered' } });
});

it('finds a row that was removed from the middle', async () => {
  await tamper(`delete from audit.audit_rows where seq = 4`);
  expect(await check()).toMatchObject({ Valid: false, Checked: 3, FirstBroken: { Seq: 4, Id: null, Reason: 'missing' } });
});

it('finds rows cut from the end of the chain', async () => {
  await tamper(`delete from audit.audit_rows where seq >= 6`);
  expect(await check()).toMatchObject({ Valid: false, Checked: 5, FirstBroken: { Seq: 6, Reason: 'truncated' } });
});

it('finds a change record added to a row that had none', async () => {
  await tamper(`update audit.audit_rows set change_question = 'Forged', change_after = 'Yes' where seq = 2`);
  expect(await check()).toMatchObject({ Valid: false, FirstBroken: { Seq: 2, Action: 'Login', Reason: 'altered' } });
});

it('finds a Response row stripped of its change record', async () => {
  await tamper(
    `update audit.audit_rows set change_group_name = null, change_period_id = null, change_period_name = null, change_section_id = null, change_question = null, change_before = null, change_after = null where seq = 7`,
  );
  expect(await check()).toMatchObject({ Valid: false, FirstBroken: { Seq: 7, Action: 'Response', Reason: 'altered' } });
});

it('finds a row whose hash was recomputed without the chain key', async () => {
  // a tamperer recomputes the link with a plain SHA-256 instead of the keyed HMAC
  await tamper(
    `update audit.audit_rows set value = 'rory@example.com logged out', hash = sha256(convert_to('forged', 'UTF8')) where seq = 2`,
  );
  expect(await check()).toMatchObject({ Valid: false, FirstBroken: { Seq: 2, Reason: 'altered' } });
});

it('finds rows cut from the end even when the chain head was rewound with them', async () => {
  expect((await check()).Total).toBe(7);
  await tamper(
    `delete from audit.audit_rows where seq >= 6; update audit.audit_chain_head set last_seq = 5, last_hash = (select hash from audit.audit_rows where seq = 5)`,
  );
  expect(await check()).toMatchObject({ State: 'Done', Valid: false, Total: 5, FirstBroken: { Seq: 6, Reason: 'truncated' } });
});

it('reads a check whose process stopped as Interrupted, and starts a new one', async () => {
  await audit.ctx.query(
    `insert into audit.audit_chain_checks (started_by, started_at, updated_at, total, checked) values ('Ada Admin', now() - interval '5 minutes', now() - interval '4 minutes', 7, 5000)`,
  );
  expect(await latest()).toMatchObject({ State: 'Interrupted', Valid: null, Checked: 5000 });
  expect(await check()).toMatchObject({ State: 'Done', Valid: true });
});

it('refuses updates, deletes and truncation of audit rows', async () => {
  await expect(audit.ctx.query(`update audit.audit_rows set name = 'x' where seq = 1`)).rejects.toThrow(/append-only/);
  await expect(audit.ctx.query(`delete from audit.audit_rows where seq = 7`)).rejects.toThrow(/append-only/);
  await expect(audit.ctx.query(`truncate audit.audit_rows cascade`)).rejects.toThrow(/append-only/);
  expect((await check()).Valid).toBe(true);
});

it('keeps the chain intact while rows keep coming, and is for admins only', async () => {
  await publish(
    audit.app,
    ...Array.from({ length: 5 }, (_, i) => envelope('evt.identity.user.agreed', { userId: `u-${i}`, email: `a${i}@example.com` }, null)),
  );
  const during = await check();
  expect(during.Valid).toBe(true);
  expect(during.Checked).toBe(during.Total);
  await waitForRows(audit.app, 12);
  expect(await check()).toMatchObject({ State: 'Done', Valid: true, Checked: 12, FirstBroken: null });
  const viewer = signTestToken({ sub: 'viewer-1', roles: [RoleIds.CountryViewer] });
  expect((await verify(viewer)).statusCode).toBe(403);
  expect((await verify(viewer, 'GET')).statusCode).toBe(403);
});
