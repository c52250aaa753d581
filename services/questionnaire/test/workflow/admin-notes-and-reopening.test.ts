import { QuestionnaireAnswers, SectionIds } from '@cti/contracts';

import { adminClaims, caller, givenPeriod, q, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

let world: World;
let ireland: string;
let questionnaireId: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const admin = () => caller(world.app, adminClaims);
const note = async (sectionId: number) => admin().post('/api/questionnaire/adminComment', { questionnaireId, sectionId });
const saveNote = (sectionId: number, comment: string) =>
  admin().post('/api/questionnaire/adminComment/save', { questionnaireId, sectionId, comment });
const approveAs = (c: ReturnType<typeof rory>) => c.post('/api/finalize', { questionnaireId, userId: c.claims.sub });
const ready = async () => (await rory().post(`/api/finalize/readyForFinalization/${questionnaireId}`)).json();
const approvedNames = async () => (await rory().post(`/api/finalize/approvedNames/${questionnaireId}`)).json();

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya']);
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());

describe('admin notes', () => {
  it('are saved on their own while a respondent holds the section lock', async () => {
    const opened = await rory().post('/api/questionnaire/questions', {
      SectionId: SectionIds.Liens,
      GroupId: ireland,
      QuestionnaireId: questionnaireId,
    });
    expect(opened.json()).toMatchObject({ IsLocker: true });
    const saved = await saveNote(SectionIds.Liens, '<p>Ask about the airport charges.</p>');
    expect([saved.statusCode, saved.json()]).toEqual([
      200,
      expect.objectContaining({ message: QuestionnaireAnswers.adminNoteSaved, Version: 1 }),
    ]);
    expect((await note(SectionIds.Liens)).json()).toMatchObject({ Comment: '<p>Ask about the airport charges.</p>', Version: 1 });
    // the respondent keeps the section
    const renew = await rory().post('/api/questionnaire/lock', { QuestionnaireId: questionnaireId, SectionId: SectionIds.Liens });
    expect(renew.json()).toEqual({ Locker: 'Rory Respondent', IsLocker: true, InOtherTab: false });
    await rory().get('/api/questionnaire/unlock');
  });

  it('of an unknown section are 404, read or saved', async () => {
    const read = await note(13);
    expect([read.statusCode, read.json().message]).toEqual([404, QuestionnaireAnswers.sectionNotFound]);
    expect((await saveNote(13, '<p>x</p>')).statusCode).toBe(404);
    const unknownQuestionnaire = await admin().post('/api/questionnaire/adminComment/save', {
      questionnaireId: 'not-a-questionnaire',
      sectionId: SectionIds.Liens,
      comment: '<p>x</p>',
    });
    expect(unknownQuestionnaire.statusCode).toBe(404);
  });
});

describe('closing and reopening', () => {
  it('refuses admin notes once the questionnaire is closed, keeping the note', async () => {
    await approveAs(rory());
    await approveAs(roisin());
    expect((await rory().post(`/api/finalize/close/${questionnaireId}`)).statusCode).toBe(200);
    const refused = await saveNote(SectionIds.Liens, '<p>Too late.</p>');
    expect([refused.statusCode, refused.json().message]).toEqual([409, QuestionnaireAnswers.adminNoteClosed]);
    expect((await note(SectionIds.Liens)).json()).toMatchObject({ Comment: '<p>Ask about the airport charges.</p>', Version: 1 });
  });

  it('reopening starts a new approval round: the approvals that closed it no longer count', async () => {
    expect(await approvedNames()).toHaveLength(2);
    const reopened = await admin().post('/api/questionnaire/closeOrOpen', { QuestionnaireId: questionnaireId, Status: 'Open' });
    expect(reopened.json()).toBe(true);
    expect(await ready()).toBe(false);
    expect(await approvedNames()).toEqual([]);
    expect((await rory().post('/api/finalize/canApprove', { questionnaireId, userId: 'rory' })).json()).toBe(true);
    const info = (await rory().get(`/api/questionnaire/info/${questionnaireId}`)).json();
    expect(info).toMatchObject({ Status: 'Open', ClosedOn: null });
    expect(Date.parse(info.ReopenedOn)).toBeGreaterThan(Date.now() - 60_000);
    // a Submit As Final right away is refused
    const early = await rory().post(`/api/finalize/close/${questionnaireId}`);
    expect([early.statusCode, early.json().message]).toEqual([409, QuestionnaireAnswers.notReady]);

    // two firms approve again, and it can be final again
    await approveAs(rory());
    await approveAs(roisin());
    expect(await ready()).toBe(true);
    // notes can be written again while it is open
    expect((await saveNote(SectionIds.Liens, '<p>Reopened for the Liens answer.</p>')).statusCode).toBe(200);
  });

  it('still takes answers after reopening, and an answer change withdraws the new approvals too', async () => {
    await roisin().post('/api/questionnaire/questions', {
      SectionId: SectionIds.ProtectionismA,
      GroupId: ireland,
      QuestionnaireId: questionnaireId,
    });
    const saved = await roisin().post(`/api/questionnaire/save/${questionnaireId}/roisin`, [
      { Id: q(SectionIds.ProtectionismA, 0), Model: 80 },
    ]);
    expect(saved.json()).toMatchObject({ message: QuestionnaireAnswers.sectionSaved });
    expect(await ready()).toBe(false);
  });
});
