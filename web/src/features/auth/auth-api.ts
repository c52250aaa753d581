import type { LoginBody, SessionUser } from '@cti/contracts';
import { api } from '../../app/api';
import { refreshPath } from '../../app/base-query';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionUser, LoginBody>({
      query: (body) => ({ url: 'api/user/login', method: 'POST', body }),
    }),
    refresh: build.mutation<SessionUser, { token: string; isFree: boolean }>({
      query: ({ token, isFree }) => ({ url: refreshPath(isFree), method: 'POST', body: { token } }),
    }),
    logout: build.mutation<unknown, { userId: string; username: string; isFree: boolean }>({
      query: ({ userId, username, isFree }) => ({
        url: isFree ? `api/freeUser/logout/${encodeURIComponent(username)}` : `api/user/logout/${encodeURIComponent(userId)}`,
        method: 'POST',
      }),
    }),
  }),
});

export const { useLoginMutation, useRefreshMutation, useLogoutMutation } = authApi;
