import { RoleIds } from '@cti/access';
import { QuestionnaireAnswers, SectionIds } from '@cti/contracts';
import { sql } from '@cti/db';
import { createGroupThroughIdentity, editGroupThroughIdentity, eventually } from '@cti/testing';

import { adminClaims, caller, claims, outboxEvents, q, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

let world: World;
beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya', 'Norway']);
});
afterAll(() => world.ctx.close());

const admin = () => caller(world.app, adminClaims);

describe('periods', () => {
  it('adds a period that opens a questionnaire for every current country, and answers the current period', async () => {
    const res = await admin().post('/api/period/March%202025');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await admin().get('/api/period/currentPeriod')).json()).toMatchObject({ Name: 'March 2025' });
    const open = (await admin().get('/api/questionnaire/open')).json();
    expect(open.map((r: { Country: string }) => r.Country).sort()).toEqual(['Ireland', 'Kenya', 'Norway']);
    const [opened] = await outboxEvents(world.app, 'evt.questionnaire.period.opened');
    expect(opened!.data).toMatchObject({ name: 'March 2025', closedQuestionnaireIds: [] });
    expect((opened!.data as { openedQuestionnaireIds: string[] }).openedQuestionnaireIds).toHaveLength(3);
    expect(await outboxEvents(world.app, 'evt.questionnaire.questionnaire.created')).toHaveLength(3);
  });

  it('closes every open questionnaire when the next period opens, publishing each close before the new ones', async () => {
    const before = (await admin().get('/api/questionnaire/open')).json().map((r: { QuestionnaireId: string }) => r.QuestionnaireId);
    expect((await admin().post('/api/period/September%202025')).statusCode).toBe(200);
    const completed = (await admin().get('/api/questionnaire/completed')).json();
    expect(completed.map((r: { QuestionnaireId: string }) => r.QuestionnaireId).sort()).toEqual([...before].sort());
    expect(completed.every((r: { Status: string; ClosedOn: string | null }) => r.Status === 'Closed' && r.ClosedOn)).toBe(true);
    const events = (await outboxEvents(world.app)).map((e) => e.type);
    const periodAt = events.lastIndexOf('evt.questionnaire.period.opened');
    expect(events.slice(periodAt + 1, periodAt + 4)).toEqual(Array(3).fill('evt.questionnaire.questionnaire.closed'));
    expect(events.slice(periodAt + 4)).toEqual(Array(3).fill('evt.questionnaire.questionnaire.created'));
    expect((await admin().get('/api/period')).json().map((p: { Name: string }) => p.Name)).toEqual(['September 2025', 'March 2025']);
  });

  it('refuses a duplicate name, a blank name and non-admins', async () => {
    const dup = await admin().post('/api/period/march%202025');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(QuestionnaireAnswers.periodExists);
    const blank = await admin().post('/api/period/%20%20');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please fill out the field');
    const respondent = caller(world.app, respondentClaims('r-1', world.countries.Ireland!, 'Firm A'));
    expect((await respondent.post('/api/period/Another')).statusCode).toBe(403);
    expect((await respondent.get('/api/period')).statusCode).toBe(403);
  });
});

