import { QuestionnaireAnswers, SectionIds, type SaveRefusal, type SaveSectionAnswer, type StoredAnswer } from '@cti/contracts';
import { sql } from '@cti/db';
import { fixedClock } from '@cti/service-kit';

import {
  adminClaims,
  caller,
  claims,
  givenPeriod,
  outboxEvents,
  q,
  questionnaireOf,
  respondentClaims,
  startWorld,
  tokenOf,
  type World,
} from '../helpers';

// A respondent never loses a typed word to another tab, another firm or a change in another
// section: every save names the version it was based on, a lock belongs to one browser tab, and a
// change that clears answers elsewhere is named and confirmed first. Whatever is refused comes
// back with what is stored now, so the page can show both and merge.

const clock = fixedClock('2026-10-01T09:00:00.000Z');
const TTL_SECONDS = 90;

let world: World;
let ireland: string;
let kenya: string;
let questionnaireId: string;

type Caller = ReturnType<typeof caller>;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const kofi = () => caller(world.app, respondentClaims('kofi', kenya, 'Nairobi Law', 'Kofi Respondent'));
const admin = (name = 'Ada Admin', sub = 'admin-1') => caller(world.app, { ...adminClaims, sub, name });

// lock ids the tabs made (crypto.randomUUID() in the browser)
const RORY_TAB_1 = '11111111-1111-4111-8111-111111111111';
const RORY_TAB_2 = '22222222-2222-4222-8222-222222222222';
const ROISIN_TAB = '33333333-3333-4333-8333-333333333333';

type Items = Array<{ Id: string; Model: unknown }>;

/** One browser tab of a respondent: every call carries its lock id. */
function tab(c: Caller, lockId: string | null, questionnaire = () => questionnaireId, group = () => ireland) {
  const withLock = lockId ? { LockId: lockId } : {};
  return {
    open: (SectionId: number, extra: object = {}) =>
      c.post('/api/questionnaire/questions', { SectionId, GroupId: group(), QuestionnaireId: questionnaire(), ...withLock, ...extra }),
    renew: (SectionId: number, extra: object = {}) =>
      c.post('/api/questionnaire/lock', { QuestionnaireId: questionnaire(), SectionId, ...withLock, ...extra }),
    save: (items: Items, query: { version?: number; confirmClearing?: string } = {}) => {
      const params = new URLSearchParams();
      if (lockId) params.set('lockId', lockId);
      if (query.version !== undefined) params.set('version', String(query.version));
      if (query.confirmClearing) params.set('confirmClearing', query.confirmClearing);
      const search = params.size ? `?${params}` : '';
      return c.post(`/api/questionnaire/save/${questionnaire()}/${c.claims.sub}${search}`, items);
    },
    unlock: (scope: Record<string, string> = {}) =>
      c.get(`/api/questionnaire/unlock?${new URLSearchParams({ ...(lockId ? { lockId } : {}), ...scope })}`),
  };
}

const storedValue = async (id: string, questionnaire = questionnaireId) =>
  (
    await sql<{ value: unknown }>`select value from answers where questionnaire_id = ${questionnaire} and question_id = ${id}`.execute(
      world.app.db,
    )
  ).rows[0]?.value ?? null;
const answerOf = (answers: StoredAnswer[], id: string) => answers.find((a) => a.Id === id);

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya'], { LOCK_TTL_SECONDS: String(TTL_SECONDS) }, { clock });
  ireland = world.countries.Ireland!;
  kenya = world.countries.Kenya!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());
afterEach(async () => {
  for (const c of [rory(), roisin()]) await c.get('/api/questionnaire/unlock');
});

