import { READ_MODELS_CHANGED_SIGNAL, type GroupIndexRow } from '@cti/contracts';
import { connectEventBus, SubjectSpace, type EventBus } from '@cti/events';
import { eventually, natsCredentialsOf, serviceUnderTest } from '@cti/testing';

import { scoringService } from '../src/app';
import type { ScoringApp } from '../src/db';

import { get, givenWorld, inputs, saveScores, type World } from './support';

/**
 * Two replicas of scoring. A score saved on one is read at once from the other, and each replica,
 * once it has dropped its own kept read models, tells the gateways on core NATS (the "read models
 * changed" signal) so they forget what they keep of the index's lists.
 */
const scoring = serviceUnderTest(scoringService);
let second: ScoringApp;
let world: World;
let listener: EventBus;
const signals: number[] = [];

beforeAll(async () => {
  second = await scoring.ctx.start(scoringService);
  world = await givenWorld(scoring.app, [['Ireland', 'IE']], ['2024 1st Q']);
  // as a gateway listens
  const subjects = new SubjectSpace(scoring.ctx.env.EVENTS_SUBJECT_PREFIX, scoring.ctx.env.EVENTS_STREAM);
  listener = await connectEventBus({
    servers: scoring.ctx.env.NATS_URL,
    name: 'gateway-stand-in',
    subjects,
    createStream: false,
    credentials: natsCredentialsOf('gateway'),
  });
  listener.nc.subscribe(subjects.signal(READ_MODELS_CHANGED_SIGNAL.service, READ_MODELS_CHANGED_SIGNAL.name), {
    callback: () => signals.push(Date.now()),
  });
  await listener.nc.flush();
});
afterAll(() => listener?.close());

const irelandOn = async (app: ScoringApp) =>
  ((await get(app, '/api/group/index/list')).json() as GroupIndexRow[]).find((r) => r.CountryId === 'IE');

it('tells the gateways, from every replica, that the read models changed once a score is saved on one', async () => {
  // both replicas keep the list in memory now
  const before = (await irelandOn(second))?.Score;
  expect(await irelandOn(scoring.app)).toMatchObject({ Score: before });
  const heard = signals.length;

  const saved = await saveScores(scoring.app, world.questionnaires['IE:2024 1st Q'], inputs(5, 5, 5, 5, 5, 5));
  expect(saved.statusCode).toBe(200);
  const score = saved.json().Score as number;
  expect(score).not.toBe(before);

  // one signal per replica, each sent after that replica dropped its kept models
  await eventually(() => signals.length >= heard + 2, 30_000);
  expect((await irelandOn(second))?.Score).toBe(score);
});
