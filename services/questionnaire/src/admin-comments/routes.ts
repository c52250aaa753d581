import { RouteRules } from '@cti/access';
import { AdminCommentAnswer, AdminCommentBody, AdminCommentSaveBody, ErrorBody, MessageBody, QuestionnaireAnswers } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { adminComment, saveAdminComment } from './admin-comments';

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
    async (request) => ({
      Comment: await adminComment(app.db, request.body.questionnaireId, request.body.sectionId),
    }),
  );
  app.post(
    '/api/questionnaire/adminComment/save',
    {
      preHandler: admin,
      schema: { summary: 'Save the admin notes of a section', tags, body: AdminCommentSaveBody, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      await saveAdminComment(app, claimsOf(request), request.body.questionnaireId, request.body.sectionId, request.body.comment);
      return { message: QuestionnaireAnswers.adminNoteSaved };
    },
  );
}
