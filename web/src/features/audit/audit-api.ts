import type {
  AugmentAnswer,
  AugmentBody,
  AuditChainCheck,
  AuditReport,
  AuditReportBody,
  ChangeRecord,
  FilterKey,
  QuestionChangesBody,
  RecentChange,
} from '@cti/contracts';

import { api } from '../../app/api';

export interface FilterSuggestionArgs {
  key: FilterKey;
  text: string | null;
  /** Which list a shared key reads (Country: the audit's user groups or the scored countries). */
  list?: 'audit' | 'scores';
}

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditReport: build.query<AuditReport, AuditReportBody>({
      query: (body) => ({ url: 'api/report/audit', method: 'POST', body }),
      providesTags: [{ type: 'AuditReport', id: 'LIST' }],
    }),
    latestAuditChainCheck: build.query<AuditChainCheck | null, void>({
      query: () => 'api/report/audit/verify',
      providesTags: [{ type: 'AuditReport', id: 'CHAIN' }],
    }),
    startAuditChainCheck: build.mutation<AuditChainCheck, void>({
      query: () => ({ url: 'api/report/audit/verify', method: 'POST' }),
      invalidatesTags: [{ type: 'AuditReport', id: 'CHAIN' }],
    }),
    answerDiff: build.query<AugmentAnswer, AugmentBody>({
      query: (body) => ({ url: 'api/report/augment', method: 'POST', body }),
    }),
    filterSuggestions: build.query<string[], FilterSuggestionArgs>({
      // the body is the filter text as JSON, or null
      query: ({ key, text, list }) => ({
        url: `api/filter/${encodeURIComponent(key)}${list ? `?list=${list}` : ''}`,
        method: 'POST',
        body: JSON.stringify(text),
        headers: { 'content-type': 'application/json' },
      }),
    }),
    recentChanges: build.query<RecentChange[], number>({
      query: (count) => `api/questionnaire/changes/${count}`,
      providesTags: [{ type: 'Change', id: 'RECENT' }],
    }),
    questionChanges: build.query<ChangeRecord[], QuestionChangesBody>({
      query: (body) => ({ url: 'api/questionnaire/changes/question', method: 'POST', body }),
      providesTags: (_result, _error, body) => [{ type: 'Change', id: `${body.questionnaireId}/${body.questionId}` }],
    }),
  }),
});

export const {
  useLazyAuditReportQuery,
  useLatestAuditChainCheckQuery,
  useStartAuditChainCheckMutation,
  useAnswerDiffQuery,
  useFilterSuggestionsQuery,
  useRecentChangesQuery,
  useQuestionChangesQuery,
} = auditApi;
