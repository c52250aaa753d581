import { RouteRules } from '@cti/access';
import {
  EnforceabilityScoring,
  ErrorBody,
  QuestionnaireScoring,
  SaveEnforceabilityBody,
  SaveQuestionnaireScoresBody,
  ScoringInputs,
} from '@cti/contracts';
import { actorOf, requestContext, Type } from '@cti/service-kit';

import type { ScoringContext } from '../context';
import type { ScoringApp } from '../db';

import { scoringInputs } from './inputs';
import { saveComplianceScores } from './save-compliance';
import { saveEnforceability } from './save-enforceability';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The scoring editors of the admin questionnaire list (its modals). */
export async function scoreRoutes(app: ScoringApp, { ctx }: { ctx: ScoringContext }) {
  const admin = app.requireRule(RouteRules.adminOnly);

  app.get(
    '/api/group/index/scoring/:questionnaireId',
    {
      preHandler: admin,
      schema: {
        tags: ['scoring'],
        summary: 'Scoring inputs of a questionnaire and its enforceability record',
        params: Type.Object({ questionnaireId: Type.String() }),
        response: { 200: ScoringInputs, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return scoringInputs(app.db, request.params.questionnaireId);
    },
  );

  app.post(
    '/api/questionnaire/save',
    {
      preHandler: admin,
      schema: {
        tags: ['scoring'],
        summary: 'Save a questionnaire’s scoring inputs',
        body: SaveQuestionnaireScoresBody,
        response: { 200: QuestionnaireScoring, ...errors },
      },
    },
    async (request) => saveComplianceScores(ctx.writes, requestContext(request), request.body, actorOf(request)),
  );

  app.post(
    '/api/questionnaire/enforceability/save',
    {
      preHandler: admin,
      schema: {
        tags: ['scoring'],
        summary: 'Save an enforceability record',
        body: SaveEnforceabilityBody,
        response: { 200: EnforceabilityScoring, ...errors },
      },
    },
    async (request) => saveEnforceability(ctx.writes, requestContext(request), request.body, actorOf(request)),
  );
}
