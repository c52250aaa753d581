import type {
  AsuRow,
  CertifiedScorecardOrder,
  DocumentRow,
  EnforceabilityHistoryRow,
  EnforceabilityRow,
  EnforceabilityScorecard,
  GroupIndexRow,
  MapData,
  MessageBody,
  ProductQuickList,
  ScoreHistoryRow,
  Scorecard,
} from '@cti/contracts';

import { api } from '../../app/api';
import { asDownloadedFile, type DownloadedFile } from '../../lib/file-download';

/**
 * Calls of the indexes: the read models of the scoring service (answered
 * with ETags, so the browser revalidates instead of downloading again), prints, and the
 * documents/commerce calls the index screens make. The editors, the admin's Index countries
 * and the historical data have their own files, loaded with their screens.
 */
export const indexesApi = api.injectEndpoints({
  endpoints: (build) => ({
    indexList: build.query<GroupIndexRow[], void>({
      query: () => 'api/group/index/list',
      providesTags: [{ type: 'IndexList', id: 'LIST' }],
    }),
    asuList: build.query<AsuRow[], void>({ query: () => 'api/group/index/asu', providesTags: [{ type: 'IndexList', id: 'ASU' }] }),
    mapData: build.query<MapData, void>({ query: () => 'api/group/index/map', providesTags: [{ type: 'IndexList', id: 'MAP' }] }),
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
  }),
});

export const {
  useIndexListQuery,
  useAsuListQuery,
  useMapDataQuery,
  useScorecardQuery,
  useScoreHistoryQuery,
  useEnforceabilityListQuery,
  useEnforceabilityScorecardQuery,
  useEnforceabilityHistoryQuery,
  usePrintScorecardMutation,
  usePrintAsuMutation,
  useCftOrdersQuery,
  useCftProductsQuery,
  useScorecardDocumentsQuery,
  useEmailAnnotationsMutation,
} = indexesApi;
