/** @jest-environment node */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import Fastify, { type FastifyInstance } from 'fastify';

import type { SessionUser } from '@cti/contracts';

import { authSlice, signedIn } from '../features/auth/auth-slice';

import { createBaseQuery } from './base-query';

// a real HTTP server standing in for the gateway: tokens "t1" expire, "t2" is valid
let server: FastifyInstance;
let refreshCalls = 0;
let refreshWorks = true;
/** Resolved when a refresh has answered: lets a request answer its 401 only after another request refreshed. */
let refreshed: Promise<void>;
let markRefreshed: () => void;

const session = (token: string, refresh: string): SessionUser => ({
  Id: 'u1',
  Username: 'u@example.com',
  Name: 'U',
  FirstName: 'U',
  LastName: 'X',
  Roles: [6],
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: false,
  Groups: [],
  IsFree: false,
  Token: token,
  RefreshToken: refresh,
});

beforeAll(async () => {
  server = Fastify();
  server.get('/api/thing', async (req, reply) => {
    if (req.headers.authorization === 'Bearer t2') return { ok: true };
    return reply.code(401).header('Token-Expired', 'true').send({ message: 'Token expired' });
  });
  server.get('/api/late-thing', async (req, reply) => {
    if (req.headers.authorization === 'Bearer t2') return { ok: true };
    await refreshed;
    return reply.code(401).header('Token-Expired', 'true').send({ message: 'Token expired' });
  });
  server.post('/api/user/refresh', async (req, reply) => {
    refreshCalls++;
    await new Promise((r) => setTimeout(r, 50));
    if (!refreshWorks || (req.body as { token: string }).token !== 'r1') return reply.code(401).send({ message: 'Invalid refresh token' });
    reply.raw.once('finish', () => markRefreshed());
    return session('t2', 'r2');
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

function setup() {
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const api = createApi({
    baseQuery: createBaseQuery(`http://127.0.0.1:${port}/`),
    endpoints: (b) => ({
      thing: b.query<{ ok: boolean }, number>({ query: () => 'api/thing' }),
      lateThing: b.query<{ ok: boolean }, number>({ query: () => 'api/late-thing' }),
    }),
  });
  const store = configureStore({
    reducer: { auth: authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (g) => g().concat(api.middleware),
  });
  store.dispatch(signedIn({ session: session('t1', 'r1'), isFree: false }));
  return { api, store };
}

beforeEach(() => {
  refreshCalls = 0;
  refreshWorks = true;
  refreshed = new Promise((resolve) => (markRefreshed = resolve));
});

it('refreshes once on 401 + Token-Expired and retries the request', async () => {
  const { api, store } = setup();
  const result = await store.dispatch(api.endpoints.thing.initiate(1));
  expect(result.data).toEqual({ ok: true });
  expect(store.getState().auth.token).toBe('t2');
  expect(store.getState().auth.refreshToken).toBe('r2');
  expect(refreshCalls).toBe(1);
});

it('uses one refresh for concurrent expired requests', async () => {
  const { api, store } = setup();
  const results = await Promise.all([1, 2, 3].map((n) => store.dispatch(api.endpoints.thing.initiate(n))));
  expect(results.every((r) => r.data?.ok)).toBe(true);
  expect(refreshCalls).toBe(1);
});

it('retries with the new token, without a second refresh, a request whose 401 comes back after another request refreshed', async () => {
  const { api, store } = setup();
  // sent with t1; its 401 arrives only once the other request's refresh has answered
  const late = store.dispatch(api.endpoints.lateThing.initiate(1));
  const first = await store.dispatch(api.endpoints.thing.initiate(1));
  expect(first.data).toEqual({ ok: true });
  expect((await late).data).toEqual({ ok: true });
  expect(refreshCalls).toBe(1);
  expect(store.getState().auth.token).toBe('t2');
  expect(store.getState().auth.user).not.toBeNull();
});

it('logs out when the refresh fails', async () => {
  refreshWorks = false;
  const { api, store } = setup();
  const result = await store.dispatch(api.endpoints.thing.initiate(1));
  expect(result.error).toBeDefined();
  expect(store.getState().auth.user).toBeNull();
  expect(store.getState().auth.token).toBeNull();
});
