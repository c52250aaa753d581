import { QuestionnaireAnswers, SectionIds } from '@cti/contracts';

import { adminClaims, caller, givenPeriod, outboxEvents, q, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

let world: World;
let ireland: string;
let questionnaireId: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const rory2 = () => caller(world.app, respondentClaims('rory-colleague', ireland, 'Dublin Law Partners', 'Ronan Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const admin = () => caller(world.app, adminClaims);
const approveAs = (c: ReturnType<typeof rory>) => c.post('/api/finalize', { questionnaireId, userId: c.claims.sub });
const canApprove = async (c: ReturnType<typeof rory>) =>
  (await c.post('/api/finalize/canApprove', { questionnaireId, userId: c.claims.sub })).json();
const ready = async () => (await rory().post(`/api/finalize/readyForFinalization/${questionnaireId}`)).json();

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya']);
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());

describe('consent', () => {
  it('records Yes or No per respondent, answers it back, and shows admins the table', async () => {
    expect((await rory().post('/api/consent/answer', { QuestionnaireId: questionnaireId, UserId: 'rory' })).json()).toEqual({
      Answer: 'No Answer',
    });
    const given = await rory().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'rory', Answer: 'Yes' });
    expect(given.json()).toEqual({ message: QuestionnaireAnswers.consentSaved });
    await roisin().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'roisin', Answer: 'No' });
    expect((await rory().post('/api/consent/answer', { QuestionnaireId: questionnaireId, UserId: 'rory' })).json()).toEqual({
      Answer: 'Yes',
    });
    const table = (await admin().get(`/api/consent/${questionnaireId}`)).json();
    expect(table).toEqual([
      { Answer: 'No', Name: 'Roisin Respondent', Organization: 'Cork Aviation Law LLP', Email: 'roisin@example.com' },
      { Answer: 'Yes', Name: 'Rory Respondent', Organization: 'Dublin Law Partners', Email: 'rory@example.com' },
    ]);
    expect((await rory().get(`/api/consent/${questionnaireId}`)).statusCode).toBe(403);
    expect((await rory().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'roisin', Answer: 'Yes' })).statusCode).toBe(403);
    expect((await rory().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'rory', Answer: 'Maybe' })).statusCode).toBe(400);
    const events = await outboxEvents(world.app, 'evt.questionnaire.consent.given');
    expect(events.map((e) => (e.data as { answer: string }).answer)).toEqual(['Yes', 'No']);
  });
});

describe('approvals and Submit As Final', () => {
  it('needs respondents of two different organizations to approve the current answers', async () => {
    expect(await canApprove(rory())).toBe(true);
    expect(await canApprove(admin())).toBe(false);
    expect((await approveAs(rory())).json()).toEqual({ message: QuestionnaireAnswers.approved });
    expect(await canApprove(rory())).toBe(false);
    const twice = await approveAs(rory());
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(QuestionnaireAnswers.alreadyApproved);
    // a colleague of the same firm does not make two organizations
    await approveAs(rory2());
    expect(await ready()).toBe(false);
    const early = await rory().post(`/api/finalize/close/${questionnaireId}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(QuestionnaireAnswers.notReady);
  });

  it('forgets approvals of answers that changed since', async () => {
    await roisin().post(`/api/questionnaire/save/${questionnaireId}/roisin`, [{ Id: q(SectionIds.ProtectionismA, 0), Model: 81 }]);
    await roisin().get('/api/questionnaire/unlock');
    expect((await rory().post(`/api/finalize/approvedNames/${questionnaireId}`)).json()).toEqual([]);
    expect(await canApprove(rory())).toBe(true);
  });

  it('is ready once two firms approved, and Submit As Final closes the questionnaire', async () => {
    await approveAs(rory());
    await approveAs(roisin());
    const names = (await rory().post(`/api/finalize/approvedNames/${questionnaireId}`)).json();
    expect(names.map((n: { Name: string; OrganizationName: string }) => `${n.Name} (${n.OrganizationName})`)).toEqual([
      'Rory Respondent (Dublin Law Partners)',
      'Roisin Respondent (Cork Aviation Law LLP)',
    ]);
    expect(await ready()).toBe(true);
    const close = await roisin().post(`/api/finalize/close/${questionnaireId}`);
    expect(close.statusCode).toBe(200);
    expect(close.json()).toBe(true);
    const info = (await rory().get(`/api/questionnaire/info/${questionnaireId}`)).json();
    expect(info).toMatchObject({ Status: 'Closed', Country: 'Ireland', Period: 'September 2026', IsCurrent: true });
    expect(info.ClosedOn).toBeTruthy();
    expect(await ready()).toBe(false);
    const [closed] = await outboxEvents(world.app, 'evt.questionnaire.questionnaire.closed');
    expect(closed.actor?.name).toBe('Roisin Respondent');
    const approvals = await outboxEvents(world.app, 'evt.questionnaire.approval.added');
    expect(approvals.at(-1)!.data).toMatchObject({ name: 'Roisin Respondent', organizationName: 'Cork Aviation Law LLP' });
  });

  it('refuses saves, consent and approvals once closed, changing nothing', async () => {
    const res = await rory().post(`/api/questionnaire/save/${questionnaireId}/rory`, [{ Id: q(SectionIds.ProtectionismA, 0), Model: 80 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QuestionnaireAnswers.questionnaireClosed);
    expect((await rory().post('/api/consent', { QuestionnaireId: questionnaireId, UserId: 'rory', Answer: 'No' })).statusCode).toBe(409);
    expect(await canApprove(rory())).toBe(false);
    // a closed questionnaire's sections open read-only, without a lock
    const load = (
      await rory().post('/api/questionnaire/questions', {
        SectionId: SectionIds.ProtectionismA,
        GroupId: ireland,
        QuestionnaireId: questionnaireId,
      })
    ).json();
    expect(load).toMatchObject({ IsLocker: false, Locker: null });
    expect(load.Questions[0].Model).toBe(81);
  });
});
