import type {
  DocumentRow,
  EnforceabilityScoring,
  QuestionnaireScoring,
  SaveEnforceabilityBody,
  SaveQuestionnaireScoresBody,
  ScoringInputs,
} from '@cti/contracts';

import { api } from '../../../app/api';

/** Calls of the scoring editors on the index screens: a questionnaire's scoring inputs, saving its scores or enforceability, and attaching an annotation. */
export const editorsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const {
  useScoringInputsQuery,
  useSaveQuestionnaireScoresMutation,
  useSaveEnforceabilityMutation,
  useUploadAnnotationFileMutation,
  useAttachAnnotationMutation,
} = editorsApi;
