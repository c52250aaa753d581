import { QuestionnaireAnswers, SectionIds, type QuestionnaireInfo, type QuestionnaireProgress } from '@cti/contracts';

import { adminClaims, caller, givenPeriod, q, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

let world: World;
let ireland: string;
let questionnaireId: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const kenyan = () => caller(world.app, respondentClaims('kofi', world.countries.Kenya, 'Nairobi Law', 'Kofi Respondent'));
const admin = () => caller(world.app, adminClaims);
const open = (c: ReturnType<typeof rory>, SectionId: number) =>
  c.post('/api/questionnaire/questions', { SectionId, GroupId: ireland, QuestionnaireId: questionnaireId });
const save = (c: ReturnType<typeof rory>, items: Array<{ Id: string; Model: unknown }>) =>
  c.post(`/api/questionnaire/save/${questionnaireId}/${c.claims.sub}`, items);
const progressOf = async (c: ReturnType<typeof rory>) => (await c.get('/api/questionnaire/progress')).json() as QuestionnaireProgress[];

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya']);
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());
afterEach(async () => {
  await rory().get('/api/questionnaire/unlock');
  await roisin().get('/api/questionnaire/unlock');
});

describe('saving', () => {
  it('keeps typed free text of an autocomplete question that allows it', async () => {
    await open(rory(), SectionIds.ProtectionismA);
    const res = await save(rory(), [{ Id: q(SectionIds.ProtectionismA, 1), Model: 'Singapore law' }]);
    expect([res.statusCode, res.json()]).toEqual([200, expect.objectContaining({ message: QuestionnaireAnswers.sectionSaved })]);
    const loaded = (await open(rory(), SectionIds.ProtectionismA)).json();
    expect(loaded.Questions[1]).toMatchObject({ Type: 'autocomplete', FreeText: true, Model: 'Singapore law' });
  });

  it('says "saved" only when something was saved', async () => {
    await open(rory(), SectionIds.ProtectionismA);
    const same = await save(rory(), [{ Id: q(SectionIds.ProtectionismA, 1), Model: 'Singapore law' }]);
    expect([same.statusCode, same.json()]).toEqual([
      200,
      expect.objectContaining({ message: QuestionnaireAnswers.nothingToSave, Changed: 0 }),
    ]);
  });
});

describe('the respondent dashboard', () => {
  it("shows the caller's open questionnaires with sections answered, approvals and who holds a lock", async () => {
    // Participation (three questions) fully answered; Protectionism A partly
    await open(rory(), SectionIds.Introductory);
    await save(rory(), [
      { Id: q(SectionIds.Introductory, 0), Model: 'Irish Aviation Authority' },
      { Id: q(SectionIds.Introductory, 1), Model: '2015-03-17' },
      { Id: q(SectionIds.Introductory, 2), Model: 'The 2005 Act.' },
    ]);
    await rory().get('/api/questionnaire/unlock');
    await open(roisin(), SectionIds.Liens);
    await rory().post('/api/finalize', { questionnaireId, userId: 'rory' });

    const [row, ...others] = await progressOf(rory());
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      QuestionnaireId: questionnaireId,
      Country: 'Ireland',
      Period: 'September 2026',
      SectionsAnswered: 1,
      SectionsTotal: 15,
      ReadyForFinalization: false,
      ReopenedOn: null,
      Locks: [{ Path: 'a/2', Label: 'Liens', Name: 'Roisin Respondent' }],
    });
    expect(row.Approvals).toEqual([expect.objectContaining({ Name: 'Rory Respondent', OrganizationName: 'Dublin Law Partners' })]);

    // the side navigation's marks: Participation done, Protectionism A started (one answer of several), the rest not started
    const info = (await rory().get(`/api/questionnaire/info/${questionnaireId}`)).json() as QuestionnaireInfo;
    expect(info.AnsweredSections).toEqual([SectionIds.Introductory]);
    expect([...(info.StartedSections ?? [])].sort()).toEqual([SectionIds.Introductory, SectionIds.ProtectionismA].sort());

    // another country's respondent sees only their own; admins see every open one
    expect((await progressOf(kenyan())).map((r) => r.Country)).toEqual(['Kenya']);
    expect((await progressOf(admin())).map((r) => r.Country).sort()).toEqual(['Ireland', 'Kenya']);
  });

  it('resumes each respondent at the section they last worked on', async () => {
    await open(rory(), SectionIds.Detention);
    await open(roisin(), SectionIds.Bankruptcy);
    const info = (await rory().get(`/api/questionnaire/info/${questionnaireId}`)).json();
    expect(info.ResumePath).toBe('a/3');
    expect((await roisin().get(`/api/questionnaire/info/${questionnaireId}`)).json().ResumePath).toBe('e/7');
    expect((await progressOf(rory()))[0].ResumePath).toBe('a/3');
    // the export reads sections without moving anyone's place
    await rory().post('/api/questionnaire/questions', {
      SectionId: SectionIds.Summary,
      GroupId: ireland,
      QuestionnaireId: questionnaireId,
      ignoreLock: true,
    });
    expect((await rory().get(`/api/questionnaire/info/${questionnaireId}`)).json().ResumePath).toBe('a/3');
    expect((await kenyan().get(`/api/questionnaire/info/${questionnaireId}`)).statusCode).toBe(403);
  });
});
