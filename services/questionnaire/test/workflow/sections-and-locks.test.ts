import { QuestionnaireAnswers, SectionIds } from '@cti/contracts';
import { sql } from '@cti/db';
import { signExpiredTestToken } from '@cti/testing';

import {
  adminClaims,
  caller,
  givenPeriod,
  outboxEvents,
  q,
  questionnaireOf,
  respondentClaims,
  startWorld,
  tokenOf,
  type World,
} from '../helpers';

let world: World;
let ireland: string;
let questionnaireId: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const kenyan = () => caller(world.app, respondentClaims('kofi', world.countries.Kenya, 'Nairobi Law'));
const open = (c: ReturnType<typeof rory>, SectionId: number, extra: object = {}) =>
  c.post('/api/questionnaire/questions', { SectionId, GroupId: ireland, QuestionnaireId: questionnaireId, ...extra });
const save = (c: ReturnType<typeof rory>, items: Array<{ Id: string; Model: unknown }>) =>
  c.post(`/api/questionnaire/save/${questionnaireId}/${c.claims.sub}`, items);
const answersRow = async (id: string) =>
  (
    await sql<{ value: unknown }>`select value from answers where questionnaire_id = ${questionnaireId} and question_id = ${id}`.execute(
      world.app.db,
    )
  ).rows[0]?.value ?? null;

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya'], { LOCK_TTL_SECONDS: '10' });
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());
afterEach(async () => {
  await rory().get('/api/questionnaire/unlock');
  await roisin().get('/api/questionnaire/unlock');
});

describe('loading a section', () => {
  it('answers the questions in order with their types, options and conditions, and takes the lock', async () => {
    const res = await open(rory(), SectionIds.Idera);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ Locker: 'Rory Respondent', IsLocker: true, Section: { SectionId: 9, CarriedFrom: null } });
    expect(body.Questions.map((x: { Index: number }) => x.Index)).toEqual(Array.from({ length: 17 }, (_, i) => i));
    expect(body.Questions[0]).toMatchObject({
      Id: '9.0',
      Type: 'radio',
      Options: [
        { Id: 23, Label: 'Yes' },
        { Id: 24, Label: 'No' },
      ],
      Model: null,
    });
    expect(body.Questions[1].ShowIf).toEqual({
      all: [{ not: { all: [{ question: 0, is: 24 }, { ideraDeclaration: false }] } }, { question: 0, is: 23 }],
    });
    const [locked] = await outboxEvents(world.app, 'evt.questionnaire.section.locked');
    expect(locked.data).toMatchObject({
      questionnaireId,
      groupName: 'Ireland',
      periodName: 'September 2026',
      sectionId: 9,
      userId: 'rory',
    });
  });

  it("refuses another country's respondents and unknown sections", async () => {
    expect((await open(kenyan(), SectionIds.Idera)).statusCode).toBe(403);
    expect((await open(rory(), 13)).statusCode).toBe(404);
    expect(
      (await rory().post('/api/questionnaire/questions', { SectionId: 8, GroupId: ireland, QuestionnaireId: 'not-a-uuid' })).statusCode,
    ).toBe(404);
  });
});

