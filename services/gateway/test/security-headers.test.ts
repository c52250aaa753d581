import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { ServiceApp } from '@cti/service-kit';
import { testContextForTests } from '@cti/testing';

import { gatewayService } from '../src/app';

const context = testContextForTests();
let dist: string;
beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
});
afterAll(() => {
  fs.rmSync(dist, { recursive: true, force: true });
});

const start = (env: Record<string, string> = {}) => context.ctx.start(gatewayService, { WEB_DIST: dist, ...env });

/** The CSP as directive → sources. */
const policyOf = (header: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );

describe('security headers of the web app', () => {
  let gateway: ServiceApp;
  beforeAll(async () => {
    gateway = await start({
      TRUSTED_ORIGINS: 'https://calc.example.org, https://awg.example.org',
      HOWTO_VIDEO_USE_THE_INDEX_URL: 'https://videos.example.net/use-the-index.mp4',
      HOWTO_VIDEO_USE_THE_INDEX_CAPTIONS_URL: '/media/use-the-index.vtt',
    });
  });

  it('sends a CSP the app, the map, the PDF viewer and the media player work under, and nothing more', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/index' });
    expect(res.statusCode).toBe(200);
    const csp = policyOf(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    // no inline or evaluated script anywhere
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    // mapbox-gl starts its workers from blob: URLs; the PDF viewer reads the bytes it fetched from a blob: URL
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['connect-src']).toEqual(["'self'", 'blob:']);
    // the configured video host, for the how-to videos
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https://videos.example.net']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('gives the API reference page a policy of its own: Redoc’s styles by a fresh nonce, its search worker, nothing from elsewhere', async () => {
    const nonceOf = (res: { headers: Record<string, unknown>; body: string }) => {
      const csp = policyOf(res.headers['content-security-policy']);
      const inPolicy = csp['style-src']?.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
      const inPage = /<script src="\/api\/v1\/docs\/style-nonce\.js" nonce="([^"]+)">/.exec(res.body)?.[1];
      return { csp, inPolicy, inPage };
    };
    const first = nonceOf(await gateway.inject({ method: 'GET', url: '/api/v1/docs' }));
    const second = nonceOf(await gateway.inject({ method: 'GET', url: '/api/v1/docs' }));
    expect(first.inPolicy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.inPage).toBe(first.inPolicy);
    expect(second.inPolicy).not.toBe(first.inPolicy);
    expect(first.csp).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", `'nonce-${first.inPolicy}'`],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ['blob:'],
      'object-src': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    });
    // the rest of the site keeps its policy: no nonce, no inline style
    expect(policyOf((await gateway.inject({ method: 'GET', url: '/index' })).headers['content-security-policy'])['style-src']).toEqual([
      "'self'",
    ]);
    // Redoc loads nothing from its CDN
    const bundle = await gateway.inject({ method: 'GET', url: '/api/v1/docs/redoc.standalone.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body).not.toMatch(/https:\/\/cdn\./);
    const styleNonce = await gateway.inject({ method: 'GET', url: '/api/v1/docs/style-nonce.js' });
    expect([styleNonce.statusCode, styleNonce.headers['content-type']]).toEqual([200, 'application/javascript; charset=utf-8']);
  });

  it('lets only this origin and the configured sign-on sites frame the app', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/login' });
    expect(policyOf(res.headers['content-security-policy'])['frame-ancestors']).toEqual([
      "'self'",
      'https://calc.example.org',
      'https://awg.example.org',
    ]);
    // X-Frame-Options cannot name other sites, so frame-ancestors alone decides
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('sends nosniff and a Referrer-Policy on pages and API answers alike', async () => {
    for (const url of ['/', '/app-config.json', '/api/nothing-here']) {
      const res = await gateway.inject({ method: 'GET', url });
      expect([url, res.headers['x-content-type-options'], res.headers['referrer-policy']]).toEqual([url, 'nosniff', 'no-referrer']);
    }
  });

  it('sends them on every answer of the public port: probes, the OpenAPI document, metrics refused, unknown paths', async () => {
    const api = await start({ WEB_DIST: '' });
    const answers = [
      ['GET', '/health/live'],
      ['GET', '/health/ready'],
      ['GET', '/documentation/json'],
      ['GET', '/metrics'],
      ['GET', '/no-such-page'],
      ['POST', '/no-such-page'],
      ['GET', '/internal/users/1'],
    ] as const;
    for (const [method, url] of answers) {
      const res = await api.inject({ method, url });
      expect([method, url, res.headers['x-content-type-options'], res.headers['referrer-policy']]).toEqual([
        method,
        url,
        'nosniff',
        'no-referrer',
      ]);
      expect(policyOf(res.headers['content-security-policy'])['default-src']).toEqual(["'self'"]);
    }
  });

  it('starts every answer with its request id, its trace id and the security headers, even a 429 refused before the route', async () => {
    const limited = await start({ RATE_LIMIT_PER_MINUTE: '1' });
    const page = await limited.inject({ method: 'GET', url: '/' });
    const first = await limited.inject({ method: 'GET', url: '/api/nothing-here' });
    const refused = await limited.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'req-429' } });
    expect([page.statusCode, first.statusCode, refused.statusCode]).toEqual([200, 404, 429]);
    for (const res of [page, first, refused]) {
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(res.headers['x-trace-id']).toMatch(/^[0-9a-f]{32}$/);
      expect([res.headers['x-content-type-options'], res.headers['referrer-policy'], res.headers['cross-origin-resource-policy']]).toEqual([
        'nosniff',
        'no-referrer',
        'same-origin',
      ]);
    }
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policyOf(page.headers['content-security-policy'])['default-src']).toEqual(["'self'"]);
    for (const res of [first, refused]) expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers['x-request-id']).toBe('req-429');
  });

  it('answers /api with a CSP that allows nothing and frames nowhere, without the headers only pages use', async () => {
    const behindTls = await start({ TRUST_PROXY_HOPS: '1', TRUSTED_ORIGINS: 'https://calc.example.org' });
    for (const url of ['/api/nothing-here', '/api/', '/api/group/index/list?page=1']) {
      const res = await behindTls.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect([url, policyOf(res.headers['content-security-policy'])]).toEqual([
        url,
        { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      ]);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-frame-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect([url, pageOnly, res.headers[pageOnly]]).toEqual([url, pageOnly, undefined]);
      }
    }
    // what the API's routes do not serve is a page of the app (its history fallback), with the app's policy:
    // a path that only starts like the API, and /api itself
    for (const url of ['/apix', '/api', '/api?x=1']) {
      const page = await behindTls.inject({ method: 'GET', url });
      expect([url, page.headers['content-type']]).toEqual([url, 'text/html; charset=utf-8']);
      expect(policyOf(page.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'", 'https://calc.example.org']);
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('names no internals: no x-served-by, no x-powered-by', async () => {
    for (const url of ['/', '/app-config.json', '/api/nothing-here']) {
      const res = await gateway.inject({ method: 'GET', url });
      expect([url, res.headers['x-served-by'], res.headers['x-powered-by']]).toEqual([url, undefined, undefined]);
    }
  });

  it('sends HSTS only to requests that came over https', async () => {
    expect((await gateway.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const behindTls = await start({ TRUST_PROXY_HOPS: '1' });
    const res = await behindTls.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // a client cannot claim https to a gateway that trusts no proxy
    const direct = await gateway.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps X-Frame-Options SAMEORIGIN when no sign-on site is configured', async () => {
    const alone = await start();
    const res = await alone.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policyOf(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
  });
});

describe('/metrics on the public port', () => {
  it('is not served without a token, and never falls through to the web app', async () => {
    const gateway = await start();
    const res = await gateway.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/http_requests_total|<title>app/);
  });

  it('answers only the bearer of METRICS_TOKEN when one is configured', async () => {
    const gateway = await start({ METRICS_TOKEN: 'scrape-secret-0123456789' });
    expect((await gateway.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(
      (await gateway.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-secret-0123456789' } })).statusCode,
    ).toBe(404);
    const scraped = await gateway.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret-0123456789' } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_requests_total');
  });
});
