import { SectionIds, type QuestionnaireChange } from '@cti/contracts';
import { gatewayService } from '@cti/gateway';
import type { ServiceApp } from '@cti/service-kit';
import { eventually, urlOf } from '@cti/testing';

import { questionnaireService } from '../../src/app';
import { givenPeriod, questionnaireOf, respondentClaims, startWorld, tokenOf, type World } from '../helpers';

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
async function follow(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${gatewayUrl}/api/questionnaire/live/${questionnaireId}`, {
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

const inject = (app: ServiceApp, claims: ReturnType<typeof rory>, url: string, payload: object) =>
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
