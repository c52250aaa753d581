import { satisfiesRule } from '@cti/access';
import { UPSTREAMS, type Upstream } from '@cti/gateway';
import { principalOf } from '@cti/service-kit';
import { createTestContext, type TestContext } from '@cti/testing';

import { KIT_ROUTE_ACCESS, ROUTE_ACCESS, VENDOR_EMAIL_DOMAIN, type Access } from './route-access';
import { demoCallers, headersOf, type Caller } from './support/callers';
import { concretePath, isKitRoute, routeKey, routesOf, SAMPLE_ID, startPlatform, type Platform } from './support/platform';

/**
 * Every route of every service (read from what each service registered) × no token, a
 * service caller and every demo account (signed in through identity with its demo data),
 * each answer held to the access table of route-access.ts: 401 without a token, 403 for
 * a user the rule refuses, and an answer (never 401, 403 or 5xx) for everyone it lets in.
 * Ids in paths are ids no row has and bodies are `{}`: the guard answers before the body
 * is looked at, so a refused caller learns nothing of what the route expects.
 */
type Outcome = 401 | 403 | 'answered' | '5xx';

let ctx: TestContext;
let platform: Platform;
let callers: Caller[];
beforeAll(async () => {
  ctx = await createTestContext();
  platform = await startPlatform(ctx, {
    identity: { DEMO_DATA: 'true' },
    commerce: { VENDOR_EMAIL_DOMAIN },
  });
  const demo = await demoCallers(platform.identity);
  // an admin whose e-mail is not in the vendor's domain: everything an admin may, but Manage Products
  const admin = demo.find((c) => c.name === 'admin');
  if (admin?.kind !== 'user') throw new Error('no demo admin');
  const standard = demo.find((c) => c.name === 'standard');
  if (standard?.kind !== 'user') throw new Error('no demo standard user');
  callers = [
    ...demo,
    { name: 'partner-admin', kind: 'user', claims: { ...admin.claims, email: 'ops@partner.example' } },
    // a standard user who has not agreed to the terms yet: the terms gate holds on every service
    { name: 'unagreed', kind: 'user', claims: { ...standard.claims, mustAgree: true } },
  ];
}, 180_000);
afterAll(() => ctx?.close());

/** The routes a user the terms gate holds may still use (besides the open ones): agreeing. */
const OPEN_TO_UNAGREED = new Set(['identity GET /api/user/agree']);

/** Open routes (a welcome link's look-up) that the token of a user yet to agree does not pass: the gate holds the token, not the link. */
const OPEN_BUT_HELD_FOR_UNAGREED = new Set(['identity GET /api/user/:id']);

function expectedOutcome(service: Upstream, route: string, access: Access, caller: Caller): Outcome {
  if (caller.kind === 'user' && caller.claims.mustAgree && OPEN_BUT_HELD_FOR_UNAGREED.has(`${service} ${route}`)) return 403;
  if ('anyone' in access) return 'answered';
  if ('service' in access) return caller.kind === 'service' ? 'answered' : 403;
  if (caller.kind !== 'user') return 401;
  if (caller.claims.mustAgree && !OPEN_TO_UNAGREED.has(`${service} ${route}`)) return 403;
  if ('signedIn' in access) return 'answered';
  const principal = principalOf(caller.claims);
  const allowed = 'rule' in access ? satisfiesRule(principal, access.rule) : access.decide(principal);
  return allowed ? 'answered' : 403;
}

const outcomeOf = (status: number): Outcome => (status === 401 || status === 403 ? status : status >= 500 ? '5xx' : 'answered');

/** Path parameters the handlers parse as numbers or addresses get a value of that shape; every id is one no row has. */
const fill = (param: string) => (param === 'count' ? '10' : param === 'email' ? 'nobody@example.org' : SAMPLE_ID);

const accessTable = (service: Upstream): Record<string, Access> => ({ ...KIT_ROUTE_ACCESS, ...ROUTE_ACCESS[service] });

describe.each(UPSTREAMS)('%s', (service) => {
  it('has an access expectation for every route it registers, and none for a route it does not', () => {
    const registered = routesOf(platform[service]).map(routeKey);
    const table = accessTable(service);
    expect(registered.filter((key) => !(key in table))).toEqual([]);
    expect(Object.keys(table).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('answers every caller of every route as the access table says', async () => {
    const app = platform[service];
    const table = accessTable(service);
    const mismatches: Array<{ route: string; caller: string; expected: Outcome; got: number; message: string }> = [];
    let checked = 0;
    for (const route of routesOf(app)) {
      const access = table[routeKey(route)];
      if (!access) continue; // reported by the test above
      for (const caller of callers) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concretePath(route.url, fill),
          headers: headersOf(caller, ctx.env.SERVICE_TOKEN),
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        checked++;
        const expected = expectedOutcome(service, routeKey(route), access, caller);
        if (outcomeOf(res.statusCode) !== expected) {
          const message = String((res.json() as { message?: unknown }).message ?? res.body.slice(0, 120));
          mismatches.push({ route: routeKey(route), caller: caller.name, expected, got: res.statusCode, message });
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(routesOf(app).filter((r) => table[routeKey(r)]).length * callers.length);
  }, 180_000);
});

it('asks every demo account, a free user, an admin of another domain, a user yet to agree, a service and no token', () => {
  expect(callers.map((c) => c.name)).toEqual([
    'anonymous',
    'service',
    'admin',
    'member',
    'enhanced',
    'standard',
    'respondent',
    'respondent2',
    'viewer',
    'manager',
    'free',
    'partner-admin',
    'unagreed',
  ]);
  expect(isKitRoute('/metrics')).toBe(true);
});