describe('one respondent, two tabs', () => {
  it('gives the section to one tab; the other reads only, is told why, and its save is refused, not applied', async () => {
    const first = tab(rory(), RORY_TAB_1);
    const second = tab(rory(), RORY_TAB_2);
    expect((await first.open(SectionIds.NonBankruptcy)).json()).toMatchObject({ IsLocker: true, InOtherTab: false, Version: 0 });
    const readOnly = (await second.open(SectionIds.NonBankruptcy)).json();
    expect(readOnly).toMatchObject({ IsLocker: false, InOtherTab: true, Locker: 'Rory Respondent', Version: 0 });
    expect((await second.renew(SectionIds.NonBankruptcy)).json()).toEqual({ Locker: 'Rory Respondent', IsLocker: false, InOtherTab: true });

    const refused = await second.save([{ Id: q(22, 0), Model: 30 }], { version: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      Reason: 'otherTab',
      message: QuestionnaireAnswers.heldInOtherTab,
      Section: { SectionId: 22, Version: 0 },
    });
    expect(await storedValue(q(22, 0))).toBeNull();
    // the first tab still holds it
    expect((await first.renew(SectionIds.NonBankruptcy)).json()).toMatchObject({ IsLocker: true, InOtherTab: false });
  });

  it('refuses a stale save with the answers stored now, who saved them and when, and overwrites nothing', async () => {
    const first = tab(rory(), RORY_TAB_1);
    const second = tab(rory(), RORY_TAB_2);
    const loaded = (await first.open(SectionIds.NonBankruptcy)).json();
    const base = loaded.Version as number;

    // "Take over here" in the second tab moves the lock; the first finds out on its next renewal
    const taken = (await second.open(SectionIds.NonBankruptcy, { TakeOver: true })).json();
    expect(taken).toMatchObject({ IsLocker: true, InOtherTab: false, Version: base });
    expect((await first.renew(SectionIds.NonBankruptcy)).json()).toEqual({ Locker: 'Rory Respondent', IsLocker: false, InOtherTab: true });
    const lockedEvents = await outboxEvents(world.app, 'evt.questionnaire.section.locked');
    expect(lockedEvents.at(-1)!.data).toMatchObject({ sectionId: 22, userId: 'rory' });

    clock.advance(60_000);
    const savedAt = clock.now().toISOString();
    const saved = await second.save([{ Id: q(22, 0), Model: 45 }], { version: base });
    expect(saved.statusCode).toBe(200);
    const savedBody = saved.json() as SaveSectionAnswer;
    expect(savedBody).toMatchObject({
      message: QuestionnaireAnswers.sectionSaved,
      Changed: 1,
      Version: base + 1,
      SavedBy: 'Rory Respondent',
      SavedAt: savedAt,
    });
    expect(answerOf(savedBody.Answers, q(22, 0))).toEqual({ Id: q(22, 0), Model: 45, SavedBy: 'Rory Respondent', SavedAt: savedAt });

    // the first tab takes the section back and saves what it typed on the old version: refused, with what is stored now
    await first.open(SectionIds.NonBankruptcy, { TakeOver: true });
    const stale = await first.save(
      [
        { Id: q(22, 0), Model: null },
        { Id: q(22, 2), Model: 'Court order within a week.' },
      ],
      { version: base },
    );
    expect(stale.statusCode).toBe(409);
    const refusal = stale.json() as SaveRefusal;
    expect(refusal).toMatchObject({
      statusCode: 409,
      Reason: 'stale',
      message: QuestionnaireAnswers.staleSection,
      Section: { SectionId: 22, Version: base + 1, SavedBy: 'Rory Respondent', SavedAt: savedAt },
      Locker: null,
      Clears: [],
      ClearToken: null,
    });
    expect(refusal.Answers.map((a) => a.Id)).toEqual([q(22, 0), q(22, 1), q(22, 2)]);
    expect(answerOf(refusal.Answers, q(22, 0))).toEqual({ Id: q(22, 0), Model: 45, SavedBy: 'Rory Respondent', SavedAt: savedAt });
    expect(await storedValue(q(22, 0))).toBe(45);
    expect(await storedValue(q(22, 2))).toBeNull();

    // merged on the version stored now: saved
    const merged = await first.save(
      [
        { Id: q(22, 0), Model: 45 },
        { Id: q(22, 2), Model: 'Court order within a week.' },
      ],
      { version: refusal.Section.Version },
    );
    expect(merged.json()).toMatchObject({ Changed: 1, Version: base + 2 });
    expect(await storedValue(q(22, 2))).toBe('Court order within a week.');
  });

  it('takes a stale save that sends only what is stored now: nothing is lost, nothing changes', async () => {
    const first = tab(rory(), RORY_TAB_1);
    const version = (await first.open(SectionIds.NonBankruptcy)).json().Version as number;
    const res = await first.save([{ Id: q(22, 0), Model: 45 }], { version: version - 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: QuestionnaireAnswers.nothingToSave, Changed: 0, Version: version, Sections: [] });
  });

  it('releases only the exiting tab’s locks; the beacon too; a call without a lock id releases all', async () => {
    const first = tab(rory(), RORY_TAB_1);
    const second = tab(rory(), RORY_TAB_2);
    expect((await first.open(SectionIds.ProtectionismA)).json().IsLocker).toBe(true);
    expect((await second.open(SectionIds.ProtectionismB)).json().IsLocker).toBe(true);

    expect((await first.unlock()).json()).toEqual({ released: 1 });
    expect((await tab(roisin(), ROISIN_TAB).open(SectionIds.ProtectionismA)).json()).toMatchObject({ IsLocker: true });
    expect((await tab(roisin(), ROISIN_TAB).open(SectionIds.ProtectionismB)).json()).toMatchObject({
      IsLocker: false,
      Locker: 'Rory Respondent',
    });
    expect((await second.renew(SectionIds.ProtectionismB)).json()).toMatchObject({ IsLocker: true });
    await tab(roisin(), ROISIN_TAB).unlock();

    // the tab closing: sendBeacon with its lock id releases its locks only
    expect((await first.open(SectionIds.ProtectionismA)).json().IsLocker).toBe(true);
    const beacon = (payload: object) =>
      world.app.inject({
        method: 'POST',
        url: '/api/questionnaire/unlock',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ token: tokenOf(rory().claims), ...payload }),
      });
    expect((await beacon({ questionnaireId, lockId: RORY_TAB_2 })).json()).toEqual({ released: 1 });
    expect((await first.renew(SectionIds.ProtectionismA)).json()).toMatchObject({ IsLocker: true });
    // a lock id that is no uuid names no tab: nothing goes
    expect((await beacon({ questionnaireId, lockId: 'all' })).json()).toEqual({ released: 0 });
    expect((await beacon({ questionnaireId, lockId: 42 })).json()).toEqual({ released: 0 });

    // the spec's unlock (no lock id) still releases every lock of the user
    await second.open(SectionIds.ProtectionismB);
    expect((await tab(rory(), null).unlock()).json()).toEqual({ released: 2 });
  });
});

