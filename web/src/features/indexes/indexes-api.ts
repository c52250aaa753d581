import type {
  AsuRow,
  CertifiedScorecardOrder,
  DocumentRow,
  EnforceabilityHistoryRow,
  EnforceabilityRow,
  EnforceabilityScorecard,
  EnforceabilityScoring,
  GroupIndexRow,
  HistoricalScoreRow,
  IndexCountryRow,
  MapData,
  MessageBody,
  ProductQuickList,
  QuestionnaireScoring,
  SaveEnforceabilityBody,
  SaveQuestionnaireScoresBody,
  ScoreHistoryRow,
  Scorecard,
  ScoringInputs,
} from '@cti/contracts';

import { api } from '../../app/api';
import { asDownloadedFile, type DownloadedFile } from '../../lib/file-download';

/**
 * Calls of the indexes: the read models of the scoring service (answered
 * with ETags, so the browser revalidates instead of downloading again), the scoring
 * editors, prints, and the documents/commerce/audit calls the index screens make.
 */
export const indexesApi = api.injectEndpoints({
  endpoints: (build) => ({
    indexList: build.query<GroupIndexRow[], void>({
      query: () => 'api/group/index/list',
      providesTags: [{ type: 'IndexList', id: 'LIST' }],
    }),
    asuList: build.query<AsuRow[], void>({ query: () => 'api/group/index/asu', providesTags: [{ type: 'IndexList', id: 'ASU' }] }),
    mapData: build.query<MapData, void>({ query: () => 'api/group/index/map', providesTags: [{ type: 'IndexList', id: 'MAP' }] }),
    historicalScores: build.query<HistoricalScoreRow[], void>({
      query: () => 'api/group/index/history',
      providesTags: [{ type: 'IndexList', id: 'HISTORY' }],
    }),
    scorecard: build.query<Scorecard, string>({
      query: (groupId) => `api/group/index/${encodeURIComponent(groupId)}`,
      providesTags: (_r, _e, id) => [{ type: 'Scorecard', id }],
    }),
    scoreHistory: build.query<ScoreHistoryRow[], string>({
      query: (groupId) => `api/group/index/${encodeURIComponent(groupId)}/scores`,
      providesTags: (_r, _e, id) => [{ type: 'Scorecard', id }],
    }),
    enforceabilityList: build.query<EnforceabilityRow[], void>({
      query: () => 'api/group/index/enforceability/list',
      providesTags: [{ type: 'Enforceability', id: 'LIST' }],
    }),
    enforceabilityScorecard: build.query<EnforceabilityScorecard, string>({
      query: (groupId) => `api/group/index/enforceability/${encodeURIComponent(groupId)}`,
      providesTags: (_r, _e, id) => [{ type: 'Enforceability', id }],
    }),
    enforceabilityHistory: build.query<EnforceabilityHistoryRow[], string>({
      query: (groupId) => `api/group/index/enforceability/${encodeURIComponent(groupId)}/scores`,
      providesTags: (_r, _e, id) => [{ type: 'Enforceability', id }],
    }),

    scoringInputs: build.query<ScoringInputs, string>({
      query: (questionnaireId) => `api/group/index/scoring/${encodeURIComponent(questionnaireId)}`,
      providesTags: (_r, _e, id) => [{ type: 'Scorecard', id: `inputs-${id}` }],
    }),
    saveQuestionnaireScores: build.mutation<QuestionnaireScoring, SaveQuestionnaireScoresBody>({
      query: (body) => ({ url: 'api/questionnaire/save', method: 'POST', body }),
      invalidatesTags: (r, _e, body) => [
        { type: 'IndexList', id: 'LIST' },
        { type: 'IndexList', id: 'ASU' },
        { type: 'IndexList', id: 'MAP' },
        { type: 'IndexList', id: 'HISTORY' },
        { type: 'Scorecard', id: `inputs-${body.Id}` },
        ...(r ? [{ type: 'Scorecard' as const, id: r.GroupId }] : []),
      ],
    }),
    // QuestionnaireId goes to the server too: it refuses a questionnaire of another country or period.
    saveEnforceability: build.mutation<EnforceabilityScoring, SaveEnforceabilityBody>({
      query: (body) => ({ url: 'api/questionnaire/enforceability/save', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [
        { type: 'Enforceability', id: 'LIST' },
        { type: 'Enforceability', id: body.GroupId },
        ...(body.QuestionnaireId ? [{ type: 'Scorecard' as const, id: `inputs-${body.QuestionnaireId}` }] : []),
      ],
    }),
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

    printScorecard: build.mutation<DownloadedFile, { GroupId: string; variant: 'compliance' | 'enforceability' }>({
      query: ({ GroupId, variant }) => ({
        url: variant === 'enforceability' ? 'api/print/enforceability/scorecard' : 'api/print/scorecard',
        method: 'POST',
        body: { GroupId },
        responseHandler: asDownloadedFile(variant === 'enforceability' ? 'Enforceability Scorecard.pdf' : 'Scorecard.pdf'),
      }),
    }),
    printAsu: build.mutation<DownloadedFile, void>({
      query: () => ({
        url: 'api/print/asu',
        method: 'POST',
        body: {},
        responseHandler: asDownloadedFile(`ASU_assessment${new Date().toISOString().slice(0, 10)}.xlsx`),
      }),
    }),
    /** Certified-for-transaction scorecard from the documents service (it adds the verification code). */
    downloadCft: build.mutation<DownloadedFile, string>({
      query: (groupId) => ({
        url: `api/print/cft/${encodeURIComponent(groupId)}`,
        method: 'GET',
        responseHandler: asDownloadedFile('Certified Scorecard.pdf'),
      }),
    }),

    /** Documents: the user's single-country certified-scorecard orders in force (each opens one country and period). */
    cftOrders: build.query<CertifiedScorecardOrder[], void>({
      query: () => 'api/print/cft/orders',
      // a completed payment invalidates the purchases, and with them what they unlock
      providesTags: [
        { type: 'Purchase', id: 'LIST' },
        { type: 'Purchase', id: 'CFT_ORDERS' },
      ],
    }),
    /** Commerce: product ids by name (the "CFT Download" product is ordered from the index). */
    cftProducts: build.query<ProductQuickList, void>({
      query: () => 'api/product/quicklist',
      providesTags: [{ type: 'Product', id: 'QUICKLIST' }],
    }),
    /** Documents: a country's documents and annotations (type 1 compliance, 2 enforceability). */
    scorecardDocuments: build.query<DocumentRow[], { groupId: string; type: 1 | 2 }>({
      query: ({ groupId, type }) => ({ url: `api/document/all/${encodeURIComponent(groupId)}?type=${type}`, method: 'POST' }),
      providesTags: [{ type: 'Document', id: 'LIST' }],
    }),
    /** Documents: e-mails the user a link to the country's annotation. */
    emailAnnotations: build.mutation<MessageBody, { groupId: string; type: 1 | 2 }>({
      query: ({ groupId, type }) => ({ url: `api/group/annotations/${encodeURIComponent(groupId)}?type=${type}`, method: 'POST' }),
    }),
    uploadAnnotationFile: build.mutation<string, { type: 1 | 2; file: File }>({
      query: ({ type, file }) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `api/document?type=${type}`, method: 'POST', body: form, responseHandler: 'text' };
      },
    }),
    attachAnnotation: build.mutation<
      DocumentRow,
      { type: 1 | 2; QuestionnaireId?: string; GroupId?: string; PeriodId?: string; S3Name: string }
    >({
      query: ({ type, ...body }) => ({ url: `api/document/annotation?type=${type}`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Document', id: 'LIST' }],
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

export const {
  useIndexListQuery,
  useAsuListQuery,
  useMapDataQuery,
  useHistoricalScoresQuery,
  useScorecardQuery,
  useScoreHistoryQuery,
  useEnforceabilityListQuery,
  useEnforceabilityScorecardQuery,
  useEnforceabilityHistoryQuery,
  useScoringInputsQuery,
  useSaveQuestionnaireScoresMutation,
  useSaveEnforceabilityMutation,
  useIndexCountriesQuery,
  useSetContractingMutation,
  usePrintScorecardMutation,
  usePrintAsuMutation,
  useDownloadCftMutation,
  useCftOrdersQuery,
  useCftProductsQuery,
  useScorecardDocumentsQuery,
  useEmailAnnotationsMutation,
  useUploadAnnotationFileMutation,
  useAttachAnnotationMutation,
  useScoreFilterSuggestionsQuery,
} = indexesApi;
