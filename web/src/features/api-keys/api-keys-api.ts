import type { ApiKeyView, CreateApiKeyBody, CreatedApiKey } from '@cti/contracts';

import { api } from '../../app/api';
import { asDownloadedFile, type DownloadedFile } from '../../lib/file-download';

const enc = encodeURIComponent;
const MINE = { type: 'ApiKey' as const, id: 'LIST' };
const ofUser = (userId: string) => ({ type: 'ApiKey' as const, id: `user:${userId}` });

/** Personal read-only API keys: the owner's on My account, any user's for admins. */
export const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    myApiKeys: build.query<ApiKeyView[], void>({
      query: () => 'api/user/apiKeys',
      providesTags: (rows) => [MINE, ...(rows ?? []).map((k) => ({ type: 'ApiKey' as const, id: k.Id }))],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyBody>({
      query: (body) => ({ url: 'api/user/apiKeys', method: 'POST', body }),
      invalidatesTags: [MINE],
    }),
    revokeApiKey: build.mutation<ApiKeyView, { keyId: string; userId?: string }>({
      query: ({ keyId }) => ({ url: `api/user/apiKeys/${enc(keyId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { keyId, userId }) => [MINE, { type: 'ApiKey', id: keyId }, ...(userId ? [ofUser(userId)] : [])],
    }),
    /** The AsyncAPI document of the events the `integrations` NATS account reads (every event for admins). */
    eventContract: build.mutation<DownloadedFile, void>({
      query: () => ({
        url: 'api/documentation/asyncapi',
        method: 'GET',
        responseHandler: asDownloadedFile('compliance-index-events.asyncapi.json'),
      }),
    }),
    apiKeysOfUser: build.query<ApiKeyView[], string>({
      query: (userId) => `api/user/apiKeys/of/${enc(userId)}`,
      providesTags: (_r, _e, userId) => [ofUser(userId)],
    }),
  }),
});

export const { useMyApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation, useApiKeysOfUserQuery, useEventContractMutation } =
  apiKeysApi;
