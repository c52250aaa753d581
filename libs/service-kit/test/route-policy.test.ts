import { RouteRules } from '@cti/access';
import { defineService, findHostileText, Type } from '@cti/service-kit';
import { signTestToken, serviceUnderTest } from '@cti/testing';

const Body = Type.Object({ Email: Type.String({ format: 'email' }), Roles: Type.Array(Type.Integer()) });

/** A service of the kit's own making with one route of each kind of guard. */
const probeService = defineService({
  name: 'probe',
  defaultPort: 0,
  async plugin(app) {
    app.post('/api/user/probe/admin', { preHandler: app.requireRule(RouteRules.adminOnly), schema: { body: Body } }, async (req) => ({
      got: req.body,
    }));
    app.post('/api/user/probe/user/:id', { preHandler: [app.requireUser], schema: { body: Body } }, async (req) => ({ got: req.body }));
    app.get('/api/user/probe/open', { schema: { querystring: Type.Object({ q: Type.Optional(Type.String()) }) } }, async (req) => ({
      q: req.query.q ?? null,
    }));
    app.post('/internal/probe', { preHandler: app.requireService, schema: { body: Body } }, async () => ({ ok: true }));
  },
});

const probe = serviceUnderTest(probeService);

const bearer = (admin: boolean) => ({
  authorization: `Bearer ${signTestToken({ sub: 'u-1', isAdmin: admin, roles: admin ? [1] : [] })}`,
});

describe('auth guards run before the body is validated', () => {
  it('answers an anonymous caller 401, not a 400 describing the expected body', async () => {
    const res = await probe.app.inject({ method: 'POST', url: '/api/user/probe/admin', payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([401, 'You must be logged in.']);
    expect(res.body).not.toMatch(/Email|Roles|body/);
    const listed = await probe.app.inject({ method: 'POST', url: '/api/user/probe/user/1', payload: { wrong: true } });
    expect(listed.statusCode).toBe(401);
  });

  it('answers a signed-in caller without the rule 403 whatever the body', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/user/probe/admin',
      headers: bearer(false),
      payload: 'not json at all',
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers an expired token 401 with Token-Expired on a rule route, and lets a caller with the rule through', async () => {
    const expired = signTestToken({ sub: 'u-1', isAdmin: true, roles: [1] }, -60_000);
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/user/probe/admin',
      headers: { authorization: `Bearer ${expired}` },
      payload: {},
    });
    expect([res.statusCode, res.headers['token-expired']]).toEqual([401, 'true']);
    const allowed = await probe.app.inject({
      method: 'POST',
      url: '/api/user/probe/admin',
      headers: bearer(true),
      payload: { Email: 'a@example.com', Roles: [1] },
    });
    expect([allowed.statusCode, allowed.json()]).toEqual([200, { got: { Email: 'a@example.com', Roles: [1] } }]);
  });

  it('refuses a service call without the service token before reading its body', async () => {
    expect((await probe.app.inject({ method: 'POST', url: '/internal/probe', payload: {} })).statusCode).toBe(403);
  });

  it('validates the body of callers who may use the route', async () => {
    const res = await probe.app.inject({ method: 'POST', url: '/api/user/probe/admin', headers: bearer(true), payload: {} });
    expect([res.statusCode, res.json().message]).toEqual([400, expect.stringMatching(/^Invalid body/)]);
  });

  it('lists every route with the guards it carries', () => {
    const routes = probe.app.registeredRoutes.filter((r) => r.url.includes('probe') && r.method !== 'HEAD').map(({ input: _, ...r }) => r);
    expect(routes).toEqual([
      { method: 'POST', url: '/api/user/probe/admin', guards: [{ kind: 'rule', rule: RouteRules.adminOnly }] },
      { method: 'POST', url: '/api/user/probe/user/:id', guards: [{ kind: 'user' }] },
      { method: 'GET', url: '/api/user/probe/open', guards: [] },
      { method: 'POST', url: '/internal/probe', guards: [{ kind: 'service' }] },
    ]);
  });
});

describe('text no field may hold', () => {
  const admin = bearer(true);
  const post = (payload: unknown) =>
    probe.app.inject({ method: 'POST', url: '/api/user/probe/admin', headers: admin, payload: payload as object });

  it('refuses NUL characters in a body field, naming the field', async () => {
    const res = await post({ Email: 'a\u0000@example.com', Roles: [] });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid body.Email: text must not contain a NUL character.']);
  });

  it('refuses unpaired UTF-16 surrogates, in values and in field names', async () => {
    const lone = await post({ Email: 'a@example.com', Roles: [], Note: 'x\ud800y' });
    expect([lone.statusCode, lone.json().message]).toEqual([400, 'Invalid body.Note: text must not contain an unpaired UTF-16 surrogate.']);
    // the raw JSON escape, as an attacker sends it
    const raw = await probe.app.inject({
      method: 'POST',
      url: '/api/user/probe/admin',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"Email":"a@example.com","Roles":[],"\\udc00":1}',
    });
    expect([raw.statusCode, raw.json().message]).toEqual([
      400,
      'Invalid body (a field name): text must not contain an unpaired UTF-16 surrogate.',
    ]);
  });

  it('refuses them in the query and the path', async () => {
    const query = await probe.app.inject({ method: 'GET', url: '/api/user/probe/open?q=a%00b' });
    expect([query.statusCode, query.json().message]).toEqual([400, 'Invalid query.q: text must not contain a NUL character.']);
    const path = await probe.app.inject({ method: 'POST', url: '/api/user/probe/user/%00', headers: admin, payload: {} });
    expect([path.statusCode, path.json().message]).toEqual([400, 'Invalid params.id: text must not contain a NUL character.']);
  });

  it('keeps real text: accents, CJK, and emoji (paired surrogates)', async () => {
    const res = await post({ Email: 'zoe@example.com', Roles: [1], Note: 'Zoë 東京 ✈️ 👩🏽‍✈️' });
    expect(res.statusCode).toBe(200);
    expect((await probe.app.inject({ method: 'GET', url: `/api/user/probe/open?q=${encodeURIComponent('🛫')}` })).json()).toEqual({
      q: '🛫',
    });
  });

  it('finds hostile text deep in arrays and refuses absurd nesting', () => {
    expect(findHostileText({ a: [{ b: ['ok', 'x\udfff'] }] }, 'body')).toEqual({
      where: 'body.a[0].b[1]',
      problem: 'an unpaired UTF-16 surrogate',
    });
    expect(findHostileText({ 'odd key': '\u0000' }, 'body')).toEqual({ where: 'body["odd key"]', problem: 'a NUL character' });
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findHostileText(deep, 'body')?.problem).toBe('nesting deeper than 32 levels');
    expect(findHostileText(Buffer.from([0, 0xd8]), 'body')).toBeNull();
  });

  it('names the whole path of a hostile field name deep in the body, and finds nothing in clean input', () => {
    expect(findHostileText({ a: { b: [{ 'x\u0000': 1 }] } }, 'body')).toEqual({
      where: 'body.a.b[0] (a field name)',
      problem: 'a NUL character',
    });
    expect(findHostileText({ a: { 'odd key': ['ok', { c: 'Zoë 東京 👩🏽‍✈️' }] }, n: 1, t: true, z: null }, 'body')).toBeNull();
    expect(findHostileText({ '*': 'group/index/list' }, 'params')).toBeNull();
  });
});
