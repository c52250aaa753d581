import type { CompareScores, HistoricalScoreRow } from '@cti/contracts';

import { api } from '../../../app/api';

/** Calls of the historical data pages: every period's scores, the compare view's countries and the filter suggestions of the scores list (audit). */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    historicalScores: build.query<HistoricalScoreRow[], void>({
      query: () => 'api/group/index/history',
      providesTags: [{ type: 'IndexList', id: 'HISTORY' }],
    }),
    /** Several countries' scores over the periods and their variables, for the compare view (group ids, up to eight). */
    compareScores: build.query<CompareScores, readonly string[]>({
      query: (groupIds) => `api/group/index/compare?groups=${groupIds.map(encodeURIComponent).join(',')}`,
      providesTags: [{ type: 'IndexList', id: 'HISTORY' }],
    }),
    /** Audit: filter suggestions of the scores list (Score, Year, Country). */
    scoreFilterSuggestions: build.query<string[], { key: 'Score' | 'Year' | 'Country'; text: string }>({
      query: ({ key, text }) => ({
        url: `api/filter/${key}?list=scores`,
        method: 'POST',
        body: JSON.stringify(text.trim() || null),
        headers: { 'content-type': 'application/json' },
      }),
    }),
  }),
});

export const { useHistoricalScoresQuery, useCompareScoresQuery, useScoreFilterSuggestionsQuery } = historyApi;
