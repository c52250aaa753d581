import { RoleIds } from '@cti/access';
import type { GroupIndexRow, EnforceabilityRow, QuestionnaireScoring } from '@cti/contracts';
import { eventually, signTestToken, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

import { adminToken, auth, get, givenWorld, inputs, outboxOf, publish, saveScores, tokenFor, type World } from './support';

const scoring = serviceUnderTest(scoringService);
let world: World;

beforeAll(async () => {
  world = await givenWorld(
    scoring.app,
    [
      ['Ireland', 'IE'],
      ['Kenya', 'KE'],
      ['Germany', 'DE'],
    ],
    ['2024 1st Q', '2024 2nd Q'],
  );
});

const q = (code: string, period = '2024 2nd Q') => world.questionnaires[`${code}:${period}`];
const list = async (token = adminToken) => (await get(scoring.app, '/api/group/index/list', token)).json() as GroupIndexRow[];
const row = async (code: string, token = adminToken) => (await list(token)).find((r) => r.CountryId === code)!;

describe('POST api/questionnaire/save', () => {
  it('computes Score, Category and ASU itself, ignoring what the client sent', async () => {
    const res = await saveScores(scoring.app, q('IE'), {
      ...inputs(4, 3, 2, 5, 1, 0),
      QualifyingDeclarations: true,
      Score: 99,
      Category: 'Very High',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as QuestionnaireScoring;
    expect(saved).toMatchObject({ Score: 55, Category: 'Low', ASU: 'Eligible', Entity: 'Ireland', Period: '2024 2nd Q' });
    expect(await row('IE')).toMatchObject({ Score: 55, Category: 'Low', Scored: true, Period: '2024 2nd Q', ASU: 'Eligible' });
  });

  it('applies the PBA level weights only when isPBA is ticked', async () => {
    const body = { ...inputs(4, 3, 2, 5, 1, 0), PBA: 3 };
    expect((await saveScores(scoring.app, q('KE'), { ...body, isPBA: false })).json().Score).toBe(55);
    // 20 + 6.4·3 + 2.5·7 + 1.8·1 = 58.5
    expect((await saveScores(scoring.app, q('KE'), { ...body, isPBA: true })).json().Score).toBe(58.5);
    expect(await row('KE')).toMatchObject({ Score: 58.5, PBA: 3 });
  });

  it('records evt.scoring.scores.saved with the previous score', async () => {
    await saveScores(scoring.app, q('IE'), inputs(5));
    await saveScores(scoring.app, q('IE'), inputs(4));
    const events = (await outboxOf(scoring.app, 'evt.scoring.scores.saved')).filter((e) => e.data.questionnaireId === q('IE'));
    expect(events.map((e) => [e.data.score, e.data.previousScore])).toEqual([
      [55, null],
      [100, 55],
      [80, 100],
    ]);
    expect(events[2].data).toMatchObject({ groupName: 'Ireland', periodName: '2024 2nd Q', category: 'High' });
    expect(events[2].actor).toMatchObject({ userId: 'user-Admin-' });
  });

  it.each([
    [{ ...inputs(1), A: 5.5 }, 'Variable A must be a number from 0 to 5 in steps of .5.'],
    [{ ...inputs(1), C: 1.25 }, 'Variable C must be a number from 0 to 5 in steps of .5.'],
    [{ ...inputs(1), F: -0.5 }, 'Variable F must be a number from 0 to 5 in steps of .5.'],
    [{ ...inputs(1), isPBA: true, PBA: null }, 'Choose a precedent adjustment of .3, .5 or .7.'],
  ])('refuses bad input %j with a clear message and keeps the old scores', async (body, message) => {
    const before = await row('IE');
    const res = await saveScores(scoring.app, q('IE'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await row('IE')).Score).toBe(before.Score);
  });

  it('is for admins only', async () => {
    expect((await saveScores(scoring.app, q('IE'), inputs(1), tokenFor(['Enhanced']))).statusCode).toBe(403);
    expect(
      (await scoring.app.inject({ method: 'POST', url: '/api/questionnaire/save', payload: { Id: q('IE'), ...inputs(1) } })).statusCode,
    ).toBe(401);
  });

  it('refuses to change a closed questionnaire', async () => {
    await publish(scoring.app, 'evt.questionnaire.questionnaire.closed', {
      questionnaireId: q('DE', '2024 2nd Q'),
      groupId: world.countries.DE.groupId,
      groupName: 'Germany',
      periodId: world.periods[1].periodId,
      periodName: '2024 2nd Q',
      closedOn: new Date().toISOString(),
    });
    await eventually(async () => (await get(scoring.app, `/api/group/index/scoring/${q('DE')}`)).json().Questionnaire.Status === 'Closed');
    const res = await saveScores(scoring.app, q('DE'), inputs(3));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This questionnaire is closed. Open it to change its scores.');
    // questionnaires of the first period were closed when the second period opened
    expect((await get(scoring.app, `/api/group/index/scoring/${q('DE', '2024 1st Q')}`)).json().Questionnaire.Status).toBe('Closed');
  });

  it('sanitizes rich text and keeps formatting', async () => {
    const res = await saveScores(scoring.app, q('IE'), {
      ...inputs(4),
      ExplanatoryComments:
        '<p onclick="x()">Good <strong>progress</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a> <a href="https://example.org">src</a></p>',
      Acknowledgements: '<p><br></p>',
    });
    const saved = res.json() as QuestionnaireScoring;
    expect(saved.ExplanatoryComments).toContain('<p>Good <strong>progress</strong> ');
    expect(saved.ExplanatoryComments).toContain('<a href="https://example.org" rel="noopener noreferrer" target="_blank">src</a>');
    expect(saved.ExplanatoryComments).not.toMatch(/script|onclick|javascript/);
    expect(saved.Acknowledgements).toBeNull();
  });
});

describe('GET api/group/index/list', () => {
  it('lists contracting states, an unscored one as Unscored with score 0', async () => {
    const rows = await list();
    expect(rows.map((r) => r.Group).sort()).toEqual(['Germany', 'Ireland', 'Kenya']);
    expect(rows.find((r) => r.Group === 'Germany')).toMatchObject({ Score: 0, Category: 'Unscored', Scored: false, Period: null });
  });

  it('answers with an ETag and 304 for a client holding it, and a new ETag after a change', async () => {
    const first = await get(scoring.app, '/api/group/index/list');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(scoring.app, '/api/group/index/list', adminToken, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await saveScores(scoring.app, q('KE'), inputs(2));
    const after = await get(scoring.app, '/api/group/index/list', adminToken, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('refuses a token once it expires, even one verified (and cached) moments before', async () => {
    // lifetime long enough for the first call on a loaded machine; then wait until it is past
    const lifetimeMs = 5000;
    const expiresAt = Date.now() + lifetimeMs;
    const shortLived = signTestToken({ sub: 'brief', roles: [RoleIds.Standard] }, lifetimeMs);
    expect((await get(scoring.app, '/api/group/index/list', shortLived)).statusCode).toBe(200);
    // exp has one-second resolution: a second more is past it whatever the rounding
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt + 1100 - Date.now())));
    const later = await get(scoring.app, '/api/group/index/list', shortLived);
    expect(later.statusCode).toBe(401);
    expect(later.headers['token-expired']).toBe('true');
  });

  it('needs an index role', async () => {
    expect((await get(scoring.app, '/api/group/index/list', tokenFor(['CFTPackage']))).statusCode).toBe(403);
    expect((await scoring.app.inject({ method: 'GET', url: '/api/group/index/list' })).statusCode).toBe(401);
    expect((await get(scoring.app, '/api/group/index/list', tokenFor(['FreeAccess']))).statusCode).toBe(200);
  });
});

describe('countries and the two indexes', () => {
  it('follows identity group renames and ignores groups that are not countries', async () => {
    const ie = world.countries.IE;
    await publish(scoring.app, 'evt.identity.group.updated', {
      groupId: ie.groupId,
      name: 'Éire',
      type: 'Country',
      countryId: 'IE',
      logoPath: '/flags/ie.svg',
    });
    await publish(scoring.app, 'evt.identity.group.created', {
      groupId: 'acc-1',
      name: 'Lessors',
      type: 'ACC Group',
      countryId: null,
      logoPath: null,
    });
    await eventually(async () => (await row('IE')).Group === 'Éire');
    expect((await list()).some((r) => r.GroupId === 'acc-1')).toBe(false);
    await publish(scoring.app, 'evt.identity.group.updated', {
      groupId: ie.groupId,
      name: 'Ireland',
      type: 'Country',
      countryId: 'IE',
      logoPath: '/flags/ie.svg',
    });
    await eventually(async () => (await row('IE')).Group === 'Ireland');
  });

  it('moves a country to the Enforceability Index when an admin says it is not a contracting state', async () => {
    const de = world.countries.DE;
    const res = await scoring.app.inject({
      method: 'POST',
      url: `/api/group/index/countries/${de.groupId}`,
      headers: auth(adminToken),
      payload: { Contracting: false },
    });
    expect(res.json()).toMatchObject({ Name: 'Germany', Contracting: false });
    expect((await list()).some((r) => r.GroupId === de.groupId)).toBe(false);
    const enforceability = (await get(scoring.app, '/api/group/index/enforceability/list')).json() as EnforceabilityRow[];
    expect(enforceability).toEqual([expect.objectContaining({ Group: 'Germany', Category: 'Unscored', Scored: false })]);
    expect((await outboxOf(scoring.app, 'evt.scoring.country.reclassified')).at(-1).data).toEqual({
      groupId: de.groupId,
      groupName: 'Germany',
      contracting: false,
    });
    expect(
      (
        await scoring.app.inject({
          method: 'POST',
          url: `/api/group/index/countries/${de.groupId}`,
          headers: auth(tokenFor(['Enhanced'])),
          payload: { Contracting: true },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('saves enforceability scores with the server computing Score and Category', async () => {
    const de = world.countries.DE;
    const open = world.periods[0]; // a period whose Germany questionnaire is closed is refused, so reopen first
    await publish(scoring.app, 'evt.questionnaire.questionnaire.opened', {
      questionnaireId: q('DE', open.name),
      groupId: de.groupId,
      groupName: 'Germany',
      periodId: open.periodId,
      periodName: open.name,
    });
    await eventually(
      async () => (await get(scoring.app, `/api/group/index/scoring/${q('DE', open.name)}`)).json().Questionnaire.Status === 'Open',
    );
    const res = await scoring.app.inject({
      method: 'POST',
      url: '/api/questionnaire/enforceability/save',
      headers: auth(adminToken),
      payload: {
        GroupId: de.groupId,
        PeriodId: open.periodId,
        A: 4,
        B: 3,
        C: 2,
        D: 1,
        Score: 1,
        Category: 'High',
        ImprovingScore: '<p>More <em>courts</em></p>',
      },
    });
    expect(res.statusCode).toBe(200);
    // 5·4 + 8·3 + 3.5·3 = 54.5
    expect(res.json()).toMatchObject({ Score: 54.5, Category: 'Medium', ImprovingScore: '<p>More <em>courts</em></p>' });
    const listed = (await get(scoring.app, '/api/group/index/enforceability/list')).json() as EnforceabilityRow[];
    expect(listed[0]).toMatchObject({ Score: 54.5, Category: 'Medium', Period: '2024 1st Q' });
    const page = (await get(scoring.app, `/api/group/index/enforceability/${de.groupId}`)).json();
    expect(page).toMatchObject({ HasScores: true, A: 4, B: 3, C: 2, D: 1, Score: 54.5 });
    expect((await outboxOf(scoring.app, 'evt.scoring.enforceability.saved')).at(-1).data).toMatchObject({
      groupName: 'Germany',
      score: 54.5,
      category: 'Medium',
      periodName: '2024 1st Q',
    });
    const bad = await scoring.app.inject({
      method: 'POST',
      url: '/api/questionnaire/enforceability/save',
      headers: auth(adminToken),
      payload: { GroupId: de.groupId, PeriodId: open.periodId, A: 4, B: 7, C: 2, D: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Variable B must be a number from 0 to 5 in steps of .5.');
  });

  it("honours QuestionnaireId: another country's questionnaire id is refused and nothing is written", async () => {
    const de = world.countries.DE;
    const ie = world.countries.IE;
    const open = world.periods[0];
    const save = (payload: object) =>
      scoring.app.inject({ method: 'POST', url: '/api/questionnaire/enforceability/save', headers: auth(adminToken), payload });
    const body = { PeriodId: open.periodId, A: 1, B: 1, C: 1, D: 1 };
    const before = (await get(scoring.app, `/api/group/index/enforceability/${ie.groupId}`)).json();

    // Germany's questionnaire with Ireland's group
    const mismatched = await save({ ...body, GroupId: ie.groupId, QuestionnaireId: q('DE', open.name) });
    expect([mismatched.statusCode, mismatched.json().message]).toEqual([
      400,
      "This questionnaire is not that country's questionnaire of that period; the enforceability record was not saved.",
    ]);
    // Germany's questionnaire of another period
    const otherPeriod = await save({ ...body, GroupId: de.groupId, QuestionnaireId: q('DE', world.periods[1].name) });
    expect(otherPeriod.statusCode).toBe(400);
    expect((await save({ ...body, GroupId: de.groupId, QuestionnaireId: 'no-such-questionnaire' })).statusCode).toBe(404);
    expect((await get(scoring.app, `/api/group/index/enforceability/${ie.groupId}`)).json()).toEqual(before);
    expect((await get(scoring.app, `/api/group/index/enforceability/${de.groupId}`)).json()).toMatchObject({ Score: 54.5 });

    // its own questionnaire saves
    const own = await save({ ...body, GroupId: de.groupId, QuestionnaireId: q('DE', open.name), A: 4, B: 3, C: 2, D: 1 });
    expect([own.statusCode, own.json().Score]).toEqual([200, 54.5]);
  });

  it('shows the enforceability history to the historical-chart roles only', async () => {
    const de = world.countries.DE.groupId;
    const history = await get(scoring.app, `/api/group/index/enforceability/${de}/scores`, tokenFor(['Enhanced']));
    expect(history.json()).toEqual([expect.objectContaining({ Period: '2024 1st Q', Score: 54.5, A: 4, B: 3, C: 2, D: 1 })]);
    expect((await get(scoring.app, `/api/group/index/enforceability/${de}/scores`, tokenFor(['Standard']))).statusCode).toBe(403);
    const asFree = (await get(scoring.app, `/api/group/index/enforceability/${de}`, tokenFor(['FreeAccess']))).json();
    expect(asFree).toMatchObject({ HasScores: true, Score: 54.5, A: null, ExplanatoryComments: null });
  });

  it('says when a country has no enforceability scores', async () => {
    const page = (await get(scoring.app, `/api/group/index/enforceability/${world.countries.KE.groupId}`)).json();
    expect(page).toMatchObject({ HasScores: false, Score: 0, Category: 'Unscored' });
  });
});
