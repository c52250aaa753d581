import { satisfiesRule } from '@cti/access';
import { gatewayService, UPSTREAMS, type Upstream } from '@cti/gateway';
import { DATABASE_REFUSED_INPUT, principalOf, type ServiceApp } from '@cti/service-kit';
import { createTestContext, type TestContext, urlOf } from '@cti/testing';

import { KIT_ROUTE_ACCESS, ROUTE_ACCESS, VENDOR_EMAIL_DOMAIN, type Access } from './route-access';
import { demoRoleCallers, headersOf, type Caller } from './support/callers';
import { CORPUS_SIZE, HOSTILE_SEGMENTS, hostileRequests, unboundedTextFields, type HostileRequest } from './support/hostile-input';
import { concretePath, routeKey, routesOf, startPlatform, type Platform } from './support/platform';

/**
 * A few hundred hostile values thrown at every route of every service (each service's
 * own registered routes, each value placed in the fields its schema declares), as a
 * caller the route lets in, so the values reach validation and the handler: every
 * answer must be a 4xx or a success. Any 5xx fails with the route and the value, and so
 * does a 400 given by the kit's last net (a value only Postgres refused), whose schema
 * should have named the field.
 */
let ctx: TestContext;
let platform: Platform;
let gateway: ServiceApp;
let callers: Caller[];
beforeAll(async () => {
  ctx = await createTestContext();
  // no demo data: each period the corpus opens would open a questionnaire for every demo country
  platform = await startPlatform(ctx, {
    commerce: { VENDOR_EMAIL_DOMAIN },
    // one warm page is enough for the few hostile bodies that are valid HTML to render
    documents: { RENDER_POOL_SIZE: '1' },
  });
  callers = demoRoleCallers();
  const urls = Object.fromEntries(UPSTREAMS.map((name) => [`${name.toUpperCase()}_URL`, urlOf(platform[name])]));
  gateway = await ctx.start(gatewayService, { ...urls, RATE_LIMIT_PER_MINUTE: '1000000' });
}, 180_000);
afterAll(() => ctx?.close());

/** Who sends the hostile requests: the first caller the route lets in (an admin wherever one may). */
function callerFor(access: Access): Caller {
  const preferred = ['admin', 'service', 'respondent', 'viewer', 'manager', 'member', 'free', 'anonymous'];
  const lets = (caller: Caller) => {
    if ('anyone' in access) return true;
    if ('service' in access) return caller.kind === 'service';
    if (caller.kind !== 'user') return false;
    if ('signedIn' in access) return true;
    const p = principalOf(caller.claims);
    return 'rule' in access ? satisfiesRule(p, access.rule) : access.decide(p);
  };
  const ordered = [...callers].sort((a, b) => preferred.indexOf(a.name) - preferred.indexOf(b.name));
  return ordered.find(lets) ?? ordered[0];
}

/** Tokens a client should never send, each in the Authorization header of one baseline request. */
const HOSTILE_AUTHORIZATIONS = [
  'Bearer ',
  'Bearer null',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwiaXNBZG1pbiI6dHJ1ZX0.',
  `Bearer ${'A'.repeat(8000)}`,
  'Basic YWRtaW46YWRtaW4=',
];

interface Failure {
  route: string;
  what: string;
  status: number;
  message: string;
}

