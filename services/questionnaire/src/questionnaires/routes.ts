import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { AdminQuestionnaireRow, ErrorBody, NeedQuestionnaireRow, QuestionnaireListRow, QuestionnaireReportBody } from '@cti/contracts';
import { claimsOf, actorOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { addQuestionnaire } from './create-questionnaire';
import { countriesNeedingQuestionnaire, questionnaireReport, questionnairesByStatus } from './lists';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Lists and admin management of questionnaires. */
export async function questionnaireRoutes(app: QuestionnaireApp) {
  const tags = ['questionnaires'];
  app.get(
    '/api/questionnaire/open',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: { summary: 'Open questionnaires (dashboard)', tags, response: { 200: Type.Array(QuestionnaireListRow), ...errors } },
    },
    async (request) => questionnairesByStatus(app.db, claimsOf(request), 'Open'),
  );
  app.get(
    '/api/questionnaire/completed',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: { summary: 'Completed questionnaires (dashboard)', tags, response: { 200: Type.Array(QuestionnaireListRow), ...errors } },
    },
    async (request) => questionnairesByStatus(app.db, claimsOf(request), 'Closed'),
  );
  app.post(
    '/api/questionnaire/report',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        summary: 'Questionnaires matching the report filters',
        tags,
        body: QuestionnaireReportBody,
        response: { 200: Type.Array(AdminQuestionnaireRow), ...errors },
      },
    },
    async (request) => questionnaireReport(app.db, request.body),
  );
  app.get(
    '/api/questionnaire/needQuestionnaire',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        summary: 'Countries without a questionnaire in the current period',
        tags,
        response: { 200: Type.Array(NeedQuestionnaireRow), ...errors },
      },
    },
    async () => countriesNeedingQuestionnaire(app.db),
  );
  app.post(
    '/api/questionnaire/addQuestionnaire/:countryId',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        summary: 'Create a country’s questionnaire for the current period',
        tags,
        params: Type.Object({ countryId: Type.String() }),
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => {
      await addQuestionnaire(app, request.params.countryId, actorOf(request));
      return true;
    },
  );
}
