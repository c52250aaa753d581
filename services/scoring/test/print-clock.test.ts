import { fixedClock } from '@cti/service-kit';
import { serviceCaller, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';

import { auth, givenWorld, inputs, saveScores, tokenFor, type World } from './support';

const clock = fixedClock('2031-03-01T09:05:00.000Z');
const scoring = serviceUnderTest(scoringService, { clock });
let world: World;

beforeAll(async () => {
  world = await givenWorld(scoring.app, [['Ireland', 'IE']], ['2025 September'], async (_period, w) => {
    await saveScores(scoring.app, w.questionnaires['IE:2025 September'], inputs(4));
  });
}, 120_000);

it('names the ASU workbook after the day on the service clock', async () => {
  const res = await scoring.app.inject({ method: 'POST', url: '/api/print/asu', headers: auth(tokenFor(['Enhanced'])) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain('ASU_assessment2031-03-01.xlsx');
});

it('stamps a printed scorecard with the time on the service clock', async () => {
  const groupId = world.countries.IE.groupId;
  for (const variant of ['compliance', 'enforceability']) {
    const html = await scoring.app.inject({
      method: 'GET',
      url: `/internal/scorecards/${groupId}/html?variant=${variant}`,
      headers: serviceCaller,
    });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('generated 2031-03-01 09:05 UTC');
  }
});
