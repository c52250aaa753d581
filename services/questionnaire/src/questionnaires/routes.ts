import Type from 'typebox';

import { RouteRules } from '@cti/access';
import {
  AdminQuestionnaireRow,
  CloseOrOpenBody,
  ErrorBody,
  NeedQuestionnaireRow,
  QuestionnaireInfo,
  QuestionnaireListRow,
  QuestionnaireReportBody,
} from '@cti/contracts';
import { claimsOf, actorOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { addQuestionnaire } from './create-questionnaire';
import {
  closeOrOpen,
  countriesNeedingQuestionnaire,
  ideraDeclared,
  questionnaireInfo,
  questionnaireReport,
  questionnairesByStatus,
} from './lists';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const QuestionnaireIdParam = Type.Object({ questionnaireId: Type.String() });

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
  app.get(
    '/api/questionnaire/info/:questionnaireId',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        summary: 'A questionnaire’s country, period and status',
        tags,
        params: QuestionnaireIdParam,
        response: { 200: QuestionnaireInfo, ...errors },
      },
    },
    async (request) => questionnaireInfo(app.db, claimsOf(request), request.params.questionnaireId),
  );
  app.get(
    '/api/questionnaire/ideraDeclaration/:questionnaireId',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        summary: 'A questionnaire’s IDERA declaration answers',
        tags,
        params: QuestionnaireIdParam,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => ideraDeclared(app.db, claimsOf(request), request.params.questionnaireId),
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
  app.post(
    '/api/questionnaire/closeOrOpen',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { summary: 'Close or reopen a questionnaire', tags, body: CloseOrOpenBody, response: { 200: Type.Boolean(), ...errors } },
    },
    async (request) => {
      await closeOrOpen(app, request.body.QuestionnaireId, request.body.Status, actorOf(request));
      return true;
    },
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
