import http from 'node:http';

import type { ServiceApp } from '@cti/service-kit';
import { contextHooksOn, outboxHeadersOf, testContextForTests, urlOf } from '@cti/testing';

import { scoringService } from '../src/app';

import { adminToken, auth, get, givenWorld, inputs, type World } from './support';

/**
 * Scoring does not run its work inside trace contexts (its reads need none, and on Node 20
 * entering one turns on async hooks, a cost on every read): it hands them on.
 */
const context = testContextForTests();
let scoring: ServiceApp;
let world: World;
/** A stand-in for the documents service's renderer: what each call's headers carried. */
const renderCalls: http.IncomingHttpHeaders[] = [];
const renderer = http.createServer((req, res) => {
  renderCalls.push(req.headers);
  req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7 stand-in'));
});

beforeAll(async () => {
  await new Promise<void>((listening) => renderer.listen(0, '127.0.0.1', listening));
  scoring = await context.ctx.start(scoringService, { DOCUMENTS_URL: urlOf(renderer) });
  // the countries, periods and questionnaires arrive as events: the consumer has run
  world = await givenWorld(scoring, [['Ireland', 'IE']], ['2025 1st Q']);
});
afterAll(async () => {
  await new Promise((closed) => renderer.close(closed));
});

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const traced = { ...auth(adminToken), traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01` };
const inTrace = expect.stringMatching(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

it('writes a save’s event with the caller’s trace and the request id', async () => {
  const res = await scoring.inject({
    method: 'POST',
    url: '/api/questionnaire/save',
    headers: traced,
    payload: { Id: world.questionnaires['IE:2025 1st Q'], ...inputs(4) },
  });
  expect(res.statusCode).toBe(200);
  expect(await outboxHeadersOf(scoring, 'evt.scoring.scores.saved')).toMatchObject({
    traceparent: inTrace,
    'x-request-id': res.headers['x-request-id'],
  });
});

it('hands a print’s trace and request id on to the renderer', async () => {
  const res = await scoring.inject({
    method: 'POST',
    url: '/api/print/scorecard',
    headers: traced,
    payload: { GroupId: world.countries.IE.groupId },
  });
  expect(res.statusCode).toBe(200);
  expect(renderCalls.at(-1)).toMatchObject({ traceparent: inTrace, 'x-request-id': res.headers['x-request-id'] });
});

it('answers reads, saves, prints and events without turning on async hooks', async () => {
  expect((await get(scoring, '/api/group/index/list')).statusCode).toBe(200);
  expect(contextHooksOn()).not.toBe(true);
});
