import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

import type { SessionUser } from '@cti/contracts';

import { loggedOut, sessionAdopted, sessionRefreshed } from '../features/auth/auth-slice';

import { AsyncLock } from './lock';
import { loadStoredSession, storageBlocked } from './session-storage';

interface AuthView {
  auth: { user: { Id: string } | null; token: string | null; refreshToken: string | null; isFree: boolean };
}

/** Paths of the two refresh calls (free users have their own, the accounts states and transitions). */
export const refreshPath = (isFree: boolean) => (isFree ? 'api/freeUser/refresh' : 'api/user/refresh');

/** The argument that asks the base query to renew the session (app start) instead of fetching. */
export const RENEW_SESSION = 'cti:renew-session';

/**
 * What renewing the session came to: a current token (refreshed here, or taken from
 * another tab or request that refreshed first), the end of the session (refused: the
 * user is logged out), or no answer (network or server trouble: the session stays).
 */
export type RenewOutcome = 'renewed' | 'ended' | 'unavailable';

/** The Web Lock that lets one tab of this site refresh at a time. */
const TABS_LOCK = 'cti-session-refresh';

/** Requests of this tab wait while it refreshes; only one of them refreshes. */
const tabLock = new AsyncLock();

/**
 * Runs `work` holding the lock shared by every tab of the site (Web Locks). Where Web
 * Locks are missing (old browsers, plain http on another host) tabs are not kept apart,
 * and identity's rotation grace window covers them. Requests made inside go out at once.
 */
export async function withTabsLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return work();
  return await locks.request(TABS_LOCK, { mode: 'exclusive' }, work);
}

/** `withTabsLock`, and this tab's requests wait meanwhile (they would carry the token being replaced). */
async function withSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const release = await tabLock.acquire();
  try {
    return await withTabsLock(work);
  } finally {
    release();
  }
}

type RawQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * Renews a session whose access token `tokenUsed` is no longer good (or, at app start,
 * the stored one). Under the session lock it first looks whether another request of
 * this tab, or another tab (browser storage), already renewed it and takes that token;
 * only otherwise does it spend the refresh token. A session another tab ended ends here too.
 */
async function renewSession(api: BaseQueryApi, raw: RawQuery, tokenUsed: string | null, extra: object): Promise<RenewOutcome> {
  return withSessionLock(async () => {
    const state = (api.getState() as AuthView).auth;
    if (!state.user || !state.refreshToken) return 'ended';
    if (state.token && state.token !== tokenUsed) return 'renewed';
    const stored = loadStoredSession();
    if (!storageBlocked()) {
      if (!stored.user || stored.user.Id !== state.user.Id) {
        api.dispatch(loggedOut());
        return 'ended';
      }
      if (stored.token && stored.refreshToken && stored.token !== tokenUsed) {
        api.dispatch(sessionAdopted(stored));
        return 'renewed';
      }
    }
    const refreshToken = (!storageBlocked() && stored.refreshToken) || state.refreshToken;
    const refreshed = await raw({ url: refreshPath(state.isFree), method: 'POST', body: { token: refreshToken } }, api, extra);
    if (refreshed.data) {
      // the store writes it to storage at once, before the lock passes to another tab
      api.dispatch(sessionRefreshed(refreshed.data as SessionUser));
      return 'renewed';
    }
    const status = refreshed.error?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      api.dispatch(loggedOut());
      return 'ended';
    }
    return 'unavailable';
  });
}

const tokenExpired = (result: { error?: FetchBaseQueryError; meta?: FetchBaseQueryMeta }) =>
  result.error?.status === 401 && result.meta?.response?.headers.get('Token-Expired') === 'true';

/**
 * Fetch with the bearer token; on 401 with `Token-Expired: true` it renews the session
 * once (one refresh for any number of requests and tabs) and retries; a refused
 * refresh logs out. `RENEW_SESSION` renews without a request (app start).
 */
export function createBaseQuery(baseUrl: string): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const raw: RawQuery = fetchBaseQuery({
    baseUrl,
    // looked up per call, so test environments without fetch can still build the store
    fetchFn: (input, init) => globalThis.fetch(input, init),
    prepareHeaders: (headers, { getState }) => {
      const token = (getState() as AuthView).auth.token;
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });

  return async (args, api, extra) => {
    const options = extra ?? {};
    if (args === RENEW_SESSION) {
      return { data: await renewSession(api, raw, (api.getState() as AuthView).auth.token, options) };
    }
    await tabLock.waitForUnlock();
    const tokenUsed = (api.getState() as AuthView).auth.token;
    const result = await raw(args, api, options);
    if (!tokenExpired(result)) return result;
    const outcome = await renewSession(api, raw, tokenUsed, options);
    return outcome === 'renewed' ? raw(args, api, options) : result;
  };
}
