import { RouteRules } from '@cti/access';
import {
  ConfirmUnchangedBody,
  ErrorBody,
  MessageBody,
  QuestionnaireAnswers,
  QuestionsAnswerSchema,
  QuestionsBody,
  SaveSectionBody,
  SaveSectionParams,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { confirmSectionUnchanged } from './confirm-unchanged';
import { loadSection } from './load-section';
import { saveSection } from './save-section';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Section pages: load with lock, save, confirm unchanged. */
export async function sectionRoutes(app: QuestionnaireApp, opts: { lockTtlSeconds: number }) {
  const tags = ['sections'];
  const rule = app.requireRule(RouteRules.questionnaire);
  app.post(
    '/api/questionnaire/questions',
    {
      preHandler: rule,
      schema: {
        summary: 'A section’s questions and answers',
        tags,
        body: QuestionsBody,
        response: { 200: QuestionsAnswerSchema, ...errors },
      },
    },
    async (request) => loadSection(app, claimsOf(request), request.body, opts.lockTtlSeconds),
  );
  app.post(
    '/api/questionnaire/save/:questionnaireId/:userId',
    {
      preHandler: rule,
      schema: {
        summary: 'Save a section’s answers',
        tags,
        params: SaveSectionParams,
        body: SaveSectionBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      const { questionnaireId, userId } = request.params;
      const { changed } = await saveSection(app, claimsOf(request), questionnaireId, userId, request.body, opts.lockTtlSeconds);
      // "saved" only when something was: a save that changed nothing says so
      return { message: changed ? QuestionnaireAnswers.sectionSaved : QuestionnaireAnswers.nothingToSave };
    },
  );
  app.post(
    '/api/questionnaire/confirmUnchanged',
    {
      preHandler: rule,
      schema: {
        summary: 'Confirm a section’s answers unchanged',
        tags,
        body: ConfirmUnchangedBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await confirmSectionUnchanged(app, claimsOf(request), request.body.QuestionnaireId, request.body.SectionId);
      return { message: QuestionnaireAnswers.confirmedUnchanged };
    },
  );
}
