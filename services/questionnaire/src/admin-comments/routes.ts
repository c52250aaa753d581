import { RouteRules } from '@cti/access';
import {
  AdminCommentAnswer,
  AdminCommentBody,
  AdminCommentRefusal,
  AdminCommentSaveAnswer,
  AdminCommentSaveBody,
  ErrorBody,
  QuestionnaireAnswers,
} from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { adminComment, AdminNoteRefused, saveAdminComment } from './admin-comments';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Admin notes per section (the questionnaire screens and permission table: admins only). */
export async function adminCommentRoutes(app: QuestionnaireApp) {
  const tags = ['admin notes'];
  const admin = app.requireRule(RouteRules.adminOnly);
  app.post(
    '/api/questionnaire/adminComment',
    {
      preHandler: admin,
      schema: { summary: 'Admin notes of a section', tags, body: AdminCommentBody, response: { 200: AdminCommentAnswer, ...errors } },
    },
    async (request) => adminComment(app.db, request.body.questionnaireId, request.body.sectionId),
  );
  app.post(
    '/api/questionnaire/adminComment/save',
    {
      preHandler: admin,
      schema: {
        summary: 'Save the admin notes of a section',
        tags,
        body: AdminCommentSaveBody,
        response: { 200: AdminCommentSaveAnswer, ...errors, 409: AdminCommentRefusal },
      },
    },
    async (request, reply) => {
      const { questionnaireId, sectionId, comment, Version } = request.body;
      try {
        const saved = await saveAdminComment(app, claimsOf(request), { questionnaireId, sectionId, comment, version: Version });
        return { message: QuestionnaireAnswers.adminNoteSaved, ...saved };
      } catch (error) {
        // a refusal carries the note stored now: the admin's typed note is compared with it, never dropped
        if (error instanceof AdminNoteRefused) return reply.code(409).send(error.refusal);
        throw error;
      }
    },
  );
}