describe('carry-forward', () => {
  it('starts a new period from the last closed answers and marks what changed since', async () => {
    const ireland = world.countries.Ireland!;
    const r1 = caller(world.app, respondentClaims('r-carry', ireland, 'Firm A'));
    const current = await questionnaireOf(world.app, ireland);
    const save = await r1.post(`/api/questionnaire/save/${current.id}/r-carry`, [
      { Id: q(SectionIds.ProtectionismA, 0), Model: 80 },
      { Id: q(SectionIds.ProtectionismA, 1), Model: 83 },
    ]);
    expect(save.statusCode).toBe(200);
    await r1.get('/api/questionnaire/unlock');
    await admin().post('/api/period/March%202026');
    const next = await questionnaireOf(world.app, ireland);
    expect(next.id).not.toBe(current.id);

    const load = (
      await r1.post('/api/questionnaire/questions', { SectionId: SectionIds.ProtectionismA, GroupId: ireland, QuestionnaireId: next.id })
    ).json();
    expect(load.Section).toMatchObject({ CarriedFrom: 'September 2025', ChangedCount: 0, Confirmation: null });
    expect(load.Questions[0]).toMatchObject({ Model: 80, Carried: { Model: 80, Changed: false, IsNew: false } });

    // one action confirms the untouched section
    const confirm = await r1.post('/api/questionnaire/confirmUnchanged', {
      QuestionnaireId: next.id,
      SectionId: SectionIds.ProtectionismA,
    });
    expect(confirm.json()).toEqual({ message: QuestionnaireAnswers.confirmedUnchanged });
    const [confirmed] = await outboxEvents(world.app, 'evt.questionnaire.section.confirmed');
    expect(confirmed!.data).toMatchObject({ sectionId: SectionIds.ProtectionismA, carriedFromPeriodName: 'September 2025' });

    // a change shows against the carried answer and drops the confirmation
    await r1.post(`/api/questionnaire/save/${next.id}/r-carry`, [{ Id: q(SectionIds.ProtectionismA, 0), Model: 81 }]);
    const changed = (
      await r1.post('/api/questionnaire/questions', { SectionId: SectionIds.ProtectionismA, GroupId: ireland, QuestionnaireId: next.id })
    ).json();
    expect(changed.Section).toMatchObject({ ChangedCount: 1, Confirmation: null });
    expect(changed.Questions[0]).toMatchObject({ Model: 81, Carried: { Model: 80, Changed: true } });
    const refused = await r1.post('/api/questionnaire/confirmUnchanged', {
      QuestionnaireId: next.id,
      SectionId: SectionIds.ProtectionismA,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QuestionnaireAnswers.cannotConfirmChanged);
    await r1.get('/api/questionnaire/unlock');
  });

  it('carries nothing from a questionnaire that was never answered', async () => {
    const kenya = world.countries.Kenya!;
    const q = await questionnaireOf(world.app, kenya);
    const load = (
      await admin().post('/api/questionnaire/questions', {
        SectionId: SectionIds.Summary,
        GroupId: kenya,
        QuestionnaireId: q.id,
        ignoreLock: true,
      })
    ).json();
    expect(load.Section.CarriedFrom).toBeNull();
    expect(load.Questions[0].Carried).toBeUndefined();
  });
});

describe('admin list', () => {
  it('filters by Entity, Period and Status; values of one key widen, keys narrow', async () => {
    const all = (await admin().post('/api/questionnaire/report', [])).json();
    expect(all).toHaveLength(9);
    expect(Object.keys(all[0]).sort()).toEqual(
      ['ClosedOn', 'Entity', 'GroupId', 'LastUpdated', 'Period', 'PeriodId', 'QuestionnaireId', 'Status'].sort(),
    );
    const kenyaOpen = (
      await admin().post('/api/questionnaire/report', [
        { Key: 'Entity', Value: 'Kenya' },
        { Key: 'Status', Value: 'Open' },
      ])
    ).json();
    expect(kenyaOpen).toHaveLength(1);
    expect(kenyaOpen[0]).toMatchObject({ Entity: 'Kenya', Status: 'Open', Period: 'March 2026' });
    const twoPeriods = (
      await admin().post('/api/questionnaire/report', [
        { Key: 'Period', Value: 'March 2025' },
        { Key: 'Period', Value: 'September 2025' },
      ])
    ).json();
    expect(twoPeriods).toHaveLength(6);
    const respondent = caller(world.app, respondentClaims('r-1', world.countries.Ireland!, 'Firm A'));
    expect((await respondent.post('/api/questionnaire/report', [])).statusCode).toBe(403);
  });

  it('switches a questionnaire Closed and Open again with close-or-open', async () => {
    const norway = await questionnaireOf(world.app, world.countries.Norway!);
    const close = await admin().post('/api/questionnaire/closeOrOpen', { QuestionnaireId: norway.id, Status: 'Closed' });
    expect(close.json()).toBe(true);
    expect((await questionnaireOf(world.app, world.countries.Norway!)).status).toBe('Closed');
    expect((await admin().post('/api/questionnaire/closeOrOpen', { QuestionnaireId: norway.id, Status: 'Open' })).json()).toBe(true);
    expect((await questionnaireOf(world.app, world.countries.Norway!)).status).toBe('Open');
    const types = (await outboxEvents(world.app)).map((e) => e.type).slice(-2);
    expect(types).toEqual(['evt.questionnaire.questionnaire.closed', 'evt.questionnaire.questionnaire.opened']);
    const missing = await admin().post('/api/questionnaire/closeOrOpen', {
      QuestionnaireId: '00000000-0000-0000-0000-000000000000',
      Status: 'Closed',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('lists countries lacking a current questionnaire and adds one for them', async () => {
    const late = await createGroupThroughIdentity(world.identity, { name: 'Fiji', type: 'Country', countryId: 'FJ' });
    // the new country reaches questionnaire as an event
    const need = await eventually(async () => {
      const rows = (await admin().get('/api/questionnaire/needQuestionnaire')).json() as unknown[];
      return rows.length ? rows : null;
    });
    expect(need).toEqual([{ Id: late, Name: 'Fiji' }]);
    expect((await admin().post(`/api/questionnaire/addQuestionnaire/${late}`)).json()).toBe(true);
    expect((await admin().get('/api/questionnaire/needQuestionnaire')).json()).toEqual([]);
    const again = await admin().post(`/api/questionnaire/addQuestionnaire/${late}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(QuestionnaireAnswers.alreadyHasQuestionnaire);
  });
});

describe('country view', () => {
  it("shows respondents their own countries' questionnaires only", async () => {
    const kenyan = caller(world.app, respondentClaims('r-ke', world.countries.Kenya!, 'Nairobi Law'));
    const open = (await kenyan.get('/api/questionnaire/open')).json();
    expect(open.map((r: { Country: string }) => r.Country)).toEqual(['Kenya']);
    expect((await kenyan.get('/api/questionnaire/completed')).json().every((r: { Country: string }) => r.Country === 'Kenya')).toBe(true);
    const viewer = caller(world.app, claims('viewer', { roles: [RoleIds.CountryViewer], groups: [world.countries.Kenya!] }));
    expect((await viewer.get('/api/questionnaire/open')).statusCode).toBe(403);
    expect((await caller(world.app, claims('anyone')).get('/api/period/currentPeriod')).json().Name).toBe('March 2026');
  });

  it('keeps a renamed country in step with identity', async () => {
    const kenya = world.countries.Kenya!;
    await editGroupThroughIdentity(world.identity, { id: kenya, name: 'Republic of Kenya', type: 'Country', countryId: 'KE' });
    await eventually(async () => {
      const rows = await sql<{ name: string }>`select name from countries where group_id = ${kenya}`.execute(world.app.db);
      return rows.rows[0]?.name === 'Republic of Kenya';
    });
    const row = (
      await admin().post('/api/questionnaire/report', [
        { Key: 'Entity', Value: 'Republic of Kenya' },
        { Key: 'Status', Value: 'Open' },
      ])
    ).json();
    expect(row).toHaveLength(1);
  });
});
