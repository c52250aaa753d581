import { ROUTE_TABLE, UPSTREAMS, resolveUpstream, type Upstream } from '@cti/gateway';
import { createTestContext, type TestContext } from '@cti/testing';

import { concretePath, isKitRoute, routeKey, routesOf, startPlatform, type Platform } from './support/platform';

/**
 * The gateway's route table is written by hand; this holds it to the routes the services
 * really register, so a new route cannot be orphaned (no gateway entry) or stolen (an
 * entry sending it to another service).
 */
let ctx: TestContext;
let platform: Platform;
beforeAll(async () => {
  ctx = await createTestContext();
  platform = await startPlatform(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const apiRoutes = (service: Upstream) => routesOf(platform[service]).filter((r) => r.url.startsWith('/api/'));

it.each(UPSTREAMS)('sends every /api route of %s to it', (service) => {
  const routes = apiRoutes(service);
  expect(routes.length).toBeGreaterThan(0);
  const misrouted = routes
    .map((route) => ({ route: routeKey(route), goesTo: resolveUpstream(concretePath(route.url)) }))
    .filter((r) => r.goesTo !== service);
  expect(misrouted).toEqual([]);
});

it('registers /api routes only: every other path a service answers stays off the gateway', () => {
  const elsewhere = UPSTREAMS.flatMap((service) =>
    routesOf(platform[service])
      .filter((r) => !r.url.startsWith('/api/'))
      .map((r) => ({ service, route: routeKey(r), goesTo: resolveUpstream(concretePath(r.url)) })),
  );
  // /internal/ (service-to-service), probes, metrics and OpenAPI documents
  expect(elsewhere.filter((r) => !r.route.includes(' /internal/') && !isKitRoute(r.route.split(' ')[1]))).toEqual([]);
  expect(elsewhere.filter((r) => r.goesTo !== null)).toEqual([]);
});

it('has no entry that serves none of its service’s routes', () => {
  const unused = ROUTE_TABLE.filter(
    (entry) =>
      !apiRoutes(entry.service).some((route) => {
        const path = concretePath(route.url);
        return entry.match === 'exact'
          ? path === entry.path
          : path === entry.path || path.startsWith(entry.path.endsWith('/') ? entry.path : `${entry.path}/`);
      }),
  );
  expect(unused).toEqual([]);
});

it('finds no route registered by two services', () => {
  const owners = new Map<string, Upstream[]>();
  for (const service of UPSTREAMS)
    for (const route of apiRoutes(service)) owners.set(routeKey(route), [...(owners.get(routeKey(route)) ?? []), service]);
  expect([...owners].filter(([, services]) => services.length > 1)).toEqual([]);
});
