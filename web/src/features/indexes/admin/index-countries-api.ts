import type { IndexCountryRow } from '@cti/contracts';

import { api } from '../../../app/api';

/** Calls of the admin's Index countries screen: which countries are contracting states. */
export const indexCountriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    indexCountries: build.query<IndexCountryRow[], void>({
      query: () => 'api/group/index/countries',
      providesTags: [{ type: 'IndexList', id: 'COUNTRIES' }],
    }),
    setContracting: build.mutation<IndexCountryRow, { GroupId: string; Contracting: boolean }>({
      query: ({ GroupId, Contracting }) => ({
        url: `api/group/index/countries/${encodeURIComponent(GroupId)}`,
        method: 'POST',
        body: { Contracting },
      }),
      invalidatesTags: (_r, _e, { GroupId }) => [
        { type: 'IndexList', id: 'LIST' },
        { type: 'IndexList', id: 'ASU' },
        { type: 'IndexList', id: 'MAP' },
        { type: 'IndexList', id: 'HISTORY' },
        { type: 'IndexList', id: 'COUNTRIES' },
        { type: 'Enforceability', id: 'LIST' },
        { type: 'Scorecard', id: GroupId },
        { type: 'Enforceability', id: GroupId },
      ],
    }),
  }),
});

export const { useIndexCountriesQuery, useSetContractingMutation } = indexCountriesApi;
