import { freePort, serviceScript, startProcess, type RunningProcess } from './support/processes';

/**
 * The deployments give every service METRICS_PORT: `/metrics` is served on that port of
 * its own, which no ingress exposes, and never on the public port of the gateway, not
 * even to the bearer of METRICS_TOKEN.
 */
const TOKEN = 'scrape-secret-0123456789';
let gateway: RunningProcess;
let metricsPort: number;
beforeAll(async () => {
  metricsPort = await freePort();
  gateway = await startProcess('gateway', serviceScript('gateway'), { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
}, 90_000);
afterAll(() => gateway?.stop());

it('serves /metrics on the metrics port and nothing else there', async () => {
  const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(scraped.status).toBe(200);
  expect(await scraped.text()).toContain('http_requests_total');
  expect((await fetch(`http://127.0.0.1:${metricsPort}/health/ready`)).status).toBe(404);
  expect((await fetch(`http://127.0.0.1:${metricsPort}/api/user/login`, { method: 'POST' })).status).toBe(404);
});

it('never serves /metrics on the public port, with or without the token', async () => {
  const attempts: Array<Record<string, string>> = [{}, { authorization: `Bearer ${TOKEN}` }];
  for (const headers of attempts) {
    const res = await fetch(`${gateway.url}/metrics`, { headers });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('http_requests_total');
  }
});
