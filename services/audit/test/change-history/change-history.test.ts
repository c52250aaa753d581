import { RoleIds } from '@cti/access';
import type { ChangeRecord, RecentChange } from '@cti/contracts';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { actor, adminToken, answerSaved, envelope, publish, waitForRows } from '../support/audit-test-kit';

const audit = serviceUnderTest(auditService);

const minute = (n: number) => new Date(Date.UTC(2025, 2, 10, 9, n)).toISOString();
const rory = actor('Rory Respondent', ['Ireland'], 'u-rory');
const roisin = actor('Roisin Respondent', ['Ireland'], 'u-roisin');
const pierre = actor('Pierre Répondant', ['France'], 'u-pierre');
const france = { groupId: 'g-fr', groupName: 'France', questionnaireId: 'q-fr-2025' };

const respondentIE = signTestToken({ sub: 'u-rory', roles: [RoleIds.CountryRespondent], groups: ['g-ie'], name: 'Rory Respondent' });
const viewerIE = signTestToken({ sub: 'u-vera', roles: [RoleIds.CountryViewer], groups: ['g-ie'] });
const member = signTestToken({ sub: 'u-morgan', roles: [RoleIds.AWGMember], groups: ['g-ie'] });

beforeAll(async () => {
  const events = [
    envelope('evt.questionnaire.answer.saved', answerSaved({ before: null, after: 'No' }), rory, minute(1)),
    envelope('evt.questionnaire.answer.saved', answerSaved({ before: 'No', after: 'Yes' }), roisin, minute(2)),
    envelope(
      'evt.questionnaire.answer.saved',
      answerSaved({ ...france, questionId: 'liens-1', question: 'Liens <preserved>?', before: null, after: 'Yes' }),
      pierre,
      minute(3),
    ),
    envelope(
      'evt.questionnaire.answer.saved',
      answerSaved({ questionId: 'summary-1', question: 'Date of ratification', before: null, after: '2005-06-01' }),
      rory,
      minute(4),
    ),
    // not a change: stays out of the history
    envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: 'rory@example.com', free: false }, rory, minute(5)),
  ];
  for (let i = 0; i < 12; i++) {
    events.push(
      envelope(
        'evt.questionnaire.answer.saved',
        answerSaved({ questionId: `e-${i}`, question: `Question ${i}`, before: null, after: String(i) }),
        roisin,
        minute(10 + i),
      ),
    );
  }
  await publish(audit.app, ...events);
  await waitForRows(audit.app, events.length);
});

const recent = async (token: string, count = 10) =>
  audit.app.inject({ method: 'GET', url: `/api/questionnaire/changes/${count}`, headers: { authorization: `Bearer ${token}` } });
const history = async (token: string, body: object) =>
  audit.app.inject({
    method: 'POST',
    url: '/api/questionnaire/changes/question',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

describe('GET api/questionnaire/changes/{count}', () => {
  it('answers the 10 most recent changes of every country to an admin', async () => {
    const res = await recent(adminToken);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as RecentChange[];
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({
      User: 'Roisin Respondent',
      Questionnaire: 'Ireland – 2025 March',
      Question: 'Question 11',
      QuestionId: 'e-11',
      QuestionnaireId: 'q-ie-2025',
      GroupId: 'g-ie',
      Stamp: minute(21),
    });
    const all = (await (await recent(adminToken, 100)).json()) as RecentChange[];
    expect(all).toHaveLength(16);
    expect(all.map((r) => r.GroupId)).toContain('g-fr');
  });

  it('answers respondents and viewers only the changes of their own countries', async () => {
    for (const token of [respondentIE, viewerIE]) {
      const rows = (await (await recent(token, 100)).json()) as RecentChange[];
      expect(rows).toHaveLength(15);
      expect(new Set(rows.map((r) => r.GroupId))).toEqual(new Set(['g-ie']));
    }
    const french = signTestToken({ sub: 'u-pierre', roles: [RoleIds.CountryRespondent], groups: ['g-fr'] });
    const rows = (await (await recent(french)).json()) as RecentChange[];
    expect(rows.map((r) => r.Question)).toEqual(['Liens &lt;preserved&gt;?']);
  });

  it('refuses other roles and bad counts', async () => {
    expect((await recent(member)).statusCode).toBe(403);
    expect((await audit.app.inject({ method: 'GET', url: '/api/questionnaire/changes/10' })).statusCode).toBe(401);
    expect((await recent(adminToken, 0)).statusCode).toBe(400);
    expect(
      (await audit.app.inject({ method: 'GET', url: '/api/questionnaire/changes/ten', headers: { authorization: `Bearer ${adminToken}` } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST api/questionnaire/changes/question', () => {
  const idera = { questionId: 'idera-1', questionnaireId: 'q-ie-2025', groupId: 'g-ie' };

  it("answers a question's changes newest first: who, when, the answer before and after", async () => {
    const res = await history(respondentIE, idera);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as ChangeRecord[];
    expect(rows).toEqual([
      expect.objectContaining({
        Group: 'Ireland',
        Period: '2025 March',
        Question: 'Has the State made an IDERA declaration?',
        Before: 'No',
        Answer: 'Yes',
        User: 'Roisin Respondent',
        Stamp: minute(2),
        ...{ QuestionId: 'idera-1', QuestionnaireId: 'q-ie-2025', GroupId: 'g-ie' },
      }),
      expect.objectContaining({ Before: null, Answer: 'No', User: 'Rory Respondent', Stamp: minute(1) }),
    ]);
  });

  it("refuses another country's history to a respondent, and answers it to an admin", async () => {
    const french = { questionId: 'liens-1', questionnaireId: 'q-fr-2025', groupId: 'g-fr' };
    expect((await history(respondentIE, french)).statusCode).toBe(403);
    // the group named must be the questionnaire's: naming one's own group reveals nothing of another
    expect((await (await history(respondentIE, { ...french, groupId: 'g-ie' })).json()) as ChangeRecord[]).toEqual([]);
    expect(((await (await history(adminToken, french)).json()) as ChangeRecord[]).map((r) => r.Answer)).toEqual(['Yes']);
    expect((await history(member, idera)).statusCode).toBe(403);
  });

  it('needs all three ids', async () => {
    const res = await history(adminToken, { questionId: 'idera-1', questionnaireId: 'q-ie-2025' });
    expect(res.statusCode).toBe(400);
  });
});
