import { RouteRules, type IndexAccessSettings } from '@cti/access';
import {
  AnnotationMailQuery,
  AttachAnnotationBody,
  DocumentRow,
  DocumentTypeQuery,
  ErrorBody,
  MessageBody,
  type MailMessage,
} from '@cti/contracts';
import { actorOf, callService, claimsOf, dataAccessOf, principalOf, Type } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';
import type { DocumentsApp } from '../db';

import { annotationTypeOf, attachAnnotation, emailAnnotation, listCountryDocuments } from './annotations';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 502: ErrorBody };
const GroupParam = Type.Object({ groupId: Type.String() });

/** Annotations: attach (scoring editors), a country's documents (scorecard), e-mailed download links. */
export async function annotationRoutes(app: DocumentsApp, opts: { config: DocumentsConfig; accessSettings: IndexAccessSettings }) {
  const db = app.db;

  app.post(
    '/api/document/annotation',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['annotations'],
        summary: 'Attach an annotation to a questionnaire or an enforceability record',
        querystring: DocumentTypeQuery,
        body: AttachAnnotationBody,
        response: { 200: DocumentRow, ...errors },
      },
    },
    async (request) => attachAnnotation(app, annotationTypeOf(request.query.type), request.body, actorOf(request)),
  );

  app.post(
    '/api/document/all/:groupId',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['annotations'],
        summary: 'A country’s annotations',
        params: GroupParam,
        querystring: DocumentTypeQuery,
        response: { 200: Type.Array(DocumentRow), ...errors },
      },
    },
    async (request) =>
      listCountryDocuments(
        db,
        principalOf(claimsOf(request)),
        request.params.groupId,
        annotationTypeOf(request.query.type, 1),
        opts.accessSettings,
      ),
  );

  // the scorecard's annotation link (GET) and the same call from a button (POST)
  app.route({
    method: ['GET', 'POST'],
    url: '/api/group/annotations/:groupId',
    preHandler: app.requireUser,
    schema: {
      tags: ['annotations'],
      summary: 'E-mail the caller a link to a country’s annotations',
      params: GroupParam,
      querystring: AnnotationMailQuery,
      response: { 200: MessageBody, ...errors },
    },
    handler: async (request) => {
      const claims = claimsOf(request);
      const sendMail = (mail: MailMessage) => callService(app, 'identity', '/internal/mail/send', { body: mail, requestId: request.id });
      return emailAnnotation({ ...dataAccessOf(app), storage: app.storage, sendMail }, claims, principalOf(claims), {
        groupId: request.params.groupId,
        type: annotationTypeOf(request.query.type, 1),
        s3Name: request.query.s3Name,
        linkTtlSeconds: opts.config.SIGNED_URL_TTL_SECONDS,
        settings: opts.accessSettings,
      });
    },
  });
}
