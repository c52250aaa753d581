import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { SessionUser } from '@cti/contracts';
import { loggedOut, sessionRefreshed } from '../features/auth/auth-slice';
import { AsyncLock } from './lock';

interface AuthView {
  auth: { token: string | null; refreshToken: string | null; isFree: boolean };
}

const refreshLock = new AsyncLock();

/** Paths of the two refresh calls (free users have their own, accounts §4). */
export const refreshPath = (isFree: boolean) => (isFree ? 'api/freeUser/refresh' : 'api/user/refresh');

/**
 * Fetch with the bearer token; on 401 with `Token-Expired: true` it refreshes once
 * (one refresh for any number of concurrent requests) and retries, else logs out.
 */
export function createBaseQuery(baseUrl: string): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const raw = fetchBaseQuery({
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
    await refreshLock.waitForUnlock();
    // the token this request is sent with, read before sending: another request may have
    // refreshed it by the time this one's 401 comes back
    const tokenUsed = (api.getState() as AuthView).auth.token;
    let result = await raw(args, api, extra);
    const expired = result.error?.status === 401 && result.meta?.response?.headers.get('Token-Expired') === 'true';
    if (!expired) return result;

    const release = await refreshLock.acquire();
    try {
      const { token, refreshToken, isFree } = (api.getState() as AuthView).auth;
      // another request refreshed while this one waited: just retry
      if (token && token !== tokenUsed) return raw(args, api, extra);
      if (!refreshToken) {
        api.dispatch(loggedOut());
        return result;
      }
      const refreshed = await raw({ url: refreshPath(isFree), method: 'POST', body: { token: refreshToken } }, api, extra);
      if (refreshed.data) {
        api.dispatch(sessionRefreshed(refreshed.data as SessionUser));
        result = await raw(args, api, extra);
      } else {
        api.dispatch(loggedOut());
      }
    } finally {
      release();
    }
    return result;
  };
}
