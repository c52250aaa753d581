import { SectionIds, type AccessClaims, type QuestionnaireChange } from '@cti/contracts';
import { gatewayService } from '@cti/gateway';
import type { ServiceApp } from '@cti/service-kit';
import { eventually, urlOf } from '@cti/testing';

import { questionnaireService } from '../../src/app';
import { adminClaims, givenPeriod, questionnaireOf, respondentClaims, startWorld, tokenOf, type World } from '../helpers';

// Open questionnaire pages follow approvals and locks through a server-sent event stream
// that the gateway proxies; the stream must end cleanly when the service shuts down (or
// the shutdown would wait for it) and connect again once the service is back.

let world: World;
let gateway: ServiceApp;
let gatewayUrl: string;
let questionnairePort: number;
let ireland: string;
let questionnaireId: string;
const rory = () => respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent');
const roisin = () => respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent');
const serviceEnv = { LIVE_HEARTBEAT_SECONDS: '1' };

const portOf = (app: ServiceApp) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

/** An SSE reader: the `change` events received so far, and whether the stream ended. */
async function follow(token: string, questionnaire = questionnaireId) {
  const controller = new AbortController();
  const res = await fetch(`${gatewayUrl}/api/questionnaire/live/${questionnaire}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const stream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: '',
    changes: [] as QuestionnaireChange[],
    heartbeats: 0,
    ended: false,
  };
  const cancel = async () => controller.abort();
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    return { ...stream, ended: true, cancel };
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        stream.text += decoder.decode(value, { stream: true });
        const blocks = stream.text.split('\n\n');
        stream.text = blocks.pop()!;
        for (const block of blocks) {
          const lines = block.split('\n');
          if (lines.includes(': keep-alive')) stream.heartbeats++;
          if (!lines.includes('event: change')) continue;
          const data = lines.find((l) => l.startsWith('data: '));
          if (data) stream.changes.push(JSON.parse(data.slice(6)) as QuestionnaireChange);
        }
      }
    } catch {
      // a connection cut counts as the end of the stream
    }
    stream.ended = true;
  })();
  return Object.assign(stream, { cancel });
}

const inject = (app: ServiceApp, claims: AccessClaims, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokenOf(claims)}` }, payload });

beforeAll(async () => {
  world = await startWorld(['Ireland', 'Kenya'], serviceEnv);
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
  await world.app.listen({ port: 0, host: '127.0.0.1' });
  questionnairePort = portOf(world.app);
  gateway = await world.ctx.start(gatewayService, { QUESTIONNAIRE_URL: urlOf(world.app), UPSTREAM_RETRIES: '1' });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  gatewayUrl = urlOf(gateway);
});
afterAll(async () => {
  // the gateway first: its upstream connections close with it
  await gateway.close();
  await world.ctx.close();
});

it("streams another firm's approval and locks to an open page through the gateway", async () => {
  const page = await follow(tokenOf(roisin()));
  expect([page.status, page.contentType]).toEqual([200, 'text/event-stream; charset=utf-8']);
  await inject(world.app, rory(), '/api/finalize', { questionnaireId, userId: 'rory' });
  await eventually(() => page.changes.some((c) => c.kind === 'approval' && c.by === 'rory'), 30_000);
  await inject(world.app, rory(), '/api/questionnaire/questions', {
    SectionId: SectionIds.Liens,
    GroupId: ireland,
    QuestionnaireId: questionnaireId,
  });
  await eventually(() => page.changes.find((c) => c.kind === 'lock' && c.sectionId === SectionIds.Liens && c.by === 'rory'), 30_000);
  await page.cancel();
});

