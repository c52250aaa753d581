import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { documentsService } from '@cti/documents';
import type { ServiceApp } from '@cti/service-kit';
import { testContextForTests } from '@cti/testing';

import { scoringService } from '../src/app';

import { auth, givenWorld, inputs, saveScores, tokenFor, type World } from './support';

const context = testContextForTests();
let scoring: ServiceApp;
let documents: ServiceApp;
let world: World;
const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'scoring-print-'));

beforeAll(async () => {
  // the real documents service renders the PDFs (Chromium through playwright-core)
  documents = await context.ctx.start(documentsService, { STORAGE_DIR: storage, RENDER_POOL_SIZE: '1' });
  const address = await documents.listen({ port: 0, host: '127.0.0.1' });
  scoring = await context.ctx.start(scoringService, { DOCUMENTS_URL: address });
  world = await givenWorld(
    scoring,
    [
      ['Ireland', 'IE'],
      ['Germany', 'DE'],
    ],
    ['2025 September'],
    async (period, w) => {
      await saveScores(scoring, w.questionnaires[`IE:${period}`], { ...inputs(4), Watchlist: true, Notice: '<p>On watch</p>' });
    },
  );
}, 120_000);
afterAll(() => {
  fs.rmSync(storage, { recursive: true, force: true });
});

const print = (url: string, GroupId: string, token: string) =>
  scoring.inject({ method: 'POST', url, headers: auth(token), payload: { GroupId } });

it('prints the scorecard the caller may see as a PDF named after the country', async () => {
  const res = await print('/api/print/scorecard', world.countries.IE.groupId, tokenFor(['Enhanced']));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toContain('filename="Ireland Scorecard.pdf"');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}, 60_000);

it('prints the enforceability variant, also for a country without enforceability scores', async () => {
  const res = await print('/api/print/enforceability/scorecard', world.countries.DE.groupId, tokenFor(['Standard']));
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-disposition']).toContain('Germany Enforceability Scorecard.pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}, 60_000);

it('refuses a scorecard the caller may not open, before rendering anything', async () => {
  const res = await print('/api/print/scorecard', world.countries.IE.groupId, tokenFor(['FreeAccess']));
  expect(res.statusCode).toBe(403);
  const unknown = await print('/api/print/scorecard', 'no-such-group', tokenFor(['Enhanced']));
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json().message).toBe('An error happened while getting the country.');
});
