import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DocumentAnswers, type DocumentRow } from '@cti/contracts';
import { eventually } from '@cti/testing';

import { admin, as, startDocuments, upload, type DocumentsTestBed } from '../support/documents-kit';
import { samplePdf } from '../support/sample-files';

/**
 * A machine without Chromium: documents still comes up and serves uploads, lists and
 * downloads; PDF routes answer 503 with a clear text; readiness says "degraded" (not down);
 * and the browser launch is retried in the background, so Chromium installed later is
 * picked up without a restart.
 */
const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let bed: DocumentsTestBed;
let binDir: string;
let chromiumPath: string;

beforeAll(async () => {
  binDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-no-chromium-'));
  chromiumPath = path.join(binDir, 'chromium');
  bed = await startDocuments({ CHROMIUM_PATH: chromiumPath, RENDER_RETRY_MAX_MS: '500' });
}, 60_000);
afterAll(async () => {
  await bed.close();
  fs.rmSync(binDir, { recursive: true, force: true });
});

const readiness = async () => {
  const res = await bed.app.inject({ method: 'GET', url: '/health/ready' });
  return { statusCode: res.statusCode, ...(res.json() as { status: string; checks: Record<string, unknown> }) };
};
const print = () =>
  bed.app.inject({ method: 'POST', url: '/api/print', headers: as(['CountryRespondent']), payload: { html: '<h1>PDF</h1>' } });

describe('without Chromium', () => {
  it('is ready but degraded: the renderer is reported, nothing else is down', async () => {
    const ready = await readiness();
    expect(ready.statusCode).toBe(200);
    expect(ready.status).toBe('degraded');
    expect(ready.checks).toMatchObject({ renderer: 'degraded', database: true, nats: true, storage: true });
  });

  it('serves uploads, lists and downloads', async () => {
    const s3Name = await upload(bed.app, 'Guide.pdf', samplePdf('Guide'));
    const added = await bed.app.inject({
      method: 'POST',
      url: '/api/document/supporting',
      headers: admin(),
      payload: { Title: 'Guide', Access: 'Global', CountryId: null, S3Name: s3Name },
    });
    expect(added.statusCode).toBe(200);
    const list = await bed.app.inject({ method: 'POST', url: '/api/document/all', headers: as(['AWGMember']) });
    expect((list.json() as DocumentRow[]).map((d) => d.Title)).toContain('Guide');
    const download = await bed.app.inject({ method: 'GET', url: `/api/document/${s3Name}`, headers: as(['AWGMember']) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samplePdf('Guide'))).toBe(true);
  });

  it('answers PDF requests 503 with a clear text, at once', async () => {
    const res = await print();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: DocumentAnswers.rendererUnavailable });
    expect(res.headers['retry-after']).toBeDefined();
    const internal = await bed.app.inject({
      method: 'POST',
      url: '/internal/render',
      headers: { 'x-service-token': bed.ctx.env.SERVICE_TOKEN },
      payload: { html: '<h1>Scorecard</h1>' },
    });
    expect(internal.statusCode).toBe(503);
  });
});

describe('when Chromium appears', () => {
  it('is picked up by the background retry: ready again and rendering, without a restart', async () => {
    fs.symlinkSync(SYSTEM_CHROMIUM, chromiumPath);
    await eventually(async () => (await readiness()).status === 'ready', 60_000, 200);
    expect((await readiness()).checks.renderer).toBe(true);
    const res = await print();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);
});