describe('the spec’s calls without a version or lock id', () => {
  it('saves as based on the current answers and answers the new version', async () => {
    const legacy = tab(rory(), null);
    const loaded = (await legacy.open(SectionIds.ContractInterpretation)).json();
    expect(loaded).toMatchObject({ IsLocker: true, InOtherTab: false, Version: 0, SavedBy: null, SavedAt: null });
    const res = await legacy.save([{ Id: q(20, 1), Model: 'Literal reading of the contract.' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: QuestionnaireAnswers.sectionSaved, Version: 1, Sections: [{ SectionId: 20, Version: 1 }] });
    const again = await legacy.save([{ Id: q(20, 1), Model: 'Literal reading, with good faith.' }]);
    expect(again.json()).toMatchObject({ message: QuestionnaireAnswers.sectionSaved, Version: 2 });
    const reloaded = (await legacy.open(SectionIds.ContractInterpretation)).json();
    expect(reloaded).toMatchObject({ Version: 2, SavedBy: 'Rory Respondent', SavedAt: clock.now().toISOString() });
    expect(reloaded.Questions[1]).toMatchObject({ Model: 'Literal reading, with good faith.', SavedBy: 'Rory Respondent' });
  });

  it('lets a tab renew a lock taken without a lock id, which then becomes that tab’s', async () => {
    await tab(rory(), null).open(SectionIds.Enforcement);
    expect((await tab(rory(), RORY_TAB_1).renew(SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: true });
    expect((await tab(rory(), RORY_TAB_2).open(SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: false, InOtherTab: true });
    // a call without a lock id still acts for the user as a whole
    expect((await tab(rory(), null).renew(SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: true });
    expect((await tab(rory(), RORY_TAB_1).renew(SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: true });
  });
});

describe('two firms', () => {
  it('refuses the save of a tab that lost its lock: to the other firm while it holds it, then as stale', async () => {
    const mine = tab(rory(), RORY_TAB_1);
    const base = (await mine.open(SectionIds.ContractInterpretation)).json().Version as number;
    // the network drops for longer than the lock lives: the other firm opens the section and saves
    clock.advance((TTL_SECONDS + 1) * 1000);
    const theirs = tab(roisin(), ROISIN_TAB);
    expect((await theirs.open(SectionIds.ContractInterpretation)).json()).toMatchObject({ IsLocker: true, Version: base });
    expect((await theirs.save([{ Id: q(20, 1), Model: 'Purposive reading.' }], { version: base })).statusCode).toBe(200);

    const locked = await mine.save([{ Id: q(20, 1), Model: 'My typed reading.' }], { version: base });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      Reason: 'locked',
      message: QuestionnaireAnswers.lockedBy('Roisin Respondent'),
      Locker: 'Roisin Respondent',
      Section: { Version: base + 1, SavedBy: 'Roisin Respondent' },
    });
    expect(answerOf(locked.json().Answers, q(20, 1))).toMatchObject({ Model: 'Purposive reading.', SavedBy: 'Roisin Respondent' });

    await theirs.unlock();
    const stale = await mine.save([{ Id: q(20, 1), Model: 'My typed reading.' }], { version: base });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ Reason: 'stale', Section: { Version: base + 1, SavedBy: 'Roisin Respondent' } });
    expect(await storedValue(q(20, 1))).toBe('Purposive reading.');
  });
});

describe('a change that clears answers in another section', () => {
  // the tab in which the respondent edits the Summary
  const summary = () => tab(rory(), RORY_TAB_1);
  const withdrawDeclaration = [{ Id: q(8, 3), Model: [9] }];

  beforeAll(async () => {
    // the Summary lists the IDERA declaration; IDERA q0 is No, q4/q5 answered; Variable B q6 answered
    const setup = tab(rory(), RORY_TAB_1);
    await setup.open(SectionIds.Summary);
    expect((await setup.save([{ Id: q(8, 3), Model: [9, 6] }])).statusCode).toBe(200);
    await setup.open(SectionIds.Idera);
    expect(
      (
        await setup.save([
          { Id: q(9, 0), Model: 24 },
          { Id: q(9, 4), Model: 27 },
          { Id: q(9, 5), Model: 'Two working days.' },
        ])
      ).statusCode,
    ).toBe(200);
    await setup.open(SectionIds.VariableB);
    expect((await setup.save([{ Id: q(14, 6), Model: 77 }])).statusCode).toBe(200);
    await setup.unlock();
  });

  it('names the answers it would clear and clears nothing until confirmed', async () => {
    const base = (await summary().open(SectionIds.Summary)).json().Version as number;
    const asked = await summary().save(withdrawDeclaration, { version: base });
    expect(asked.statusCode).toBe(409);
    const refusal = asked.json() as SaveRefusal;
    expect(refusal).toMatchObject({ Reason: 'confirmClearing', message: QuestionnaireAnswers.clearsOtherSections(3), HeldBy: [] });
    expect(refusal.ClearToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(refusal.Clears).toEqual([
      expect.objectContaining({ SectionId: 9, Path: 'a/1', SectionLabel: 'IDERA extension', Id: q(9, 4), Model: 27 }),
      expect.objectContaining({ SectionId: 9, Path: 'a/1', Id: q(9, 5), Model: 'Two working days.' }),
      expect.objectContaining({ SectionId: 14, Path: 'b/0', SectionLabel: 'Insolvency (Alternative A)', Id: q(14, 6), Model: 77 }),
    ]);
    expect(refusal.Clears[0]!.Text).toMatch(/\S/);
    expect(await storedValue(q(8, 3))).toEqual([6, 9]);
    expect(await storedValue(q(9, 5))).toBe('Two working days.');

    // a token for another list (forged, or made before someone answered meanwhile) only asks again
    const forged = await summary().save(withdrawDeclaration, { version: base, confirmClearing: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(forged.json()).toMatchObject({ Reason: 'confirmClearing', ClearToken: refusal.ClearToken });
    expect(await storedValue(q(14, 6))).toBe(77);
  });

  it('is refused while another firm, or the same user’s other tab, holds the section it would clear', async () => {
    const base = (await summary().open(SectionIds.Summary)).json().Version as number;
    const token = (await summary().save(withdrawDeclaration, { version: base })).json().ClearToken as string;

    const theirs = tab(roisin(), ROISIN_TAB);
    expect((await theirs.open(SectionIds.Idera)).json()).toMatchObject({ IsLocker: true });
    const refused = await summary().save(withdrawDeclaration, { version: base, confirmClearing: token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      Reason: 'clearingLocked',
      message: QuestionnaireAnswers.clearingLockedBy('IDERA extension', 'Roisin Respondent'),
      HeldBy: [{ SectionId: 9, Path: 'a/1', SectionLabel: 'IDERA extension', Locker: 'Roisin Respondent', InOtherTab: false }],
    });
    expect(refused.json().Clears).toHaveLength(3);
    await theirs.unlock();

    const otherTab = tab(rory(), RORY_TAB_2);
    await otherTab.open(SectionIds.VariableB);
    const mine = await summary().save(withdrawDeclaration, { version: base, confirmClearing: token });
    expect(mine.json()).toMatchObject({
      Reason: 'clearingLocked',
      message: QuestionnaireAnswers.clearingInOtherTab('Insolvency (Alternative A)'),
      HeldBy: [{ SectionId: 14, Locker: 'Rory Respondent', InOtherTab: true }],
    });
    await otherTab.unlock();
    expect(await storedValue(q(9, 4))).toBe(27);
  });

  it('clears once confirmed, moves the cleared sections’ versions on, and a stale save there is refused, not dropped', async () => {
    // the other firm had IDERA open (and typed) before the declaration was withdrawn
    const theirs = tab(roisin(), ROISIN_TAB);
    const ideraBase = (await theirs.open(SectionIds.Idera)).json().Version as number;
    const varBBase = (await summary().open(SectionIds.VariableB)).json().Version as number;
    await theirs.unlock();

    const base = (await summary().open(SectionIds.Summary)).json().Version as number;
    const token = (await summary().save(withdrawDeclaration, { version: base })).json().ClearToken as string;
    const saved = await summary().save(withdrawDeclaration, { version: base, confirmClearing: token });
    expect(saved.statusCode).toBe(200);
    const body = saved.json() as SaveSectionAnswer;
    expect(body).toMatchObject({ message: QuestionnaireAnswers.sectionSaved, Changed: 4, Version: base + 1 });
    expect(body.Cleared.map((c) => c.Id)).toEqual([q(9, 4), q(9, 5), q(14, 6)]);
    expect(body.Sections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ SectionId: 8, Version: base + 1 }),
        expect.objectContaining({ SectionId: 9, Version: ideraBase + 1 }),
        expect.objectContaining({ SectionId: 14, Version: varBBase + 1 }),
      ]),
    );
    expect(await storedValue(q(9, 5))).toBeNull();
    expect(await storedValue(q(14, 6))).toBeNull();
    const events = (await outboxEvents(world.app, 'evt.questionnaire.answer.saved'))
      .slice(-4)
      .map((e) => e.data as Record<string, unknown>);
    expect(events.find((e) => e.questionId === q(9, 5))).toMatchObject({
      sectionVersion: ideraBase + 1,
      clearedBySectionId: 8,
      after: null,
    });
    expect(events.find((e) => e.questionId === q(8, 3))).toMatchObject({ sectionVersion: base + 1 });
    expect(events.find((e) => e.questionId === q(8, 3))).not.toHaveProperty('clearedBySectionId');

    // the other firm saves what it typed on the old version: a 409 with the cleared answers, never "no changes"
    await theirs.open(SectionIds.Idera);
    const stale = await theirs.save(
      [
        { Id: q(9, 0), Model: 24 },
        { Id: q(9, 5), Model: 'Three working days, typed before the change.' },
      ],
      { version: ideraBase },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ Reason: 'stale', Section: { SectionId: 9, Version: ideraBase + 1, SavedBy: 'Rory Respondent' } });
    expect(answerOf(stale.json().Answers, q(9, 5))).toMatchObject({ Model: null, SavedBy: 'Rory Respondent' });
  });

  it('names an answer a versioned save sends that the conditions drop, though nothing was stored for it', async () => {
    // the declaration is withdrawn (above): IDERA q5 is hidden and empty; a page that still shows it sends a typed value
    const idera = tab(rory(), RORY_TAB_1);
    const base = (await idera.open(SectionIds.Idera)).json().Version as number;
    const typed = [{ Id: q(9, 5), Model: 'Typed on a page that still showed it.' }];
    const asked = await idera.save(typed, { version: base });
    expect(asked.statusCode).toBe(409);
    const refusal = asked.json() as SaveRefusal;
    expect(refusal).toMatchObject({ Reason: 'confirmClearing', message: QuestionnaireAnswers.clearsOtherSections(1) });
    expect(refusal.Clears).toEqual([
      expect.objectContaining({ SectionId: 9, Path: 'a/1', Id: q(9, 5), Model: 'Typed on a page that still showed it.' }),
    ]);

    const confirmed = await idera.save(typed, { version: base, confirmClearing: refusal.ClearToken! });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ Changed: 0, Version: base });
    expect(await storedValue(q(9, 5))).toBeNull();
    await idera.unlock();
  });
});

