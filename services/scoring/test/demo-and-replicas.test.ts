import type { EnforceabilityRow, GroupIndexRow } from '@cti/contracts';
import { eventually, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';
import type { ScoringApp } from '../src/db';
import { demoComplianceScores } from '../src/demo/demo-scores';

import { get, givenWorld, inputs, publish, saveScores } from './support';

const scoring = serviceUnderTest(scoringService, { contextEnv: { DEMO_DATA: 'true' } });
let replica: ScoringApp;

beforeAll(async () => {
  replica = await scoring.ctx.start(scoringService);
});

const ADMIN = { userId: 'admin-1', name: 'Ada Admin', email: 'admin@example.com', groupNames: [] };

describe('demo scores', () => {
  it('are created for the demo seed’s questionnaires, deterministic per country and period, and marked as demo', async () => {
    const world = await givenWorld(
      scoring.app,
      [
        ['Ireland', 'IE'],
        ['Mozambique', 'MZ'],
        ['Cameroon', 'CM'],
        ['Germany', 'DE'],
      ],
      ['2023 March', '2023 September'],
    );
    const rows = await eventually(async () => {
      const list = (await get(scoring.app, '/api/group/index/list')).json() as GroupIndexRow[];
      return list.find((r) => r.Group === 'Ireland')?.Period === '2023 September' ? list : null;
    }, 60_000);
    const ireland = rows.find((r) => r.Group === 'Ireland')!;
    expect(ireland).toMatchObject({ IsDemo: true, Scored: true, Watchlist: true });
    const expected = demoComplianceScores({ name: 'Ireland', countryId: 'IE' }, '2023 September')!;
    const card = (await get(scoring.app, `/api/group/index/${ireland.GroupId}`)).json();
    expect([card.A, card.B, card.C, card.D, card.E, card.F]).toEqual([
      expected.A,
      expected.B,
      expected.C,
      expected.D,
      expected.E,
      expected.F,
    ]);
    expect(card.ExplanatoryComments).toContain('Demo data.');
    // the scenarios the screens need: an unscored country and a zero score
    expect(rows.find((r) => r.Group === 'Mozambique')).toMatchObject({ Scored: false, Category: 'Unscored', Score: 0 });
    expect(rows.find((r) => r.Group === 'Cameroon')).toMatchObject({ Scored: false, Category: 'Unscored', Score: 0 });
    // Germany is not a contracting state in the demo data: enforceability scores instead
    expect(rows.some((r) => r.Group === 'Germany')).toBe(false);
    const enforceability = (await get(scoring.app, '/api/group/index/enforceability/list')).json() as EnforceabilityRow[];
    expect(enforceability).toEqual([expect.objectContaining({ Group: 'Germany', Scored: true, IsDemo: true, Period: '2023 September' })]);
    const history = (await get(scoring.app, `/api/group/index/${ireland.GroupId}/scores`)).json();
    expect(history).toHaveLength(2);
    expect(Object.keys(world.questionnaires)).toHaveLength(8);
  });

  it('are not made for questionnaires an admin creates', async () => {
    await publish(scoring.app, 'evt.identity.group.created', {
      groupId: 'g-no',
      name: 'Norway',
      type: 'Country',
      countryId: 'NO',
      logoPath: '/flags/no.svg',
    });
    const periodId = (await scoring.app.db.selectFrom('periods').select('periodId').orderBy('createdAt', 'desc').executeTakeFirstOrThrow())
      .periodId as string;
    await publish(
      scoring.app,
      'evt.questionnaire.questionnaire.created',
      { questionnaireId: 'q-no', groupId: 'g-no', groupName: 'Norway', periodId, periodName: '2023 September' },
      ADMIN,
    );
    await eventually(async () => (await get(scoring.app, '/api/group/index/scoring/q-no')).statusCode === 200);
    const norway = ((await get(scoring.app, '/api/group/index/list')).json() as GroupIndexRow[]).find((r) => r.Group === 'Norway');
    expect(norway).toMatchObject({ Scored: false });
  });
});

describe('two replicas', () => {
  it('both serve a change at once: the writer drops its cache, the other hears the notification', async () => {
    const before = (await get(replica, '/api/group/index/list')).json() as GroupIndexRow[];
    const norway = before.find((r) => r.Group === 'Norway')!;
    expect(norway.Scored).toBe(false);
    const save = await saveScores(scoring.app, 'q-no', inputs(5));
    expect(save.statusCode).toBe(200);
    expect(((await get(scoring.app, '/api/group/index/list')).json() as GroupIndexRow[]).find((r) => r.Group === 'Norway')!.Score).toBe(
      100,
    );
    await eventually(
      async () =>
        ((await get(replica, '/api/group/index/list')).json() as GroupIndexRow[]).find((r) => r.Group === 'Norway')!.Score === 100,
      5000,
    );
  });
});
