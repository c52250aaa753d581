import { RoleIds } from '@cti/access';
import { AuditMessages, type AuditReport } from '@cti/contracts';
import { signTestToken, serviceUnderTest } from '@cti/testing';

import { auditService } from '../../src/app';
import { pageTotal } from '../../src/report/audit-report';
import { actor, adminToken, answerSaved, day, envelope, publish, today, waitForRows } from '../support/audit-test-kit';

const audit = serviceUnderTest(auditService);

const at = (daysAgo: number, hour = 12) => {
  const d = new Date(`${day(-daysAgo)}T00:00:00.000Z`);
  d.setUTCHours(hour);
  return d.toISOString();
};
const rory = actor('Rory Respondent', ['Ireland']);
const ada = actor('Ada Admin');
const pierre = actor('Pierre Répondant', ['France']);

beforeAll(async () => {
  await publish(
    audit.app,
    envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: 'rory@example.com', free: false }, rory, at(40)),
    envelope('evt.identity.user.loggedIn', { userId: 'u-rory', email: 'rory@example.com', free: false }, rory, at(2, 9)),
    envelope(
      'evt.questionnaire.answer.saved',
      answerSaved({ before: 'No declaration', after: 'A declaration under Article XXX' }),
      rory,
      at(2, 10),
    ),
    envelope('evt.identity.user.loggedIn', { userId: 'u-ada', email: 'admin@example.com', free: false }, ada, at(1, 8)),
    envelope(
      'evt.identity.group.created',
      { groupId: 'g-fr', name: 'France', type: 'Country', countryId: 'FR', logoPath: null },
      ada,
      at(1, 9),
    ),
    envelope('evt.identity.user.loggedIn', { userId: 'u-pierre', email: 'pierre@example.com', free: false }, pierre, at(0, 0)),
    envelope(
      'evt.questionnaire.answer.saved',
      answerSaved({
        groupId: 'g-fr',
        groupName: 'France',
        questionnaireId: 'q-fr',
        questionId: 'liens-1',
        question: 'Are non-consensual rights preserved?',
        before: null,
        after: 'Yes',
      }),
      pierre,
      at(0, 0),
    ),
  );
  await waitForRows(audit.app, 7);
});

const last30 = { start: day(-30), end: today() };
const report = async (body: object, token = adminToken) =>
  audit.app.inject({ method: 'POST', url: '/api/report/audit', headers: { authorization: `Bearer ${token}` }, payload: body });
const rowsOf = async (body: object) => {
  const res = await report(body);
  expect(res.statusCode).toBe(200);
  return res.json() as AuditReport;
};

it('answers the rows of the date range newest first, with the Stamp and the columns of the audit row', async () => {
  const answer = await rowsOf(last30);
  expect(answer.Total).toBe(6);
  expect(answer.TotalCapped).toBe(false);
  expect(answer.Rows.map((r) => r.Action)).toEqual(['Response', 'Login', 'Group Created', 'Login', 'Response', 'Login']);
  const stamps = answer.Rows.map((r) => r.Stamp);
  expect([...stamps].sort().reverse()).toEqual(stamps);
  expect(answer.Rows[3]).toMatchObject({
    Action: 'Login',
    Value: 'admin@example.com logged in',
    Country: '',
    Name: 'Ada Admin',
    Stamp: at(1, 8),
  });
});

it('gives Response rows the question, the questionnaire and both answers for Change Details', async () => {
  const { Rows } = await rowsOf({ ...last30, actions: ['Response'], names: ['Rory'] });
  expect(Rows).toHaveLength(1);
  expect(Rows[0]).toMatchObject({
    Action: 'Response',
    QuestionId: 'idera-1',
    QuestionnaireId: 'q-ie-2025',
    GroupId: 'g-ie',
    Before: 'No declaration',
    After: 'A declaration under Article XXX',
  });
  const login = (await rowsOf({ ...last30, actions: ['Login'] })).Rows[0];
  expect(login.Before).toBeNull();
  expect(login.After).toBeNull();
});

it('counts the end date as the whole day and the start date from its first second (UTC)', async () => {
  expect((await rowsOf({ start: day(-2), end: day(-2) })).Rows.map((r) => r.Action)).toEqual(['Response', 'Login']);
  expect((await rowsOf({ start: today(), end: today() })).Total).toBe(2);
  expect((await rowsOf({ start: day(-60), end: today() })).Total).toBe(7);
  expect((await rowsOf({ start: `${day(-2)}T09:30:00.000Z`, end: today() })).Total).toBe(5);
});

