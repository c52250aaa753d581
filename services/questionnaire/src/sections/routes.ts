import Type from 'typebox';

import { RouteRules } from '@cti/access';
import {
  ConfirmUnchangedBody,
  ErrorBody,
  MessageBody,
  QuestionnaireAnswers,
  QuestionnaireInfo,
  QuestionsAnswerSchema,
  QuestionsBody,
  SaveRefusal,
  SaveSectionAnswer,
  SaveSectionBody,
  SaveSectionParams,
  SaveSectionQuery,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { confirmSectionUnchanged } from './confirm-unchanged';
import { loadSection } from './load-section';
import { ideraDeclared, questionnaireInfo } from './questionnaire-shell';
import { SaveRefused, saveSection } from './save-section';

const QuestionnaireIdParam = Type.Object({ questionnaireId: Type.String() });
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
        querystring: SaveSectionQuery,
        body: SaveSectionBody,
        response: { 200: SaveSectionAnswer, ...errors, 409: SaveRefusal },
      },
    },
    async (request, reply) => {
      const { questionnaireId, userId } = request.params;
      try {
        const saved = await saveSection(app, claimsOf(request), questionnaireId, userId, request.body, request.query, opts.lockTtlSeconds);
        // "saved" only when something was: a save that changed nothing says so
        return { message: saved.Changed ? QuestionnaireAnswers.sectionSaved : QuestionnaireAnswers.nothingToSave, ...saved };
      } catch (error) {
        // a refusal carries what is stored now (the page keeps what was typed and shows both)
        if (error instanceof SaveRefused) return reply.code(409).send(error.refusal);
        throw error;
      }
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
  // the questionnaire shell's reads of the answers
  app.get(
    '/api/questionnaire/info/:questionnaireId',
    {
      preHandler: rule,
      schema: {
        summary: 'A questionnaire’s country, period and status',
        tags: ['questionnaires'],
        params: QuestionnaireIdParam,
        response: { 200: QuestionnaireInfo, ...errors },
      },
    },
    async (request) => questionnaireInfo(app.db, claimsOf(request), request.params.questionnaireId),
  );
  app.get(
    '/api/questionnaire/ideraDeclaration/:questionnaireId',
    {
      preHandler: rule,
      schema: {
        summary: 'A questionnaire’s IDERA declaration answers',
        tags: ['questionnaires'],
        params: QuestionnaireIdParam,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => ideraDeclared(app.db, claimsOf(request), request.params.questionnaireId),
  );
}
