import { appendToOutbox, buildService, defineService, requestContext, type ServiceApp } from '@cti/service-kit';
import { contextHooksOn, createTestContext, eventually, type TestContext } from '@cti/testing';

/**
 * A service that does not run its work inside trace contexts (`activeContext: false`, as
 * scoring): it hands them on instead, and Node 20's async hooks stay off.
 */
const loggedIn = { type: 'evt.identity.user.loggedIn', actor: null, data: { userId: 'u-1', email: 'probe@example.com' } } as never;
const loggedOut = { type: 'evt.identity.user.loggedOut', actor: null, data: { userId: 'u-1' } } as never;

const probeService = (name: string, activeContext: boolean) =>
  defineService({
    name,
    defaultPort: 0,
    activeContext,
    async plugin(app) {
      app.post('/api/user/probe/emit', async (request) => {
        await app.inTransaction((trx) => appendToOutbox(trx, loggedIn), { context: requestContext(request) });
        return { ok: true };
      });
    },
    // what a consumer writes while handling an event continues that event's trace
    consumers: () => [
      {
        filter: ['evt.identity.user.loggedIn'],
        async handle(_event, trx) {
          await appendToOutbox(trx, loggedOut);
        },
      },
    ],
  });

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Each app its own stream, so that one's consumer never reads the other's events. */
const envOf = (name: string) => ({
  ...ctx.env,
  EVENTS_STREAM: `${ctx.env.EVENTS_STREAM}_${name.toUpperCase()}`,
  EVENTS_SUBJECT_PREFIX: `${ctx.env.EVENTS_SUBJECT_PREFIX}${name.replace('_', '')}`,
});

const inCallersTrace = expect.stringMatching(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

/**
 * Builds the probe service in its own schema and stream, then emits one event through a
 * request with the caller's trace; the answer's request id, and the two outbox rows (the
 * request's event, then what the consumer wrote for it), once both are there.
 */
function probeEmitting(name: string, activeContext: boolean) {
  let app: ServiceApp | undefined;
  const written = { requestId: '', rows: [] as Array<{ type: string; headers: Record<string, string> }> };
  beforeAll(async () => {
    app = await buildService(probeService(name, activeContext), { env: envOf(name) });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/probe/emit',
      payload: {},
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(res.statusCode).toBe(200);
    const outbox = () =>
      ctx.query<{ type: string; headers: Record<string, string> }>(`select type, headers from ${name}.outbox order by seq`);
    await eventually(async () => (await outbox()).length === 2, 30_000);
    written.requestId = String(res.headers['x-request-id']);
    written.rows = await outbox();
  });
  afterAll(async () => {
    await app?.close();
  });
  return written;
}

describe('a service that hands its contexts on (activeContext: false)', () => {
  const written = probeEmitting('handed_on', false);

  it('writes the request’s event with the caller’s trace and the request id', () => {
    const event = written.rows.find((r) => r.type === 'evt.identity.user.loggedIn')!;
    expect(event.headers).toMatchObject({ traceparent: inCallersTrace, 'x-request-id': written.requestId });
  });

  it('writes what its consumer writes for that event in the same trace, with the same request id', () => {
    const event = written.rows.find((r) => r.type === 'evt.identity.user.loggedOut')!;
    expect(event.headers).toMatchObject({ traceparent: inCallersTrace, 'x-request-id': written.requestId });
  });

  it('served the request and handled the event without turning on async hooks', () => {
    expect(contextHooksOn()).not.toBe(true);
  });
});

// after the block above: once on, the hooks stay on for the rest of the process
describe('a service that runs its work inside its contexts (the default)', () => {
  const written = probeEmitting('entered', true);

  it('writes both events in the caller’s trace, with the request id', () => {
    for (const row of written.rows) expect(row.headers).toMatchObject({ traceparent: inCallersTrace, 'x-request-id': written.requestId });
  });

  it('turns async hooks on where contexts need them (what the check above would see)', () => {
    // (Node 24 needs no hooks: undefined there)
    expect(contextHooksOn()).not.toBe(false);
  });
});
