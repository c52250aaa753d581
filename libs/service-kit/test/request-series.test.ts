import { Registry, type Metric } from 'prom-client';

import { RequestSeries } from '../src/metrics';

const BOUNDS = [0.005, 0.025, 0.5, 30];

/** The registry's text for a RequestSeries, as Prometheus scrapes it. */
async function scraped(observe: (series: RequestSeries) => void) {
  const series = new RequestSeries(BOUNDS);
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'probe' });
  registry.registerMetric(series.counter('http_requests_total', 'requests') as unknown as Metric);
  registry.registerMetric(series.histogram('http_request_duration_seconds', 'durations') as unknown as Metric);
  observe(series);
  return { text: await registry.metrics(), registry };
}

it('counts and times each method, status and route pattern as its own series, buckets cumulative as Prometheus reads them', async () => {
  const { text } = await scraped((series) => {
    for (const seconds of [0.003, 0.02, 0.4, 40, 0.005]) series.observe('GET', 200, '/api/x/:id', seconds);
    series.observe('GET', 404, '/api/x/:id', 0.001);
  });
  const lines = text.split('\n');
  const ok = 'method="GET",route="/api/x/:id",status_code="200",service="probe"';
  expect(lines).toEqual(
    expect.arrayContaining([
      '# TYPE http_requests_total counter',
      `http_requests_total{${ok}} 5`,
      'http_requests_total{method="GET",route="/api/x/:id",status_code="404",service="probe"} 1',
      '# TYPE http_request_duration_seconds histogram',
      // a value on a bound counts in that bound's bucket (le: less than or equal)
      `http_request_duration_seconds_bucket{le="0.005",${ok}} 2`,
      `http_request_duration_seconds_bucket{le="0.025",${ok}} 3`,
      `http_request_duration_seconds_bucket{le="0.5",${ok}} 4`,
      `http_request_duration_seconds_bucket{le="30",${ok}} 4`,
      `http_request_duration_seconds_bucket{le="+Inf",${ok}} 5`,
      `http_request_duration_seconds_count{${ok}} 5`,
    ]),
  );
  const sum = lines.find((l) => l.startsWith(`http_request_duration_seconds_sum{${ok}}`));
  expect(Number(sum?.split(' ').pop())).toBeCloseTo(40.428, 6);
});

it('starts again from nothing when the registry is reset', async () => {
  const { registry } = await scraped((series) => series.observe('POST', 201, '/api/y', 0.01));
  registry.resetMetrics();
  expect(await registry.metrics()).not.toContain('route="/api/y"');
});