describe('filters', () => {
  it('matches actions, user groups and users containing the text, any value of a list', async () => {
    expect((await rowsOf({ ...last30, actions: ['login'] })).Total).toBe(3);
    expect((await rowsOf({ ...last30, actions: ['Login', 'Group'] })).Total).toBe(4);
    expect((await rowsOf({ ...last30, countries: ['Irel'] })).Rows.map((r) => r.Name)).toEqual(['Rory Respondent', 'Rory Respondent']);
    expect((await rowsOf({ ...last30, names: ['répondant'] })).Total).toBe(2);
    expect((await rowsOf({ ...last30, names: ['Nobody'] })).Total).toBe(0);
  });

  it('matches descriptions holding every word of the text (word starts)', async () => {
    expect((await rowsOf({ ...last30, values: ['IDERA declaration'] })).Rows.map((r) => r.QuestionId)).toEqual(['idera-1']);
    expect((await rowsOf({ ...last30, values: ['France'] })).Rows.map((r) => r.Action)).toEqual(['Response', 'Group Created']);
    expect((await rowsOf({ ...last30, values: ['pierre@example.com'] })).Total).toBe(1);
    expect((await rowsOf({ ...last30, values: ['logg'] })).Total).toBe(3);
    expect((await rowsOf({ ...last30, values: ['!!!'] })).Total).toBe(0);
  });

  it('needs every filter list to match', async () => {
    const answer = await rowsOf({ ...last30, actions: ['Login'], countries: ['France'], values: ['logged in'] });
    expect(answer.Rows.map((r) => r.Name)).toEqual(['Pierre Répondant']);
  });

  it('treats wildcards in the text as plain characters', async () => {
    expect((await rowsOf({ ...last30, actions: ['%'] })).Total).toBe(0);
    expect((await rowsOf({ ...last30, names: ['_'] })).Total).toBe(0);
  });
});

describe('pages', () => {
  it('pages 20 rows by default and any page size up to 100', async () => {
    const first = await rowsOf({ ...last30, pageSize: 4 });
    const second = await rowsOf({ ...last30, pageSize: 4, page: 2 });
    expect(first).toMatchObject({ Total: 6, Page: 1, PageSize: 4 });
    expect(first.Rows).toHaveLength(4);
    expect(second.Rows).toHaveLength(2);
    const all = await rowsOf(last30);
    expect(all.PageSize).toBe(20);
    expect([...first.Rows, ...second.Rows]).toEqual(all.Rows);
    expect((await report({ ...last30, pageSize: 101 })).statusCode).toBe(400);
  });

  it('reports a lower bound when there are more than 10,000 matches or counting ran out of time', () => {
    expect(pageTotal(6, 0, 6, 20)).toEqual({ total: 6, capped: false });
    expect(pageTotal(10_001, 0, 20, 20)).toEqual({ total: 10_000, capped: true });
    // counting cut short: a full page proves one more row, a short page is the last
    expect(pageTotal(null, 40, 20, 20)).toEqual({ total: 61, capped: true });
    expect(pageTotal(null, 40, 7, 20)).toEqual({ total: 47, capped: false });
  });

  it('sorts oldest first when asked', async () => {
    const asc = await rowsOf({ ...last30, sort: 'asc' });
    expect(asc.Rows.map((r) => r.Action)).toEqual(['Login', 'Response', 'Login', 'Group Created', 'Login', 'Response']);
  });
});

describe('messages and access', () => {
  it('answers the failure text for dates that are not dates or an end before the start', async () => {
    for (const body of [
      { start: 'yesterday', end: today() },
      { start: today(), end: day(-3) },
      // days and times that do not exist, which Date.parse would move to another day
      { start: '2026-02-30', end: '2026-03-31' },
      { start: '2026-02-01', end: '2026-04-31' },
      { start: '2026-02-01T24:00:00Z', end: '2026-03-01' },
    ]) {
      const res = await report(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AuditMessages.failure);
    }
  });

  it('answers an empty page when nothing matches (the page shows the 0-results text)', async () => {
    expect(await rowsOf({ ...last30, actions: ['Refund'] })).toEqual({ Rows: [], Total: 0, TotalCapped: false, Page: 1, PageSize: 20 });
  });

  it('is for admins only', async () => {
    const viewer = signTestToken({ sub: 'viewer-1', roles: [RoleIds.CountryViewer], groups: ['g-ie'] });
    expect((await report(last30, viewer)).statusCode).toBe(403);
    expect((await audit.app.inject({ method: 'POST', url: '/api/report/audit', payload: last30 })).statusCode).toBe(401);
  });
});
