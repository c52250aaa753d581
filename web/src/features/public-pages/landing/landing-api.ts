import type { PublicIndexSummary } from '@cti/contracts';

import { api } from '../../../app/api';

/** The landing page's facts, answered by scoring without sign-in (no scores, no watchlist names). */
export const landingApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicSummary: build.query<PublicIndexSummary, void>({
      query: () => 'api/group/index/public',
      providesTags: [{ type: 'IndexList', id: 'PUBLIC' }],
    }),
  }),
});

export const { usePublicSummaryQuery } = landingApi;