describe('admin notes', () => {
  it('are versioned: a stale note save is refused with the note stored now', async () => {
    const ada = admin();
    const bob = admin('Bob Admin', 'admin-2');
    const note = { questionnaireId, sectionId: SectionIds.Liens };
    const loaded = (await ada.post('/api/questionnaire/adminComment', note)).json();
    expect(loaded).toEqual({ Comment: '', Version: 0, SavedBy: null, SavedAt: null });

    const saved = await ada.post('/api/questionnaire/adminComment/save', { ...note, comment: '<p>Ada’s note</p>', Version: 0 });
    expect(saved.json()).toEqual({
      message: QuestionnaireAnswers.adminNoteSaved,
      Comment: '<p>Ada’s note</p>',
      Version: 1,
      SavedBy: 'Ada Admin',
      SavedAt: clock.now().toISOString(),
    });
    const stale = await bob.post('/api/questionnaire/adminComment/save', { ...note, comment: '<p>Bob’s note</p>', Version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: QuestionnaireAnswers.staleAdminNote,
      Reason: 'stale',
      Comment: '<p>Ada’s note</p>',
      Version: 1,
      SavedBy: 'Ada Admin',
      SavedAt: clock.now().toISOString(),
    });
    // the same note as stored is no conflict; a save without a version is based on the stored note (the spec's call)
    expect((await bob.post('/api/questionnaire/adminComment/save', { ...note, comment: '<p>Ada’s note</p>', Version: 0 })).statusCode).toBe(
      200,
    );
    expect((await bob.post('/api/questionnaire/adminComment/save', { ...note, comment: '<p>Both</p>' })).json()).toMatchObject({
      Version: 2,
    });
    const [event] = (await outboxEvents(world.app, 'evt.questionnaire.adminComment.saved')).slice(-1);
    expect(event!.data).toMatchObject({ sectionId: SectionIds.Liens, version: 2 });
  });
});

