import { loadRenderAssets } from '../../src/rendering/render-assets';
import { RenderPool, withRenderBase } from '../../src/rendering/render-pool';
import { pdfText } from '../support/pdf';

let pool: RenderPool;

beforeAll(async () => {
  const assets = loadRenderAssets();
  assets.set('marker.css', { contentType: 'text/css', body: Buffer.from("body::before { content: 'STYLED BY OWN ASSET'; }") });
  pool = new RenderPool({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    size: 2,
    queueMax: 10,
    timeoutMs: 10_000,
    assets,
  });
  await pool.start();
});
afterAll(() => pool.close());

describe('the render pool', () => {
  it("answers the service's own assets and blocks everything else", async () => {
    const before = pool.blockedRequests;
    const pdf = await pool.render(
      '<html><head><link rel="stylesheet" href="assets/marker.css"><link rel="stylesheet" href="assets/print.css"></head><body><img src="assets/logo.svg"><p>Body</p></body></html>',
    );
    expect((await pdfText(pdf)).text).toContain('STYLED BY OWN ASSET');
    expect(pool.blockedRequests).toBe(before);
    await pool.render('<img src="https://example.com/tracker.png"><img src="assets/unknown.png">');
    expect(pool.blockedRequests).toBe(before + 2);
  });

  it('keeps its own base even when the HTML brings one', async () => {
    const pdf = await pool.render(
      '<html><head><base href="http://127.0.0.1:1/"><link rel="stylesheet" href="assets/marker.css"></head><body>x</body></html>',
    );
    expect((await pdfText(pdf)).text).toContain('STYLED BY OWN ASSET');
  });

  it('puts a footer on every page when asked', async () => {
    const pdf = await pool.render(`<div style="height: 250mm">one</div><div>two</div>`, {
      footerHtml: '<div style="font-size:8pt">FOOTER <span class="pageNumber"></span></div>',
    });
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(2);
    expect(text).toContain('FOOTER 1');
    expect(text).toContain('FOOTER 2');
  });

  it('relaunches the browser after it died', async () => {
    const browserOf = () => (pool as unknown as { browser: { close(): Promise<void> } | null }).browser;
    const dead = browserOf()!;
    // the relaunch starts as the browser disconnects, and on a busy machine may be done before close() resolves
    await dead.close();
    const pdf = await pool.render('<p>After the crash</p>');
    expect((await pdfText(pdf)).text).toContain('After the crash');
    expect(pool.healthy).toBe(true);
    expect(browserOf()).not.toBe(dead);
  });
});

describe('withRenderBase', () => {
  it('puts the render origin first in the head, or builds a document around a fragment', () => {
    expect(withRenderBase('<html><head><title>x</title></head></html>')).toBe(
      '<html><head><base href="http://documents.render.invalid/"><title>x</title></head></html>',
    );
    expect(withRenderBase('<HTML lang="en"><body>x</body></HTML>')).toBe(
      '<HTML lang="en"><head><base href="http://documents.render.invalid/"></head><body>x</body></HTML>',
    );
    expect(withRenderBase('<p>x</p>')).toContain(
      '<head><base href="http://documents.render.invalid/"><meta charset="utf-8"></head><body><p>x</p></body>',
    );
  });
});
