import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ErrorBody, QuestionnaireProgress } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { questionnaireProgress } from './progress';

/** The respondent's dashboard: open questionnaires with where each stands. */
export async function progressRoutes(app: QuestionnaireApp) {
  app.get(
    '/api/questionnaire/progress',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        tags: ['questionnaires'],
        summary: 'Progress of the questionnaires the caller works on',
        response: { 200: Type.Array(QuestionnaireProgress), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return questionnaireProgress(app, claimsOf(request));
    },
  );
}
