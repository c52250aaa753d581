import http from 'node:http';

import { urlOf } from '@cti/testing';

import { admin, as, startDocuments, type DocumentsTestBed } from '../support/documents-kit';
import { pdfText } from '../support/pdf';

let bed: DocumentsTestBed;
let probe: http.Server;
let probeUrl: string;
const probeHits: string[] = [];

beforeAll(async () => {
  bed = await startDocuments({ RENDER_POOL_SIZE: '2' });
  // stands for anything on the server's network that posted HTML must never reach
  probe = http.createServer((req, res) => {
    probeHits.push(req.url ?? '');
    res.end('secret');
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  probeUrl = urlOf(probe);
});
afterAll(async () => {
  await bed.close();
  await new Promise((resolve) => probe.close(resolve));
});

const print = (body: object, headers: Record<string, string> = as(['CountryRespondent'])) =>
  bed.app.inject({ method: 'POST', url: '/api/print', headers, payload: body });

describe('POST api/print', () => {
  it('renders the posted HTML to a PDF download named as asked', async () => {
    const res = await print({
      html: '<html><body><h1>Ireland 2026 1st Q</h1><p>Questionnaire answers</p></body></html>',
      filename: 'Ireland 2026 1st Q Questionnaire.pdf',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="Ireland 2026 1st Q Questionnaire.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('Ireland 2026 1st Q');
    expect(text).toContain('Questionnaire answers');
  });

  it('names the file document.pdf when no name is given and adds .pdf when missing', async () => {
    expect((await print({ html: '<p>x</p>' })).headers['content-disposition']).toContain('filename="document.pdf"');
    expect((await print({ html: '<p>x</p>', filename: '../../Report' })).headers['content-disposition']).toContain('filename="Report.pdf"');
  });

  it('does not run scripts in the posted HTML', async () => {
    const res = await print({
      html: `<h1 id="t">Original heading</h1><script>document.getElementById('t').textContent = 'PWNED'; document.body.append('INJECTED')</script><img src="x" onerror="document.body.append('ONERROR')">`,
    });
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('Original heading');
    expect(text).not.toMatch(/PWNED|INJECTED|ONERROR/);
  });

  it('loads nothing from the network: every kind of reference to another host is blocked', async () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="${probeUrl}/css">
      <style>@import url("${probeUrl}/import"); body { background: url("${probeUrl}/background"); } @font-face { font-family: X; src: url("${probeUrl}/font"); } p { font-family: X; }</style>
      <link rel="prefetch" href="${probeUrl}/prefetch"><link rel="preload" as="image" href="${probeUrl}/preload"><link rel="icon" href="${probeUrl}/icon">
      <meta http-equiv="refresh" content="0;url=${probeUrl}/refresh">
      </head><body><p>Still rendered</p>
      <img src="${probeUrl}/img"><img srcset="${probeUrl}/srcset 2x"><picture><source srcset="${probeUrl}/picture"><img src="x.png"></picture>
      <iframe src="${probeUrl}/iframe"></iframe><object data="${probeUrl}/object"></object><embed src="${probeUrl}/embed">
      <video poster="${probeUrl}/poster" src="${probeUrl}/video"></video><audio src="${probeUrl}/audio"></audio>
      <svg><image href="${probeUrl}/svg-image"/></svg>
      <img src="http://169.254.169.254/latest/meta-data/"><img src="file:///etc/passwd"><iframe src="http://localhost:5432/"></iframe>
      </body></html>`;
    const res = await print({ html });
    expect(res.statusCode).toBe(200);
    expect((await pdfText(res.rawPayload)).text).toContain('Still rendered');
    await new Promise((r) => setTimeout(r, 300));
    expect(probeHits).toEqual([]);
  });

  it('renders requests in parallel on the bounded pool', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => print({ html: `<h1>Document ${i}</h1>` })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await pdfText(results[5].rawPayload)).text).toContain('Document 5');
  });

  it('needs a signed-in user and some HTML', async () => {
    expect((await bed.app.inject({ method: 'POST', url: '/api/print', payload: { html: '<p>x</p>' } })).statusCode).toBe(401);
    expect((await print({ html: '' })).statusCode).toBe(400);
  });
});

describe('POST /internal/render', () => {
  it('renders for other services holding the service token', async () => {
    const res = await bed.app.inject({
      method: 'POST',
      url: '/internal/render',
      headers: { 'x-service-token': bed.ctx.env.SERVICE_TOKEN },
      payload: { html: '<h1>Scorecard</h1>', filename: 'Ireland scorecard' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Ireland scorecard.pdf"');
    expect((await pdfText(res.rawPayload)).text).toContain('Scorecard');
  });

  it('refuses callers without the service token, even admins', async () => {
    expect(
      (await bed.app.inject({ method: 'POST', url: '/internal/render', headers: admin(), payload: { html: '<p>x</p>' } })).statusCode,
    ).toBe(403);
  });
});

describe('a busy renderer', () => {
  let busy: DocumentsTestBed;
  beforeAll(async () => {
    busy = await startDocuments({ RENDER_POOL_SIZE: '1', RENDER_QUEUE_MAX: '1' });
  });
  afterAll(() => busy.close());

  it('answers 503 with Retry-After once its queue is full, and renders the rest', async () => {
    const big = `<table>${'<tr><td>row</td><td>value</td></tr>'.repeat(3000)}</table>`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => busy.app.inject({ method: 'POST', url: '/api/print', headers: admin(), payload: { html: big } })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    const refused = results.filter((r) => r.statusCode === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused[0].json().message).toBe('The PDF service is busy. Please try again in a moment.');
    expect(refused[0].headers['retry-after']).toBe('2');
  });
});
