import { SectionIds, type QuestionnaireChange } from '@cti/contracts';
import type { ServiceApp } from '@cti/service-kit';
import { eventually, startOwnNats, urlOf } from '@cti/testing';

import { questionnaireService } from '../../src/app';
import { givenPeriod, questionnaireOf, respondentClaims, startWorld, tokenOf, type World } from '../helpers';

// Two replicas of questionnaire. A section page holds its change stream on one replica while the
// other firm's saves, lock releases and approvals land on the other: the page hears them through
// core NATS. A replica that lost its NATS connection heard nothing meanwhile: its pages' streams
// end, so they reload. The world runs on a NATS server of this file's own, killed and restarted.

let nats: Awaited<ReturnType<typeof startOwnNats>>;
let world: World;
let first: ServiceApp;
let second: ServiceApp;
let ireland: string;
let questionnaireId: string;
const rory = () => respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent');
const roisin = () => respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent');
const serviceEnv = { LIVE_HEARTBEAT_SECONDS: '1' };

/** A page's change stream on one replica: the changes heard so far, and whether it ended. */
async function follow(replica: ServiceApp, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${urlOf(replica)}/api/questionnaire/live/${questionnaireId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const page = { changes: [] as Array<QuestionnaireChange & { at: number }>, ended: false, cancel: () => controller.abort() };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    let text = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.includes('event: change') && data)
            page.changes.push({ ...(JSON.parse(data.slice(6)) as QuestionnaireChange), at: Date.now() });
        }
      }
    } catch {
      // a cut connection ends the stream too
    }
    page.ended = true;
  })();
  return page;
}

const as = (replica: ServiceApp, claims: ReturnType<typeof rory>) => ({
  post: (url: string, payload: object) =>
    replica.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokenOf(claims)}` }, payload }),
  get: (url: string) => replica.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokenOf(claims)}` } }),
});

beforeAll(async () => {
  nats = await startOwnNats();
  world = await startWorld(['Ireland'], serviceEnv, { contextEnv: { NATS_URL: nats.url } });
  first = world.app;
  second = await world.ctx.start(questionnaireService, serviceEnv);
  ireland = world.countries.Ireland!;
  await givenPeriod(first, 'September 2026');
  questionnaireId = (await questionnaireOf(first, ireland)).id;
  for (const replica of [first, second]) await replica.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await world?.ctx.close();
  await nats?.remove();
});

it('streams a lock release and an approval made on one replica to a page held by the other', async () => {
  const page = await follow(second, tokenOf(roisin()));
  const opened = await as(first, rory()).post('/api/questionnaire/questions', {
    SectionId: SectionIds.Liens,
    GroupId: ireland,
    QuestionnaireId: questionnaireId,
  });
  expect(opened.statusCode).toBe(200);
  await eventually(() => page.changes.some((c) => c.kind === 'lock' && c.sectionId === SectionIds.Liens), 30_000);

  const heard = page.changes.length;
  const released = Date.now();
  expect((await as(first, rory()).get('/api/questionnaire/unlock')).statusCode).toBe(200);
  const release = await eventually(() => page.changes.slice(heard).find((c) => c.kind === 'lock' && c.by === 'rory'), 30_000);
  const approved = Date.now();
  expect((await as(first, rory()).post('/api/finalize', { questionnaireId, userId: 'rory' })).statusCode).toBe(200);
  const approval = await eventually(() => page.changes.find((c) => c.kind === 'approval' && c.by === 'rory'), 30_000);
  // heard within a few hundred milliseconds here (the scale suite holds it to 2 s on a loaded machine)
  expect({ release: release.at - released < 10_000, approval: approval.at - approved < 10_000 }).toEqual({ release: true, approval: true });
  page.cancel();
});

it('ends the streams of a replica whose NATS connection was lost, so their pages reload, and streams again once it is back', async () => {
  const page = await follow(second, tokenOf(roisin()));
  await nats.kill('SIGKILL');
  await nats.start();
  await eventually(() => page.ended, 30_000);

  // connected again: a new stream on that replica hears what is done on the other
  await eventually(() => second.events.bus.isConnected() && first.events.bus.isConnected(), 30_000);
  const again = await follow(second, tokenOf(roisin()));
  const opened = await as(first, rory()).post('/api/questionnaire/questions', {
    SectionId: SectionIds.Detention,
    GroupId: ireland,
    QuestionnaireId: questionnaireId,
  });
  expect(opened.statusCode).toBe(200);
  await eventually(() => again.changes.some((c) => c.kind === 'lock' && c.sectionId === SectionIds.Detention), 30_000);
  again.cancel();
}, 120_000);
