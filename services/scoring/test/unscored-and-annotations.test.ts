import * as XLSX from 'xlsx';

import type { AsuRow, GroupIndexRow, HistoricalScoreRow, MapData, QuestionnaireScoring, Scorecard } from '@cti/contracts';
import { eventually, serviceCaller, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

import { adminToken, auth, get, givenWorld, inputs, publish, saveScores, tokenFor, type World } from './support';

const scoring = serviceUnderTest(scoringService);
let world: World;
let saved: QuestionnaireScoring;

beforeAll(async () => {
  world = await givenWorld(
    scoring.app,
    [
      ['Cameroon', 'CM'],
      ['Ireland', 'IE'],
      ['Kenya', 'KE'],
    ],
    ['2025 September'],
    async (period, w) => {
      // all inputs 0: scored by the editor, but a score of 0 is no score
      saved = (await saveScores(scoring.app, w.questionnaires[`CM:${period}`], { ...inputs(0), QualifyingDeclarations: true })).json();
      await saveScores(scoring.app, w.questionnaires[`IE:${period}`], { ...inputs(4), QualifyingDeclarations: true });
    },
  );
});

const id = (code: string) => world.countries[code].groupId;
const period = () => world.periods[0];

describe('a score of 0 follows the spec: Unscored (no score), never Low', () => {
  it('is Unscored in the save answer, the index list and the scorecard', async () => {
    expect(saved).toMatchObject({ Score: 0, Category: 'Unscored', ASU: null });
    const rows = (await get(scoring.app, '/api/group/index/list', tokenFor(['Standard']))).json() as GroupIndexRow[];
    expect(rows.find((r) => r.CountryId === 'CM')).toMatchObject({ Score: 0, Category: 'Unscored', Scored: false, ASU: null });
    expect(rows.find((r) => r.CountryId === 'KE')).toMatchObject({ Score: 0, Category: 'Unscored', Scored: false });
    expect(rows.find((r) => r.CountryId === 'IE')).toMatchObject({ Score: 80, Category: 'High', Scored: true });
    const card = (await get(scoring.app, `/api/group/index/${id('CM')}`, tokenFor(['Standard']))).json() as Scorecard;
    expect(card).toMatchObject({ Score: 0, Category: 'Unscored', Scored: false, ASU: null });
  });

  it('is Insufficient Legal Analysis on the map and Unscored in the historical data', async () => {
    const map = (await get(scoring.app, '/api/group/index/map', tokenFor(['Standard']))).json() as MapData;
    expect(map.Countries.find((c) => c.CountryId === 'CM')).toMatchObject({
      MapCategory: 'Insufficient Legal Analysis',
      Category: 'Unscored',
    });
    const history = (await get(scoring.app, '/api/group/index/history', tokenFor(['Standard']))).json() as HistoricalScoreRow[];
    expect(history.find((h) => h.Country === 'Cameroon')).toMatchObject({ Score: 0, Category: 'Unscored' });
  });

  it('gives unscored countries Condition 1 as Yes/No from the qualifying declarations, the other conditions a dash', async () => {
    const asu = (await get(scoring.app, '/api/group/index/asu', tokenFor(['Enhanced']))).json() as AsuRow[];
    expect(asu.find((r) => r.CountryId === 'CM')).toMatchObject({ ASU: null, Condition1: 'Yes', Condition2: '-', Condition3: '-' });
    expect(asu.find((r) => r.CountryId === 'KE')).toMatchObject({ ASU: null, Condition1: 'No', Condition2: '-', Condition3: '-' });
    expect(asu.find((r) => r.CountryId === 'IE')).toMatchObject({ ASU: 'Eligible', Condition1: 'Yes', Condition2: 'Yes' });
  });

  it('writes the same into the ASU Excel file', async () => {
    const res = await scoring.app.inject({ method: 'POST', url: '/api/print/asu', headers: auth(tokenFor(['Enhanced'])), payload: {} });
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    // conclusion and conditions, then the named variables A and B: empty, as the country has no score
    expect(rows.find((r) => r[0] === 'Cameroon')!.slice(2)).toEqual(['-', 'Yes', '-', '-', '', '']);
    expect(rows.find((r) => r[0] === 'Kenya')!.slice(2)).toEqual(['-', 'No', '-', '-', '', '']);
  });
});

describe('points on the printed scorecard are exact and add up to the score', () => {
  it('shows 3.5 × 3.5 as 12.25 and the rounding to the half as its own line', async () => {
    const res = await scoring.app.inject({
      method: 'POST',
      url: '/api/questionnaire/enforceability/save',
      headers: auth(adminToken),
      payload: { GroupId: id('KE'), PeriodId: period().periodId, A: 3, B: 4.5, C: 3.5, D: 3 },
    });
    // 15 + 36 + 12.25 + 10.5 = 73.75, rounded to 74
    expect(res.json()).toMatchObject({ Score: 74 });
    const html = await scoring.app.inject({
      method: 'GET',
      url: `/internal/scorecards/${id('KE')}/html?variant=enforceability`,
      headers: serviceCaller,
    });
    const cells = [...html.body.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(cells).toEqual(expect.arrayContaining(['15.00', '36.00', '12.25', '10.50', '+0.25']));
    expect(html.body).toContain('<strong>74.00</strong>');
    expect(html.body).not.toContain('>12.3<');
  });
});

describe('annotations on the scorecard follow the documents service', () => {
  const annotation = (s3Name: string) => ({
    documentId: `doc-${s3Name}`,
    kind: 'annotation' as const,
    s3Name,
    title: `${s3Name}.pdf`,
    fileName: `${s3Name}.pdf`,
    access: 'Annotation',
    groupId: id('IE'),
    groupName: 'Ireland',
  });
  const annotationName = async () =>
    ((await get(scoring.app, `/api/group/index/${id('IE')}`, tokenFor(['Enhanced']))).json() as Scorecard).AnnotationName;

  it('shows an attached annotation, and none once the document is deleted', async () => {
    await publish(scoring.app, 'evt.documents.annotation.attached', {
      ...annotation('ie-notes'),
      annotationType: 1,
      questionnaireId: world.questionnaires[`IE:${period().name}`],
      periodId: period().periodId,
      periodName: period().name,
      replacedS3Name: null,
    });
    await eventually(async () => (await annotationName()) === 'ie-notes.pdf', 20_000);

    // a supporting document of the same country changes nothing
    await publish(scoring.app, 'evt.documents.document.deleted', { ...annotation('other'), kind: 'supporting', access: 'Member' });
    await publish(scoring.app, 'evt.documents.document.deleted', annotation('ie-notes'));
    await eventually(async () => (await annotationName()) === null, 20_000);
    const internal = (
      await scoring.app.inject({ method: 'GET', url: `/internal/scorecards/${id('IE')}`, headers: serviceCaller })
    ).json() as Scorecard;
    expect(internal.AnnotationName).toBeNull();
  });

  it('places an annotation attached before documents knew its questionnaire, by the questionnaire alone', async () => {
    await publish(scoring.app, 'evt.documents.annotation.attached', {
      ...annotation('ie-early'),
      groupId: null,
      groupName: null,
      annotationType: 1,
      questionnaireId: world.questionnaires[`IE:${period().name}`],
      periodId: null,
      periodName: null,
      replacedS3Name: null,
    });
    await eventually(async () => (await annotationName()) === 'ie-early.pdf', 20_000);
  });
});