describe('a closed questionnaire', () => {
  it('refuses saves and notes with a clear 409 that still carries what is stored', async () => {
    const kenyaQuestionnaire = (await questionnaireOf(world.app, kenya)).id;
    const kenyan = tab(
      kofi(),
      '44444444-4444-4444-8444-444444444444',
      () => kenyaQuestionnaire,
      () => kenya,
    );
    const base = (await kenyan.open(SectionIds.Comments)).json().Version as number;
    const closing = await admin().post('/api/questionnaire/closeOrOpen', { QuestionnaireId: kenyaQuestionnaire, Status: 'Closed' });
    expect(closing.statusCode).toBe(200);

    const refused = await kenyan.save([{ Id: q(12, 0), Model: 'Typed while it closed.' }], { version: base });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      Reason: 'closed',
      message: QuestionnaireAnswers.questionnaireClosed,
      Section: { SectionId: 12, Version: base },
    });
    expect(refused.json().Answers.length).toBeGreaterThan(0);
    expect(await storedValue(q(12, 0), kenyaQuestionnaire)).toBeNull();
    expect((await kenyan.renew(SectionIds.Comments)).json()).toMatchObject({ IsLocker: false });

    const note = await admin().post('/api/questionnaire/adminComment/save', {
      questionnaireId: kenyaQuestionnaire,
      sectionId: SectionIds.Comments,
      comment: '<p>late</p>',
    });
    expect(note.statusCode).toBe(409);
    expect(note.json()).toMatchObject({ Reason: 'closed', message: QuestionnaireAnswers.adminNoteClosed, Version: 0 });
  });
});

