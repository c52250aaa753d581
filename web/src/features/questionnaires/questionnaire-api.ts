import type {
  AdminCommentAnswer,
  AdminCommentSaveAnswer,
  AdminCommentSaveBody,
  AdminQuestionnaireRow,
  Approval,
  ConsentAnswer,
  ConsentBody,
  ConsentRow,
  LockBody,
  LockInfo,
  MessageBody,
  NavLocks,
  NeedQuestionnaireRow,
  Period,
  QuestionnaireChange,
  QuestionnaireInfo,
  QuestionnaireListRow,
  QuestionnaireProgress,
  QuestionnaireReportFilter,
  QuestionnaireStatus,
  QuestionsAnswer,
  QuestionsBody,
  SaveSectionAnswer,
  SaveSectionBody,
  SaveSectionQuery,
  UnlockQuery,
} from '@cti/contracts';

import { api } from '../../app/api';
import type { RootState } from '../../app/store';

import { followChanges } from './live/follow-changes';

const questionnaire = (id: string) => ({ type: 'Questionnaire' as const, id });
const PROGRESS = { type: 'Questionnaire' as const, id: 'PROGRESS' };

/** The latest change another page made to the questionnaire this page follows (`seq` counts them). */
export interface QuestionnaireChanges {
  connected: boolean;
  /** When the stream last (re)connected: what a page loaded before then may have missed a change. */
  connectedAt: number | null;
  seq: number;
  last: QuestionnaireChange | null;
  /**
   * The latest change (answers, lock or notes) of each section by `seq`: several changes may
   * arrive between two renders (leaving one section and taking the next), and a page looking
   * only at `last` would miss the one about its own section.
   */
  sections: Record<number, SectionChange>;
}

/** A section's latest change: what kind, by whom, the version it brought (answers, notes) or whether it locked. */
export interface SectionChange {
  seq: number;
  kind: QuestionnaireChange['kind'];
  by: string | null;
  version: number | null;
  locked: boolean | null;
}

type InvalidatedTag = Parameters<typeof api.util.invalidateTags>[0][number];

/**
 * What a page showing questionnaire `id` reloads after each kind of change ('all' after a
 * reconnection). Sections and admin notes are not among them: their pages hold typed text,
 * and load again through their edit sessions, which keep it.
 */
function tagsAfter(kind: QuestionnaireChange['kind'] | 'all', id: string): InvalidatedTag[] {
  const approvals: InvalidatedTag[] = ['Approval', PROGRESS];
  const byKind: Record<QuestionnaireChange['kind'], InvalidatedTag[]> = {
    approval: approvals,
    // an answer change withdraws the approvals of the earlier answers
    answers: [...approvals, questionnaire(id)],
    lock: ['Lock', PROGRESS],
    status: [...approvals, questionnaire(id), { type: 'Questionnaire', id: 'LIST' }],
    consent: ['Consent'],
    note: [],
  };
  return kind === 'all' ? [...new Set(Object.values(byKind).flat())] : byKind[kind];
}

