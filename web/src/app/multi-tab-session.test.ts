/** @jest-environment node */
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import Fastify, { type FastifyInstance } from 'fastify';

import type { SessionUser } from '@cti/contracts';

/*
 * Two tabs of one browser: two copies of the app modules (each with its own in-tab
 * lock and store) sharing one localStorage and one Web Locks manager, against a server
 * whose refresh tokens rotate strictly (no grace window): a refresh token presented
 * twice would show as a reuse.
 */

class SharedStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

/** Web Locks' exclusive request, as the browser gives every tab of a site. */
class SharedLocks {
  private tail = new Map<string, Promise<unknown>>();
  request<T>(name: string, _options: unknown, work: () => Promise<T>): Promise<T> {
    const before = this.tail.get(name) ?? Promise.resolve();
    const run = before.then(() => work());
    this.tail.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }
}

const storage = new SharedStorage();
Object.assign(globalThis, { window: { localStorage: storage } });
Object.defineProperty(globalThis, 'navigator', { value: { locks: new SharedLocks() }, configurable: true });

let server: FastifyInstance;
let generation = 1;
let refreshCalls = 0;
let reuses = 0;
/** Access tokens past their expiry. */
const expired = new Set<string>();

const session = (n: number): SessionUser => ({
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
  Token: `t${n}`,
  RefreshToken: `r${n}`,
});

beforeAll(async () => {
  server = Fastify();
  server.get('/api/thing', async (req, reply) => {
    const token = req.headers.authorization?.slice(7) ?? '';
    if (token === `t${generation}` && !expired.has(token)) return { ok: true };
    return reply.code(401).header('Token-Expired', 'true').send({ message: 'Token expired' });
  });
  server.post('/api/user/refresh', async (req, reply) => {
    refreshCalls++;
    await new Promise((r) => setTimeout(r, 30));
    if ((req.body as { token: string }).token !== `r${generation}`) {
      reuses++;
      return reply.code(401).send({ message: 'Invalid refresh token' });
    }
    generation++;
    return session(generation);
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** One tab: its own copy of the app modules (own in-tab lock, own store), the shared storage and locks. */
function openTab() {
  let modules!: {
    baseQuery: typeof import('./base-query');
    slice: typeof import('../features/auth/auth-slice');
    storage: typeof import('./session-storage');
  };
  // a tab is a fresh module registry: require() inside isolateModules gives this tab its own copies
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- see above */
    modules = {
      baseQuery: require('./base-query') as typeof import('./base-query'),
      slice: require('../features/auth/auth-slice') as typeof import('../features/auth/auth-slice'),
      storage: require('./session-storage') as typeof import('./session-storage'),
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const api = createApi({
    baseQuery: modules.baseQuery.createBaseQuery(`http://127.0.0.1:${port}/`),
    endpoints: (b) => ({ thing: b.query<{ ok: boolean }, number>({ query: () => 'api/thing' }) }),
  });
  const store = configureStore({
    reducer: { auth: modules.slice.authSlice.reducer, [api.reducerPath]: api.reducer },
    middleware: (g) => g().concat(api.middleware),
  });
  // as the app's store does (store.ts): browser storage follows the session
  let previous = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth === previous) return;
    previous = auth;
    if (!auth.user) modules.storage.clearStoredSession();
    else modules.storage.storeSession(auth);
  });
  let n = 0;
  return {
    thing: () => store.dispatch(api.endpoints.thing.initiate(++n)),
    signIn: (s: SessionUser) => store.dispatch(modules.slice.signedIn({ session: s, isFree: false })),
    logOut: () => store.dispatch(modules.slice.loggedOut()),
    signedIn: () => !!store.getState().auth.user,
    token: () => store.getState().auth.token,
  };
}

/** Signs in in one tab, then opens a second tab on the stored session, as a browser does. */
function twoTabs() {
  generation = 1;
  refreshCalls = 0;
  reuses = 0;
  expired.clear();
  for (const key of ['cti.user', 'cti.authToken', 'cti.refreshToken', 'cti.isFreeUser']) storage.removeItem(key);
  const a = openTab();
  a.signIn(session(1));
  const b = openTab();
  return [a, b] as const;
}

it('opens a second tab on the stored session', () => {
  const [a, b] = twoTabs();
  expect(b.signedIn()).toBe(true);
  expect(b.token()).toBe(a.token());
});

it('when the access token expires in both tabs, one refresh goes out, no refresh token is presented twice, both go on', async () => {
  const [a, b] = twoTabs();
  expired.add('t1');
  const results = await Promise.all([a.thing(), b.thing(), a.thing(), b.thing()]);
  expect(results.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined]);
  expect(refreshCalls).toBe(1);
  expect(reuses).toBe(0);
  expect([a.token(), b.token()]).toEqual(['t2', 't2']);
  expect([a.signedIn(), b.signedIn()]).toEqual([true, true]);
});

it('a tab whose token another tab already renewed takes the new one from storage without refreshing', async () => {
  const [a, b] = twoTabs();
  expired.add('t1');
  expect((await a.thing()).error).toBeUndefined();
  expect(refreshCalls).toBe(1);
  // tab b still holds t1/r1 (a storage event would have told it; here it learns on its next request)
  expect(b.token()).toBe('t1');
  expect((await b.thing()).error).toBeUndefined();
  expect(refreshCalls).toBe(1);
  expect(reuses).toBe(0);
  expect(b.token()).toBe('t2');
});

it('a tab whose session another tab ended is signed out, without presenting the spent refresh token', async () => {
  const [a, b] = twoTabs();
  a.logOut();
  expired.add('t1');
  expect((await b.thing()).error).toBeDefined();
  expect(b.signedIn()).toBe(false);
  expect(refreshCalls).toBe(0);
});