describe('hostile input', () => {
  it('refuses lock ids, versions and tokens that are not what they claim, with a 400 naming the field', async () => {
    const forged = [
      () => tab(rory(), 'not-a-uuid').open(SectionIds.Bankruptcy),
      () => tab(rory(), 'not-a-uuid').renew(SectionIds.Bankruptcy),
      () => rory().get('/api/questionnaire/unlock?lockId=%27%20or%201%3D1'),
      () => rory().post(`/api/questionnaire/save/${questionnaireId}/rory?version=-1`, [{ Id: q(23, 0), Model: 1 }]),
      () => rory().post(`/api/questionnaire/save/${questionnaireId}/rory?version=abc`, [{ Id: q(23, 0), Model: 1 }]),
      () => rory().post(`/api/questionnaire/save/${questionnaireId}/rory?confirmClearing=a%00b`, [{ Id: q(23, 0), Model: 1 }]),
      () => rory().post(`/api/questionnaire/save/${questionnaireId}/rory?confirmClearing=${'x'.repeat(65)}`, [{ Id: q(23, 0), Model: 1 }]),
      () => admin().post('/api/questionnaire/adminComment/save', { questionnaireId, sectionId: 23, comment: '', Version: 2 ** 40 }),
    ];
    for (const call of forged) {
      const res = await call();
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/lockId|LockId|version|Version|confirmClearing/);
    }
    expect(await storedValue(q(23, 0))).toBeNull();
  });

  it('never lets another user’s lock id, questionnaire or user id stand for theirs: no take-over, no release, no save', async () => {
    const mine = tab(rory(), RORY_TAB_1);
    expect((await mine.open(SectionIds.Bankruptcy)).json()).toMatchObject({ IsLocker: true });
    const impostor = tab(roisin(), RORY_TAB_1);
    expect((await impostor.open(SectionIds.Bankruptcy, { TakeOver: true })).json()).toMatchObject({
      IsLocker: false,
      InOtherTab: false,
      Locker: 'Rory Respondent',
    });
    expect((await impostor.renew(SectionIds.Bankruptcy, { TakeOver: true })).json()).toMatchObject({ IsLocker: false });
    expect((await impostor.unlock()).json()).toEqual({ released: 0 });
    const save = await impostor.save([{ Id: q(23, 0), Model: 10 }], { version: 0 });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toMatchObject({ Reason: 'locked', Locker: 'Rory Respondent' });
    expect((await mine.renew(SectionIds.Bankruptcy)).json()).toMatchObject({ IsLocker: true });

    // another country's respondent, with a lock id or without, and someone acting as another user
    const outsider = tab(kofi(), '55555555-5555-4555-8555-555555555555');
    expect((await outsider.open(SectionIds.Bankruptcy)).statusCode).toBe(403);
    expect((await outsider.renew(SectionIds.Bankruptcy, { TakeOver: true })).statusCode).toBe(403);
    expect((await outsider.save([{ Id: q(23, 0), Model: 10 }], { version: 0 })).statusCode).toBe(403);
    const asRory = await roisin().post(`/api/questionnaire/save/${questionnaireId}/rory?lockId=${RORY_TAB_1}`, [
      { Id: q(23, 0), Model: 10 },
    ]);
    expect(asRory.statusCode).toBe(403);
    const notAnAdmin = caller(world.app, claims('nobody'));
    expect(
      (await notAnAdmin.post('/api/questionnaire/adminComment/save', { questionnaireId, sectionId: 23, comment: 'x', Version: 0 }))
        .statusCode,
    ).toBe(403);
    expect((await mine.renew(SectionIds.Bankruptcy)).json()).toMatchObject({ IsLocker: true, InOtherTab: false });
    expect(await storedValue(q(23, 0))).toBeNull();
  });
});
