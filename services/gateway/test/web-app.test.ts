import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { serviceUnderTest } from '@cti/testing';

import { gatewayService } from '../src/app';

let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  // a source map left in the served folder (the build keeps them outside it)
  fs.writeFileSync(path.join(dist, 'assets', 'app-123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  fs.mkdirSync(path.join(dist, 'flags'));
  fs.writeFileSync(path.join(dist, 'flags', 'ie.svg'), '<svg/>');
});
const gateway = serviceUnderTest(gatewayService, { env: () => ({ WEB_DIST: dist }) });

const get = (url: string) => gateway.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('answers index.html for the screens of the app, including deep links with an extension', async () => {
    for (const url of ['/', '/login', '/index/123', '/pdf/5b1d.pdf?returnTo=acidDocuments']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, expect.stringContaining('<title>app</title>')]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves build files with long caching for hashed assets', async () => {
    const res = await get('/assets/app-123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await get('/flags/ie.svg')).statusCode).toBe(200);
  });

  it('answers 404 for missing build files rather than the app', async () => {
    expect((await get('/assets/missing-999.js')).statusCode).toBe(404);
    expect((await get('/flags/zz.svg')).statusCode).toBe(404);
    expect((await get('/favicon.ico')).statusCode).toBe(404);
  });

  it('never serves source maps, even one left in the build folder', async () => {
    for (const url of ['/assets/app-123.js.map', '/assets/app-123.js.map?x=1', '/assets/missing.js.map']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body.includes('secret')]).toEqual([url, 404, false]);
    }
  });

  it('never serves internal paths', async () => {
    expect((await get('/internal/render')).statusCode).toBe(404);
  });
});