describe('saving a section', () => {
  it('saves answers, publishes one answer.saved per change with display text, and answers the notification text', async () => {
    await open(rory(), SectionIds.Summary);
    const res = await save(rory(), [
      { Id: q(8, 0), Model: '2005-07-29' },
      { Id: q(8, 3), Model: [9, 6] },
      { Id: q(8, 4), Model: '  Air-navigation charges  ' },
      { Id: q(8, 6), Model: 12 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: QuestionnaireAnswers.sectionSaved, Changed: 4, Version: 1, SavedBy: 'Rory Respondent' });
    expect(await answersRow('8.0')).toBe('2005-07-29 00:00:00');
    expect(await answersRow('8.3')).toEqual([6, 9]);
    const saved = await outboxEvents(world.app, 'evt.questionnaire.answer.saved');
    expect(saved).toHaveLength(4);
    const declarations = saved.find((e) => (e.data as { questionId: string }).questionId === '8.3')!;
    expect(declarations.actor).toMatchObject({ userId: 'rory', name: 'Rory Respondent' });
    expect(declarations.data).toMatchObject({
      questionnaireId,
      groupId: ireland,
      groupName: 'Ireland',
      sectionId: 8,
      before: null,
      question: 'Which declarations has the State lodged with the Depositary?',
    });
    expect((declarations.data as { after: string }).after).toMatch(/^Article XXX\(1\): Article XIII .*; Article 39/);

    // saving the same answers again changes nothing and publishes nothing
    await save(rory(), [{ Id: q(8, 6), Model: 12 }]);
    expect(await outboxEvents(world.app, 'evt.questionnaire.answer.saved')).toHaveLength(4);
    const change = await save(rory(), [{ Id: q(8, 6), Model: 13 }]);
    expect(change.statusCode).toBe(200);
    const last = (await outboxEvents(world.app, 'evt.questionnaire.answer.saved')).at(-1)!;
    expect(last.data).toMatchObject({ questionId: '8.6', before: 'Alternative A of Article XI', after: 'Alternative B of Article XI' });
  });

  it('clears and never stores a hidden answer, also in a section that depends on another (IDERA on the declaration)', async () => {
    await open(rory(), SectionIds.Idera);
    await save(rory(), [
      { Id: q(9, 0), Model: 24 },
      { Id: q(9, 4), Model: 27 },
      { Id: q(9, 5), Model: 'Two working days.' },
    ]);
    // the Summary lists the IDERA declaration, so q4/q5 stay although q0 is No
    expect(await answersRow('9.4')).toBe(27);
    expect(
      (
        await world.app.inject({
          method: 'GET',
          url: `/api/questionnaire/ideraDeclaration/${questionnaireId}`,
          headers: { authorization: `Bearer ${tokenOf(rory().claims)}` },
        })
      ).json(),
    ).toBe(true);
    // a hidden question's answer sent anyway is not stored
    await save(rory(), [
      { Id: q(9, 1), Model: 25 },
      { Id: q(9, 2), Model: 5 },
    ]);
    expect(await answersRow('9.1')).toBeNull();
    expect(await answersRow('9.2')).toBeNull();
    await rory().get('/api/questionnaire/unlock');

    // withdrawing the declaration in the Summary clears IDERA q1–q16 and Variable B q6
    await open(rory(), SectionIds.VariableB);
    await save(rory(), [{ Id: q(14, 6), Model: 77 }]);
    expect(await answersRow('14.6')).toBe(77);
    await open(rory(), SectionIds.Summary);
    // the clearing is named and confirmed before it happens (versions-and-tabs.test.ts pins the refusal)
    const asked = await save(rory(), [{ Id: q(8, 3), Model: [9] }]);
    expect(asked.json()).toMatchObject({ Reason: 'confirmClearing' });
    expect(await answersRow('9.4')).toBe(27);
    const confirmed = await rory().post(`/api/questionnaire/save/${questionnaireId}/rory?confirmClearing=${asked.json().ClearToken}`, [
      { Id: q(8, 3), Model: [9] },
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect(await answersRow('9.4')).toBeNull();
    expect(await answersRow('9.5')).toBeNull();
    expect(await answersRow('9.0')).toBe(24);
    expect(await answersRow('14.6')).toBeNull();
    const cleared = (await outboxEvents(world.app, 'evt.questionnaire.answer.saved'))
      .slice(-4)
      .map((e) => e.data as { questionId: string; after: string | null });
    expect(cleared.map((e) => e.questionId).sort()).toEqual(['14.6', '8.3', '9.4', '9.5']);
    expect(cleared.filter((e) => e.questionId !== '8.3').every((e) => e.after === null)).toBe(true);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    await open(rory(), SectionIds.Liens);
    const revision = (await questionnaireOf(world.app, ireland)).answersRevision;
    const cases: Array<[Array<{ Id: string; Model: unknown }>, RegExp]> = [
      [[{ Id: q(10, 0), Model: 48 }], /Question 10\.0 .*one of the question's options/],
      [[{ Id: q(10, 0), Model: 'Yes' }], /one of the question's options/],
      [[{ Id: q(10, 1), Model: [48, 999] }], /list of the question's options/],
      [[{ Id: q(10, 6), Model: 'three' }], /must be a number/],
      [[{ Id: q(10, 6), Model: -1 }], /at least 0/],
      [[{ Id: q(10, 5), Model: 12 }], /must be text/],
      [[{ Id: '10.99', Model: 'x' }], /Unknown question 10\.99/],
      [
        [
          { Id: q(10, 0), Model: 46 },
          { Id: q(11, 0), Model: 60 },
        ],
        /one section only/,
      ],
      [
        [
          { Id: q(10, 0), Model: 46 },
          { Id: q(10, 6), Model: 'x' },
        ],
        /must be a number/,
      ],
    ];
    for (const [items, message] of cases) {
      const res = await save(rory(), items);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const dateRes = await save(rory(), [{ Id: q(11, 7), Model: '1999-01-01' }]);
    expect(dateRes.json().message).toMatch(/on or after 1 Jan 2000/);
    expect(await answersRow('10.0')).toBeNull();
    expect((await questionnaireOf(world.app, ireland)).answersRevision).toBe(revision);
    expect((await save(rory(), [] as never)).statusCode).toBe(400);
  });

  it("refuses another country's respondent and acting as someone else", async () => {
    const res = await kenyan().post(`/api/questionnaire/save/${questionnaireId}/kofi`, [{ Id: q(16, 0), Model: 80 }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(QuestionnaireAnswers.otherCountry);
    const other = await rory().post(`/api/questionnaire/save/${questionnaireId}/roisin`, [{ Id: q(16, 0), Model: 80 }]);
    expect(other.statusCode).toBe(403);
    expect(await answersRow('16.0')).toBeNull();
  });
});

describe('locks', () => {
  it('lets the second person read only, with the locker named, and refuses their save', async () => {
    await open(rory(), SectionIds.Detention);
    const second = (await open(roisin(), SectionIds.Detention)).json();
    expect(second).toMatchObject({ Locker: 'Rory Respondent', IsLocker: false });
    const refused = await save(roisin(), [{ Id: q(11, 0), Model: 60 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QuestionnaireAnswers.lockedBy('Rory Respondent'));
    expect(await answersRow('11.0')).toBeNull();
    const nav = (await roisin().get(`/api/questionnaire/navlocks/${questionnaireId}`)).json();
    expect(nav).toEqual({ '/questionnaire/a/3': 'Rory Respondent' });
    expect((await rory().get(`/api/questionnaire/navlocks/${questionnaireId}`)).json()).toEqual({});
  });

  it('renews the lock for its holder and hands it over once released', async () => {
    await open(rory(), SectionIds.Detention);
    expect((await rory().post('/api/questionnaire/lock', { QuestionnaireId: questionnaireId, SectionId: 11 })).json()).toEqual({
      Locker: 'Rory Respondent',
      IsLocker: true,
      InOtherTab: false,
    });
    expect((await roisin().post('/api/questionnaire/lock', { QuestionnaireId: questionnaireId, SectionId: 11 })).json()).toEqual({
      Locker: 'Rory Respondent',
      IsLocker: false,
      InOtherTab: false,
    });
    const released = await rory().get(`/api/questionnaire/unlock?questionnaireId=${questionnaireId}&sectionId=11`);
    expect(released.json()).toEqual({ released: 1 });
    expect((await roisin().post('/api/questionnaire/lock', { QuestionnaireId: questionnaireId, SectionId: 11 })).json()).toEqual({
      Locker: 'Roisin Respondent',
      IsLocker: true,
      InOtherTab: false,
    });
    const unlocked = (await outboxEvents(world.app, 'evt.questionnaire.section.unlocked')).at(-1)!;
    expect(unlocked.data).toMatchObject({ sectionId: 11, userId: 'rory' });
  });

  it('releases on the sendBeacon unlock (text body carrying the token, even one just expired)', async () => {
    await open(rory(), SectionIds.Comments);
    const token = tokenOf(rory().claims);
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/questionnaire/unlock',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ token, questionnaireId }),
    });
    expect(res.json()).toEqual({ released: 1 });
    expect(
      (
        await world.app.inject({
          method: 'POST',
          url: '/api/questionnaire/unlock',
          headers: { 'content-type': 'text/plain' },
          payload: '{"token":"forged"}',
        })
      ).statusCode,
    ).toBe(401);
    expect((await open(roisin(), SectionIds.Comments)).json().IsLocker).toBe(true);
  });

  it('refuses a beacon whose token expired more than a few minutes ago; the section stays locked', async () => {
    await open(rory(), SectionIds.Enforcement);
    const beacon = (token: string) =>
      world.app.inject({
        method: 'POST',
        url: '/api/questionnaire/unlock',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ token, questionnaireId }),
      });
    expect((await beacon(signExpiredTestToken(rory().claims, 6 * 60))).statusCode).toBe(401);
    expect((await open(roisin(), SectionIds.Enforcement)).json().IsLocker).toBe(false);
    expect((await beacon(signExpiredTestToken(rory().claims, 30))).json()).toEqual({ released: 1 });
    expect((await open(roisin(), SectionIds.Enforcement)).json().IsLocker).toBe(true);
  });

  it('lapses when not renewed, so a closed browser does not keep the section', async () => {
    await open(rory(), SectionIds.ProtectionismB);
    await sql`update section_locks set expires_at = now() - interval '1 second' where section_id = 17`.execute(world.app.db);
    expect((await open(roisin(), SectionIds.ProtectionismB)).json()).toMatchObject({ IsLocker: true, Locker: 'Roisin Respondent' });
  });

  it('reads without locking in export mode', async () => {
    const res = (await open(roisin(), SectionIds.Bankruptcy, { ignoreLock: true })).json();
    expect(res.IsLocker).toBe(false);
    expect((await open(rory(), SectionIds.Bankruptcy)).json().IsLocker).toBe(true);
  });
});

describe('admin notes', () => {
  it('stores sanitized rich text per section, for admins only', async () => {
    const admin = caller(world.app, adminClaims);
    const saveNote = await admin.post('/api/questionnaire/adminComment/save', {
      questionnaireId,
      sectionId: SectionIds.Summary,
      comment: '<p>Check the <strong>Article 39</strong> list<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>',
    });
    expect(saveNote.statusCode).toBe(200);
    const note = (await admin.post('/api/questionnaire/adminComment', { questionnaireId, sectionId: SectionIds.Summary })).json();
    expect(note.Comment).toBe('<p>Check the <strong>Article 39</strong> list<a rel="noopener noreferrer" target="_blank">x</a></p>');
    expect((await admin.post('/api/questionnaire/adminComment', { questionnaireId, sectionId: SectionIds.Idera })).json()).toEqual({
      Comment: '',
      Version: 0,
      SavedBy: null,
      SavedAt: null,
    });
    expect((await rory().post('/api/questionnaire/adminComment', { questionnaireId, sectionId: SectionIds.Summary })).statusCode).toBe(403);
    expect((await rory().post('/api/questionnaire/adminComment/save', { questionnaireId, sectionId: 8, comment: 'x' })).statusCode).toBe(
      403,
    );
    const [event] = await outboxEvents(world.app, 'evt.questionnaire.adminComment.saved');
    expect(event.data).toMatchObject({ sectionId: 8, groupName: 'Ireland' });
  });
});
