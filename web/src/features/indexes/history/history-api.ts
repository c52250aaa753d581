import type { HistoricalScoreRow } from '@cti/contracts';

import { api } from '../../../app/api';

/** Calls of the historical data page: every period's scores and the filter suggestions of the scores list (audit). */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    historicalScores: build.query<HistoricalScoreRow[], void>({
      query: () => 'api/group/index/history',
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

export const { useHistoricalScoresQuery, useScoreFilterSuggestionsQuery } = historyApi;