it('tells an open page the version a save or a note reached, a take-over in another tab, a release and the closing', async () => {
  const page = await follow(tokenOf(roisin()));
  const section = { SectionId: SectionIds.ProtectionismC, GroupId: ireland, QuestionnaireId: questionnaireId };
  const [firstTab, secondTab] = ['aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'];
  const lockChanges = (locked: boolean) =>
    page.changes.filter((c) => c.kind === 'lock' && c.sectionId === SectionIds.ProtectionismC && c.by === 'rory' && c.locked === locked);

  await inject(world.app, rory(), '/api/questionnaire/questions', { ...section, LockId: firstTab });
  await inject(world.app, rory(), '/api/questionnaire/questions', { ...section, LockId: secondTab, TakeOver: true });
  // the first tab hears that its section was taken (by its own user): it checks with a renewal
  await eventually(() => lockChanges(true).length === 2, 30_000);

  // the save goes through the gateway as the page sends it: version and lock id in the query
  const saveThroughGateway = (version: number, text: string) =>
    fetch(`${gatewayUrl}/api/questionnaire/save/${questionnaireId}/rory?lockId=${secondTab}&version=${version}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenOf(rory())}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ Id: `${SectionIds.ProtectionismC}.2`, Model: text }]),
    });
  const saved = await saveThroughGateway(0, 'Public policy only.');
  expect([saved.status, await saved.json()]).toEqual([200, expect.objectContaining({ Version: 1 })]);
  // a stale one comes back as a 409 carrying the answers stored now
  const stale = await saveThroughGateway(0, 'Typed on the old version.');
  expect([stale.status, await stale.json()]).toEqual([
    409,
    expect.objectContaining({
      Reason: 'stale',
      Answers: expect.arrayContaining([expect.objectContaining({ Model: 'Public policy only.', SavedBy: 'Rory Respondent' })]),
    }),
  ]);
  await eventually(
    () => page.changes.some((c) => c.kind === 'answers' && c.sectionId === SectionIds.ProtectionismC && c.version === 1),
    30_000,
  );
  await world.app.inject({
    method: 'GET',
    url: `/api/questionnaire/unlock?lockId=${secondTab}`,
    headers: { authorization: `Bearer ${tokenOf(rory())}` },
  });
  await eventually(() => lockChanges(false).length === 1, 30_000);

  await inject(world.app, adminClaims, '/api/questionnaire/adminComment/save', {
    questionnaireId,
    sectionId: SectionIds.ProtectionismC,
    comment: '<p>Ask for a case.</p>',
    Version: 0,
  });
  await eventually(
    () => page.changes.some((c) => c.kind === 'note' && c.sectionId === SectionIds.ProtectionismC && c.version === 1),
    30_000,
  );
  await page.cancel();

  // the closing of a questionnaire (here Kenya's, so the other tests keep theirs open) reaches its pages with the status
  const kenya = world.countries.Kenya!;
  const kenyaQuestionnaire = (await questionnaireOf(world.app, kenya)).id;
  const kenyanPage = await follow(tokenOf(respondentClaims('kofi', kenya, 'Nairobi Law')), kenyaQuestionnaire);
  await inject(world.app, adminClaims, '/api/questionnaire/closeOrOpen', { QuestionnaireId: kenyaQuestionnaire, Status: 'Closed' });
  await eventually(() => kenyanPage.changes.some((c) => c.kind === 'status' && c.status === 'Closed'), 30_000);
  await kenyanPage.cancel();
});

it("refuses pages of another country's questionnaire and callers without a valid token", async () => {
  const kenyan = respondentClaims('kofi', world.countries.Kenya, 'Nairobi Law');
  expect((await follow(tokenOf(kenyan))).status).toBe(403);
  expect((await follow('forged')).status).toBe(401);
});

it('keeps a quiet stream open past the heartbeat, ends it when the service shuts down, and streams again after the restart', async () => {
  const page = await follow(tokenOf(roisin()));
  // a quiet stream carries heartbeats (so a proxy's idle timeout never cuts it)
  await eventually(() => page.heartbeats >= 2, 30_000);
  expect(page.ended).toBe(false);

  const closing = Date.now();
  await world.app.close();
  // the open stream does not hold the shutdown up (the kit would wait for it until killed)
  expect(Date.now() - closing).toBeLessThan(15_000);
  await eventually(() => page.ended, 30_000);
  expect((await follow(tokenOf(roisin()))).status).toBe(502);

  // the restarted service on the same address serves new streams, with changes made anywhere
  const restarted = await world.ctx.start(questionnaireService, serviceEnv);
  await restarted.listen({ port: questionnairePort, host: '127.0.0.1' });
  const again = await eventually(async () => {
    const s = await follow(tokenOf(roisin()));
    return s.status === 200 ? s : null;
  }, 30_000);
  await inject(restarted, rory(), '/api/questionnaire/questions', {
    SectionId: SectionIds.Detention,
    GroupId: ireland,
    QuestionnaireId: questionnaireId,
  });
  await eventually(() => again.changes.some((c) => c.kind === 'lock' && c.sectionId === SectionIds.Detention), 30_000);
  await again.cancel();
});
