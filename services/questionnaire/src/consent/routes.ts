import Type from 'typebox';

import { RouteRules } from '@cti/access';
import { ConsentAnswer, ConsentAnswerBody, ConsentBody, ConsentRow, ErrorBody, MessageBody, QuestionnaireAnswers } from '@cti/contracts';
import { claimsOf } from '@cti/service-kit';

import type { QuestionnaireApp } from '../db';

import { consentAnswer, consentsOf, giveConsent } from './consent';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Consent (the consent page). */
export async function consentRoutes(app: QuestionnaireApp) {
  const tags = ['consent'];
  app.post(
    '/api/consent',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        summary: 'Consent status of the caller’s firm for a questionnaire',
        tags,
        body: ConsentBody,
        response: { 200: MessageBody, ...errors },
      },
    },
    async (request) => {
      await giveConsent(app, claimsOf(request), request.body);
      return { message: QuestionnaireAnswers.consentSaved };
    },
  );
  app.get(
    '/api/consent/:questionnaireId',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        summary: 'Consents given for a questionnaire',
        tags,
        params: Type.Object({ questionnaireId: Type.String() }),
        response: { 200: Type.Array(ConsentRow), ...errors },
      },
    },
    async (request) => consentsOf(app.db, claimsOf(request), request.params.questionnaireId),
  );
  app.post(
    '/api/consent/answer',
    {
      preHandler: app.requireRule(RouteRules.questionnaire),
      schema: {
        summary: 'Give or withhold the firm’s consent',
        tags,
        body: ConsentAnswerBody,
        response: { 200: ConsentAnswer, ...errors },
      },
    },
    async (request) => consentAnswer(app.db, claimsOf(request), request.body.QuestionnaireId, request.body.UserId),
  );
}
