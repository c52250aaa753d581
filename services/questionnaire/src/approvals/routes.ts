import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { Approval, CloseOrOpenBody, ErrorBody, FinalizeBody, MessageBody, QuestionnaireAnswers } from '@cti/contracts';
import { actorOf, claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { approve, approvedNames, canApprove, closeOrOpen, readyForFinalization, submitAsFinal } from './approvals';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const IdParam = Type.Object({ questionnaireId: Type.String() });

/** Approvals and Submit As Final (the questionnaire states and transitions and API calls api/finalize…). */
export async function approvalRoutes(app: QuestionnaireApp) {
  const tags = ['approvals'];
  const rule = app.requireRule(RouteRules.questionnaire);
  app.post(
    '/api/finalize',
    {
      preHandler: rule,
      schema: { summary: 'Approve a questionnaire for one’s firm', tags, body: FinalizeBody, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      await approve(app, claimsOf(request), request.body.questionnaireId, request.body.userId);
      return { message: QuestionnaireAnswers.approved };
    },
  );
  app.post(
    '/api/finalize/approvedNames/:questionnaireId',
    {
      preHandler: rule,
      schema: { summary: 'Firms that approved a questionnaire', tags, params: IdParam, response: { 200: Type.Array(Approval), ...errors } },
    },
    async (request) => approvedNames(app.db, claimsOf(request), request.params.questionnaireId),
  );
  app.post(
    '/api/finalize/canApprove',
    {
      preHandler: rule,
      schema: { summary: 'Whether the caller may approve', tags, body: FinalizeBody, response: { 200: Type.Boolean(), ...errors } },
    },
    async (request) => canApprove(app.db, claimsOf(request), request.body.questionnaireId, request.body.userId),
  );
  app.post(
    '/api/finalize/readyForFinalization/:questionnaireId',
    {
      preHandler: rule,
      schema: {
        summary: 'Whether a questionnaire may be finalized (two firms approved)',
        tags,
        params: IdParam,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => readyForFinalization(app.db, claimsOf(request), request.params.questionnaireId),
  );
  app.post(
    '/api/finalize/close/:questionnaireId',
    {
      preHandler: rule,
      schema: { summary: 'Finalize and close a questionnaire', tags, params: IdParam, response: { 200: Type.Boolean(), ...errors } },
    },
    async (request) => {
      await submitAsFinal(app, claimsOf(request), request.params.questionnaireId);
      return true;
    },
  );
  app.post(
    '/api/questionnaire/closeOrOpen',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        summary: 'Close or reopen a questionnaire',
        tags: ['questionnaires'],
        body: CloseOrOpenBody,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    async (request) => {
      await closeOrOpen(app, request.body.QuestionnaireId, request.body.Status, actorOf(request));
      return true;
    },
  );
}
