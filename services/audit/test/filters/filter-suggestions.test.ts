import { RoleIds } from '@cti/access';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { actor, adminToken, answerSaved, envelope, publish, waitForRows } from '../support/audit-test-kit';

const audit = serviceUnderTest(auditService);
const enhanced = signTestToken({ sub: 'u-erin', roles: [RoleIds.Enhanced] });
const respondent = signTestToken({ sub: 'u-rory', roles: [RoleIds.CountryRespondent], groups: ['g-ie'] });

const scored = (questionnaireId: string, groupName: string, periodName: string, score: number | null) =>
  envelope(
    'evt.scoring.scores.saved',
    {
      questionnaireId,
      groupId: `g-${groupName}`,
      groupName,
      periodId: `p-${periodName}`,
      periodName,
      score,
      category: 'High',
      previousScore: null,
    },
    actor('Ada Admin'),
  );

beforeAll(async () => {
  const events = [
    envelope('evt.identity.user.loggedIn', { userId: 'u1', email: 'rory@example.com', free: false }, actor('Rory Respondent', ['Ireland'])),
    envelope(
      'evt.identity.user.loggedIn',
      { userId: 'u2', email: 'morgan@example.com', free: false },
      actor('Morgan Member', ['AWG Members', 'Ireland']),
    ),
    envelope('evt.questionnaire.answer.saved', answerSaved(), actor('Roisin Respondent', ['Ireland'])),
    envelope(
      'evt.questionnaire.period.opened',
      {
        periodId: 'p-2026',
        name: 'March 2026',
        createdAt: '2026-03-01T00:00:00.000Z',
        closedQuestionnaireIds: [],
        openedQuestionnaireIds: [],
      },
      null,
    ),
    scored('q-ie-24', 'Ireland', '2024 September', 80),
    scored('q-ie-25', 'Ireland', '2025 March', 82.5),
    scored('q-cl-25', 'Chile', '2025 March', 61),
    // a rescore replaces the questionnaire's score
    scored('q-cl-25', 'Chile', '2025 March', 64.5),
  ];
  await publish(audit.app, ...events);
  await waitForRows(audit.app, events.length);
});

const suggest = async (key: string, filter: string | null, token = adminToken, query = '') => {
  const res = await audit.app.inject({
    method: 'POST',
    url: `/api/filter/${key}${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(filter),
  });
  return { status: res.statusCode, list: res.statusCode === 200 ? (res.json() as string[]) : res.json() };
};

describe('audit keys (admin)', () => {
  it('suggests actions, users and user groups containing the text, or the first ones for null', async () => {
    expect((await suggest('Action', null)).list).toEqual(['Login', 'Period Opened', 'Response', 'Score Saved']);
    expect((await suggest('Action', 'resp')).list).toEqual(['Response']);
    expect((await suggest('Name', 'respondent')).list).toEqual(['Roisin Respondent', 'Rory Respondent']);
    expect((await suggest('Name', 'sys')).list).toEqual(['System']);
    expect((await suggest('Country', 'irel', adminToken, '?list=audit')).list).toEqual(['AWG Members, Ireland', 'Ireland']);
  });

  it('suggests recent descriptions holding the words typed', async () => {
    expect((await suggest('Value', 'morgan')).list).toEqual(['morgan@example.com logged in']);
    expect((await suggest('Value', 'IDERA decl')).list).toEqual([
      'Changed the answer to Has the State made an IDERA declaration? in Ireland (2025 March), IDERA extension',
    ]);
    expect((await suggest('Value', null)).list).toHaveLength(8);
  });

  it('keeps the audit keys from everyone but admins', async () => {
    for (const key of ['Action', 'Name', 'Value']) expect((await suggest(key, null, enhanced)).status).toBe(403);
    expect((await suggest('Country', null, enhanced, '?list=audit')).status).toBe(403);
  });
});

describe('default and score keys (historical data)', () => {
  it('suggests years of periods and scores, newest first', async () => {
    expect((await suggest('Year', null, enhanced)).list).toEqual(['2026', '2025', '2024']);
    expect((await suggest('Year', '202', enhanced)).list).toEqual(['2026', '2025', '2024']);
    expect((await suggest('Year', '2025', enhanced)).list).toEqual(['2025']);
  });

  it('suggests current scores, highest first, and countries with a score', async () => {
    expect((await suggest('Score', null, enhanced)).list).toEqual(['82.5', '80', '64.5']);
    expect((await suggest('Score', '8', enhanced)).list).toEqual(['82.5', '80']);
    expect((await suggest('Country', 'i', enhanced)).list).toEqual(['Chile', 'Ireland']);
  });

  it('merges both Country lists for an admin unless one is asked for', async () => {
    expect((await suggest('Country', null)).list).toEqual(['AWG Members, Ireland', 'Chile', 'Ireland']);
    expect((await suggest('Country', null, adminToken, '?list=scores')).list).toEqual(['Chile', 'Ireland']);
  });

  it('refuses users without historical-data access, unknown keys and anonymous callers', async () => {
    expect((await suggest('Year', null, respondent)).status).toBe(403);
    expect((await suggest('Colour', null)).status).toBe(400);
    // a JSON null body without a token: refused for the missing token, not the body
    const anonymous = { 'content-type': 'application/json' };
    expect((await audit.app.inject({ method: 'POST', url: '/api/filter/Year', payload: 'null', headers: anonymous })).statusCode).toBe(401);
  });

  it('accepts a request without a body as no filter text', async () => {
    const res = await audit.app.inject({ method: 'POST', url: '/api/filter/Year', headers: { authorization: `Bearer ${enhanced}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['2026', '2025', '2024']);
  });
});