let sequence = 0;
/** A different client address per request: per-IP rate limits would otherwise stop the corpus before the handler. */
const nextAddress = () => {
  sequence++;
  return `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
};

async function send(app: ServiceApp, route: string, request: HostileRequest, headers: Record<string, string>): Promise<Failure | null> {
  const res = await app.inject({
    method: route.split(' ')[0] as 'GET',
    url: request.url,
    headers: {
      ...headers,
      'x-forwarded-for': nextAddress(),
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
    },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  let message = res.body.slice(0, 160);
  try {
    message = String((JSON.parse(res.body) as { message?: unknown }).message ?? message);
  } catch {
    // not JSON: the start of the body says enough
  }
  // a 400 from the kit's net under the schemas means the schema let a bad value through to Postgres
  const caughtByDatabase = res.statusCode === 400 && message.startsWith(DATABASE_REFUSED_INPUT);
  return res.statusCode >= 500 || caughtByDatabase ? { route, what: request.what, status: res.statusCode, message } : null;
}

/** Failures by route: how many, and the first few values that caused them. */
const byRoute = (failures: Failure[]) => {
  const routes = new Map<string, { route: string; failed: number; examples: string[] }>();
  for (const f of failures) {
    const entry = routes.get(f.route) ?? { route: f.route, failed: 0, examples: [] };
    entry.failed++;
    if (entry.examples.length < 3) entry.examples.push(`${f.what} -> ${f.status} ${f.message}`);
    routes.set(f.route, entry);
  }
  return [...routes.values()];
};

/** Runs the requests a few at a time (services wait on Postgres; one at a time would take minutes). */
async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<Failure | null>): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (let i = 0; i < items.length; i += size) {
    for (const failure of await Promise.all(items.slice(i, i + size).map(work))) if (failure) failures.push(failure);
  }
  return failures;
}

describe('text fields', () => {
  it('every text a route reads from its body or query has a maximum length in its schema', () => {
    const unbounded = UPSTREAMS.flatMap((service) =>
      routesOf(platform[service]).flatMap((route) => unboundedTextFields(route).map((field) => `${service} ${routeKey(route)} ${field}`)),
    );
    expect(unbounded).toEqual([]);
  });
});

describe.each(UPSTREAMS)('%s', (service: Upstream) => {
  it('answers every hostile request to every route with a 4xx or a success, never a 5xx', async () => {
    const app = platform[service];
    const table = { ...KIT_ROUTE_ACCESS, ...ROUTE_ACCESS[service] };
    const failures: Failure[] = [];
    const fewest = { route: '', sent: Infinity };
    for (const route of routesOf(app)) {
      const key = routeKey(route);
      const access = table[key];
      if (!access) throw new Error(`${key} has no access expectation (see authorization-matrix.test.ts)`);
      const caller = callerFor(access);
      const requests = hostileRequests(route, (fill) => concretePath(route.url, fill));
      const baseline = requests[0];
      const work: Array<{ request: HostileRequest; headers: () => Record<string, string> }> = [
        ...requests.map((request) => ({ request, headers: () => headersOf(caller, ctx.env.SERVICE_TOKEN) })),
        ...HOSTILE_AUTHORIZATIONS.map((authorization) => ({
          request: { ...baseline, what: `Authorization: ${authorization.slice(0, 40)}` },
          headers: () => ({ authorization }),
        })),
      ];
      if (work.length < fewest.sent) Object.assign(fewest, { route: key, sent: work.length });
      failures.push(...(await inBatches(work, 8, (item) => send(app, key, item.request, item.headers()))));
    }
    expect(byRoute(failures)).toEqual([]);
    // every route got the whole corpus at least
    expect(fewest.sent).toBeGreaterThan(CORPUS_SIZE);
  }, 600_000);
});

describe('gateway', () => {
  it('forwards or refuses hostile paths to every service route, never answering a 5xx', async () => {
    const work: Array<{ route: string; request: HostileRequest }> = [];
    for (const service of UPSTREAMS) {
      for (const route of routesOf(platform[service]).filter((r) => r.url.startsWith('/api/') && r.url.includes(':'))) {
        for (const segment of HOSTILE_SEGMENTS) {
          const url = concretePath(route.url, () => '\u0001').replaceAll(encodeURIComponent('\u0001'), segment);
          work.push({ route: routeKey(route), request: { what: `path ${segment}`, url } });
        }
      }
    }
    for (const segment of HOSTILE_SEGMENTS)
      work.push({ route: 'GET /api/*', request: { what: `path ${segment}`, url: `/api/${segment}` } });
    const failures = await inBatches(work, 8, ({ route, request }) => send(gateway, route, request, {}));
    expect(byRoute(failures)).toEqual([]);
  }, 600_000);
});
