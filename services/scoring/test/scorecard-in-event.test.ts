import { serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

import { givenWorld, inputs, outboxOf, saveScores, type World } from './support';

const scoring = serviceUnderTest(scoringService);
let world: World;

beforeAll(async () => {
  world = await givenWorld(scoring.app, [['Ireland', 'IE']], ['2025 1st Q', '2025 2nd Q'], async (period, w) => {
    if (period === '2025 1st Q')
      expect((await saveScores(scoring.app, w.questionnaires['IE:2025 1st Q'], { ...inputs(4), Watchlist: false })).statusCode).toBe(200);
  });
});

const lastSaved = async () => (await outboxOf(scoring.app, 'evt.scoring.scores.saved')).at(-1)!.data;

it('tells what the scorecard showed before a save and shows after it, so followers can be told what changed', async () => {
  const res = await saveScores(scoring.app, world.questionnaires['IE:2025 2nd Q'], {
    ...inputs(4),
    A: 5,
    Watchlist: true,
    Notice: '<p>Under review</p>',
    QualifyingDeclarations: true,
  });
  expect(res.statusCode).toBe(200);
  const data = await lastSaved();
  expect(data.scorecard).toMatchObject({
    before: { periodName: '2025 1st Q', A: 4, score: 80, category: 'High', watchlist: false, asu: 'Not Eligible' },
    after: { periodName: '2025 2nd Q', A: 5, score: 85, category: 'High', watchlist: true, notice: '<p>Under review</p>', asu: 'Eligible' },
  });
});

it('leaves the scorecard as it was when an older period is saved', async () => {
  // the 2025 1st Q questionnaire was closed when 2025 2nd Q opened; reopen it as an admin would
  await scoring.ctx.query(`update scoring.questionnaires set status = 'Open' where questionnaire_id = $1`, [
    world.questionnaires['IE:2025 1st Q'],
  ]);
  expect((await saveScores(scoring.app, world.questionnaires['IE:2025 1st Q'], inputs(3))).statusCode).toBe(200);
  const data = (await lastSaved()) as { scorecard: { before: unknown; after: unknown } };
  expect(data.scorecard.after).toEqual(data.scorecard.before);
  expect(data.scorecard.after).toMatchObject({ periodName: '2025 2nd Q', A: 5 });
});