/** The questionnaire service's API calls (and the periods'). */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    /* lists */
    openQuestionnaires: build.query<QuestionnaireListRow[], void>({
      query: () => 'api/questionnaire/open',
      providesTags: [{ type: 'Questionnaire', id: 'LIST' }],
    }),
    completedQuestionnaires: build.query<QuestionnaireListRow[], void>({
      query: () => 'api/questionnaire/completed',
      providesTags: [{ type: 'Questionnaire', id: 'LIST' }],
    }),
    questionnaireReport: build.query<AdminQuestionnaireRow[], QuestionnaireReportFilter[]>({
      query: (filters) => ({ url: 'api/questionnaire/report', method: 'POST', body: filters }),
      providesTags: [{ type: 'Questionnaire', id: 'LIST' }],
    }),
    closeOrOpen: build.mutation<boolean, { QuestionnaireId: string; Status: QuestionnaireStatus }>({
      query: (body) => ({ url: 'api/questionnaire/closeOrOpen', method: 'POST', body }),
      invalidatesTags: (_r, _e, arg) => [{ type: 'Questionnaire', id: 'LIST' }, questionnaire(arg.QuestionnaireId), 'Approval'],
    }),
    needQuestionnaire: build.query<NeedQuestionnaireRow[], void>({
      query: () => 'api/questionnaire/needQuestionnaire',
      providesTags: [{ type: 'Questionnaire', id: 'NEED' }],
    }),
    addQuestionnaire: build.mutation<boolean, string>({
      query: (countryId) => ({ url: `api/questionnaire/addQuestionnaire/${encodeURIComponent(countryId)}`, method: 'POST' }),
      invalidatesTags: [
        { type: 'Questionnaire', id: 'LIST' },
        { type: 'Questionnaire', id: 'NEED' },
      ],
    }),
    questionnaireInfo: build.query<QuestionnaireInfo, string>({
      query: (id) => `api/questionnaire/info/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [questionnaire(id)],
    }),
    /** The respondent's dashboard: their open questionnaires and where each stands. */
    questionnaireProgress: build.query<QuestionnaireProgress[], void>({
      query: () => 'api/questionnaire/progress',
      providesTags: [PROGRESS],
    }),
    /**
     * Follows the questionnaire's change stream (server-sent events) while a page shows it:
     * approvals, answers, locks, status and consents made elsewhere reload what they
     * change here, so the other firm's page follows without a reload. The stream
     * reconnects by itself (service restarts, expired tokens) and everything is reloaded
     * after a reconnection.
     */
    questionnaireChanges: build.query<QuestionnaireChanges, string>({
      queryFn: () => ({ data: { connected: false, connectedAt: null, seq: 0, last: null, sections: {} } }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(id, { dispatch, getState, updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded;
        const controller = new AbortController();
        // a save of many answers arrives as many changes: reload once
        const pending = new Map<string, InvalidatedTag>();
        let timer: ReturnType<typeof setTimeout> | null = null;
        const invalidate = (tags: InvalidatedTag[]) => {
          for (const tag of tags) pending.set(JSON.stringify(tag), tag);
          timer ??= setTimeout(() => {
            timer = null;
            const batch = [...pending.values()];
            pending.clear();
            dispatch(api.util.invalidateTags(batch));
          }, 150);
        };
        const following = followChanges({
          url: `/api/questionnaire/live/${encodeURIComponent(id)}`,
          token: () => (getState() as RootState).auth.token,
          onChange: (change) => {
            updateCachedData((draft) => {
              draft.seq += 1;
              draft.last = change;
              if (change.sectionId !== null && (change.kind === 'lock' || change.kind === 'answers' || change.kind === 'note')) {
                draft.sections[change.sectionId] = {
                  seq: draft.seq,
                  kind: change.kind,
                  by: change.by,
                  version: change.version ?? null,
                  locked: change.locked ?? null,
                };
              }
            });
            invalidate(tagsAfter(change.kind, id));
          },
          onConnected: (reconnected) => {
            updateCachedData((draft) => {
              draft.connected = true;
              draft.connectedAt = Date.now();
            });
            if (reconnected) invalidate(tagsAfter('all', id));
          },
          // reloading the questionnaire goes through the base query, which refreshes the session
          onTokenExpired: async () => {
            dispatch(api.util.invalidateTags([questionnaire(id)]));
          },
          signal: controller.signal,
        });
        await cacheEntryRemoved;
        controller.abort();
        if (timer) clearTimeout(timer);
        await following;
      },
    }),

    /* periods */
    periods: build.query<Period[], void>({ query: () => 'api/period', providesTags: [{ type: 'Period', id: 'LIST' }] }),
    currentPeriod: build.query<Period, void>({
      query: () => 'api/period/currentPeriod',
      providesTags: [{ type: 'Period', id: 'CURRENT' }],
    }),
    addPeriod: build.mutation<boolean, string>({
      query: (name) => ({ url: `api/period/${encodeURIComponent(name)}`, method: 'POST' }),
      invalidatesTags: ['Period', { type: 'Questionnaire', id: 'LIST' }, { type: 'Questionnaire', id: 'NEED' }],
    }),

    /* sections */
    sectionQuestions: build.query<QuestionsAnswer, QuestionsBody>({
      query: (body) => ({ url: 'api/questionnaire/questions', method: 'POST', body }),
      // a section always opens fresh: the lock is taken and answers may have moved on
      keepUnusedDataFor: 0,
      providesTags: (_r, _e, arg) => [{ type: 'Questionnaire', id: `${arg.QuestionnaireId}:${arg.SectionId}` }],
    }),
    /** A section save, naming the version it was based on and the tab's lock id (`query`); 409 answers a `SaveRefusal`. */
    saveSection: build.mutation<
      SaveSectionAnswer,
      { questionnaireId: string; userId: string; query: SaveSectionQuery; questions: SaveSectionBody }
    >({
      query: ({ questionnaireId, userId, query, questions }) => ({
        url: `api/questionnaire/save/${questionnaireId}/${userId}`,
        method: 'POST',
        params: query,
        body: questions,
      }),
      // answers changed: approvals of the earlier answers no longer count
      invalidatesTags: (_r, _e, arg) => [
        questionnaire(arg.questionnaireId),
        'Approval',
        { type: 'Questionnaire', id: 'LIST' },
        { type: 'Questionnaire', id: 'IDERA' },
        PROGRESS,
      ],
    }),
    confirmUnchanged: build.mutation<MessageBody, { QuestionnaireId: string; SectionId: number }>({
      query: (body) => ({ url: 'api/questionnaire/confirmUnchanged', method: 'POST', body }),
      invalidatesTags: (_r, _e, arg) => [{ type: 'Questionnaire', id: `${arg.QuestionnaireId}:${arg.SectionId}` }],
    }),
    ideraDeclaration: build.query<boolean, string>({
      query: (id) => `api/questionnaire/ideraDeclaration/${id}`,
      providesTags: [{ type: 'Questionnaire', id: 'IDERA' }],
      keepUnusedDataFor: 0,
    }),

    /* locks */
    /** Takes or renews this tab's lock of a section (`TakeOver`: moves it here from the user's other tab). */
    renewLock: build.mutation<LockInfo, LockBody>({
      query: (body) => ({ url: 'api/questionnaire/lock', method: 'POST', body }),
    }),
    unlock: build.mutation<{ released: number }, UnlockQuery | void>({
      query: (scope) => ({ url: 'api/questionnaire/unlock', params: scope ?? undefined }),
      invalidatesTags: ['Lock'],
    }),
    navLocks: build.query<NavLocks, string>({
      query: (id) => `api/questionnaire/navlocks/${id}`,
      providesTags: ['Lock'],
    }),

    /* admin notes */
    adminComment: build.query<AdminCommentAnswer, { questionnaireId: string; sectionId: number }>({
      query: (body) => ({ url: 'api/questionnaire/adminComment', method: 'POST', body }),
      providesTags: (_r, _e, arg) => [{ type: 'AdminComment', id: `${arg.questionnaireId}:${arg.sectionId}` }],
      keepUnusedDataFor: 0,
    }),
    /** An admin note save naming the version it was based on; 409 answers an `AdminCommentRefusal`. */
    saveAdminComment: build.mutation<AdminCommentSaveAnswer, AdminCommentSaveBody>({
      query: (body) => ({ url: 'api/questionnaire/adminComment/save', method: 'POST', body }),
      invalidatesTags: (_r, _e, arg) => [{ type: 'AdminComment', id: `${arg.questionnaireId}:${arg.sectionId}` }],
    }),

    /* approvals */
    approvedNames: build.query<Approval[], string>({
      query: (id) => ({ url: `api/finalize/approvedNames/${id}`, method: 'POST' }),
      providesTags: ['Approval'],
    }),
    canApprove: build.query<boolean, { questionnaireId: string; userId: string }>({
      query: (body) => ({ url: 'api/finalize/canApprove', method: 'POST', body }),
      providesTags: ['Approval'],
    }),
    readyForFinalization: build.query<boolean, string>({
      query: (id) => ({ url: `api/finalize/readyForFinalization/${id}`, method: 'POST' }),
      providesTags: ['Approval'],
    }),
    approve: build.mutation<MessageBody, { questionnaireId: string; userId: string }>({
      query: (body) => ({ url: 'api/finalize', method: 'POST', body }),
      invalidatesTags: ['Approval'],
    }),
    submitAsFinal: build.mutation<boolean, string>({
      query: (id) => ({ url: `api/finalize/close/${id}`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => ['Approval', questionnaire(id), { type: 'Questionnaire', id: 'LIST' }],
    }),

    /* consent */
    giveConsent: build.mutation<MessageBody, ConsentBody>({
      query: (body) => ({ url: 'api/consent', method: 'POST', body }),
      invalidatesTags: ['Consent'],
    }),
    consentAnswer: build.query<ConsentAnswer, { QuestionnaireId: string; UserId: string }>({
      query: (body) => ({ url: 'api/consent/answer', method: 'POST', body }),
      providesTags: ['Consent'],
    }),
    consents: build.query<ConsentRow[], string>({
      query: (id) => `api/consent/${id}`,
      providesTags: ['Consent'],
    }),

    /* export: the documents service renders posted HTML (scripts do not run there) */
    printQuestionnaire: build.mutation<string, { html: string; filename: string }>({
      query: (body) => ({
        url: 'api/print',
        method: 'POST',
        body,
        // the PDF becomes an object URL at once: the store keeps only serializable values
        responseHandler: async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.text()),
      }),
    }),
  }),
});

export const {
  useOpenQuestionnairesQuery,
  useCompletedQuestionnairesQuery,
  useQuestionnaireReportQuery,
  useCloseOrOpenMutation,
  useNeedQuestionnaireQuery,
  useAddQuestionnaireMutation,
  useQuestionnaireInfoQuery,
  useQuestionnaireProgressQuery,
  useQuestionnaireChangesQuery,
  usePeriodsQuery,
  useCurrentPeriodQuery,
  useAddPeriodMutation,
  useSectionQuestionsQuery,
  useSaveSectionMutation,
  useConfirmUnchangedMutation,
  useIderaDeclarationQuery,
  useUnlockMutation,
  useNavLocksQuery,
  useAdminCommentQuery,
  useSaveAdminCommentMutation,
  useApprovedNamesQuery,
  useCanApproveQuery,
  useReadyForFinalizationQuery,
  useApproveMutation,
  useSubmitAsFinalMutation,
  useGiveConsentMutation,
  useConsentAnswerQuery,
  useConsentsQuery,
  usePrintQuestionnaireMutation,
} = questionnaireApi;
