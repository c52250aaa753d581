import { SectionIds } from '@cti/contracts';
import { sql } from '@cti/db';
import { fixedClock } from '@cti/service-kit';

import { adminClaims, caller, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

// Years ahead of the wall clock: a time stamped by the database's `now()` or `new Date()`
// cannot pass for the service clock's.
const clock = fixedClock('2031-03-01T09:00:00.000Z');
const TTL_SECONDS = 30;

let world: World;
let ireland: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const admin = () => caller(world.app, adminClaims);
const at = (value: string | Date | null | undefined) => (value == null ? null : new Date(value).toISOString());
const openPeriodAs = async (name: string) => expect((await admin().post(`/api/period/${encodeURIComponent(name)}`)).statusCode).toBe(200);

beforeAll(async () => {
  world = await startWorld(['Ireland'], { LOCK_TTL_SECONDS: String(TTL_SECONDS) }, { clock });
  ireland = world.countries.Ireland!;
});
afterAll(() => world.ctx.close());

describe('the questionnaire workflow runs on the service clock', () => {
  it('creates a period and its questionnaires at the clock time, and the next period closes them at its own', async () => {
    const firstAt = clock.now().toISOString();
    await openPeriodAs('March 2031');
    expect(at((await admin().get('/api/period/currentPeriod')).json().Created)).toBe(firstAt);
    const first = await questionnaireOf(world.app, ireland, 'March 2031');
    const created = await sql<{ createdAt: Date; lastUpdated: Date }>`
      select created_at as "createdAt", last_updated as "lastUpdated" from questionnaires where id = ${first.id}`.execute(world.app.db);
    expect([at(created.rows[0]!.createdAt), at(created.rows[0]!.lastUpdated)]).toEqual([firstAt, firstAt]);

    clock.advance(24 * 60 * 60_000);
    const secondAt = clock.now().toISOString();
    await openPeriodAs('September 2031');
    const completed = (await admin().get('/api/questionnaire/completed')).json() as Array<{ QuestionnaireId: string; ClosedOn: string }>;
    expect(at(completed.find((row) => row.QuestionnaireId === first.id)?.ClosedOn)).toBe(secondAt);
  });

  it('stamps consent, approvals and admin notes with the clock time', async () => {
    const questionnaireId = (await questionnaireOf(world.app, ireland)).id;
    clock.advance(60 * 60_000);
    const consentAt = clock.now().toISOString();
    expect((await rory().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'rory', Answer: 'Yes' })).statusCode).toBe(200);
    const consent = await sql<{ updatedAt: Date }>`
      select updated_at as "updatedAt" from consents where questionnaire_id = ${questionnaireId} and user_id = 'rory'`.execute(
      world.app.db,
    );
    expect(at(consent.rows[0]!.updatedAt)).toBe(consentAt);

    clock.advance(60_000);
    const roryApprovedAt = clock.now().toISOString();
    expect((await rory().post('/api/finalize', { questionnaireId, userId: 'rory' })).statusCode).toBe(200);
    clock.advance(60_000);
    const roisinApprovedAt = clock.now().toISOString();
    expect((await roisin().post('/api/finalize', { questionnaireId, userId: 'roisin' })).statusCode).toBe(200);
    const approvals = (await rory().post(`/api/finalize/approvedNames/${questionnaireId}`)).json() as Array<{
      Name: string;
      Stamp: string;
    }>;
    expect(approvals.map((a) => [a.Name, at(a.Stamp)])).toEqual([
      ['Rory Respondent', roryApprovedAt],
      ['Roisin Respondent', roisinApprovedAt],
    ]);

    clock.advance(60_000);
    const notedAt = clock.now().toISOString();
    const comment = { questionnaireId, sectionId: SectionIds.Liens, comment: '<p>Check the airport charges.</p>' };
    expect((await admin().post('/api/questionnaire/adminComment/save', comment)).statusCode).toBe(200);
    const note = await sql<{ updatedAt: Date }>`
      select updated_at as "updatedAt" from admin_comments where questionnaire_id = ${questionnaireId}`.execute(world.app.db);
    expect(at(note.rows[0]!.updatedAt)).toBe(notedAt);
  });

  it('closes on Submit As Final and reopens at the clock time', async () => {
    const questionnaireId = (await questionnaireOf(world.app, ireland)).id;
    clock.advance(60 * 60_000);
    const closedAt = clock.now().toISOString();
    expect((await rory().post(`/api/finalize/close/${questionnaireId}`)).statusCode).toBe(200);
    expect(at((await admin().get(`/api/questionnaire/info/${questionnaireId}`)).json().ClosedOn)).toBe(closedAt);

    clock.advance(60 * 60_000);
    const reopenedAt = clock.now().toISOString();
    expect((await admin().post('/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' })).statusCode).toBe(
      200,
    );
    const info = (await admin().get(`/api/questionnaire/info/${questionnaireId}`)).json();
    expect([info.Status, at(info.ReopenedOn), at(info.LastUpdated)]).toEqual(['Open', reopenedAt, reopenedAt]);
  });

  it("shows a section lock in the dashboard's progress until the clock passes its expiry", async () => {
    const questionnaireId = (await questionnaireOf(world.app, ireland)).id;
    const opened = await rory().post('/api/questionnaire/questions', {
      SectionId: SectionIds.Liens,
      GroupId: ireland,
      QuestionnaireId: questionnaireId,
    });
    expect(opened.json()).toMatchObject({ IsLocker: true });
    const locksSeen = async () =>
      ((await roisin().get('/api/questionnaire/progress')).json() as Array<{ QuestionnaireId: string; Locks: Array<{ Name: string }> }>)
        .find((row) => row.QuestionnaireId === questionnaireId)!
        .Locks.map((l) => l.Name);

    clock.advance((TTL_SECONDS - 1) * 1000);
    expect(await locksSeen()).toEqual(['Rory Respondent']);
    clock.advance(2000);
    expect(await locksSeen()).toEqual([]);
  });
});
