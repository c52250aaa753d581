import { RouteRules } from '@cti/access';
import { DocumentTypeQuery, ErrorBody, UploadRefusal } from '@cti/contracts';
import { actorOf, Type } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';
import type { DocumentsApp } from '../db';

import { receiveUpload, uploadLimitsOf, UploadRefused } from './receive-upload';
import { storeUpload, type UploadPurpose } from './stored-files';

const purposeOf = (type: string | undefined): UploadPurpose => {
  if (type === undefined || type === '') return 'document';
  if (type === '1') return 'annotation1';
  if (type === '2') return 'annotation2';
  throw new UploadRefused('type must be 1 (questionnaire annotation) or 2 (enforceability annotation).');
};

/**
 * `POST api/document` (and `?type=1|2` for annotations): multipart field `file`; answers
 * the stored name as text, or the spec's "Document was not uploaded properly".
 */
export async function uploadRoutes(app: DocumentsApp, opts: { config: DocumentsConfig }) {
  app.post(
    '/api/document',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['documents'],
        summary: 'Upload a file (a supporting document or an annotation)',
        querystring: DocumentTypeQuery,
        consumes: ['multipart/form-data'],
        response: { 200: Type.String(), 400: UploadRefusal, 401: ErrorBody, 403: ErrorBody, 413: UploadRefusal },
      },
    },
    async (request, reply) => {
      const purpose = purposeOf(request.query.type);
      const { file } = await receiveUpload(request, uploadLimitsOf(opts.config));
      const s3Name = await storeUpload(app, file, purpose, actorOf(request));
      return reply.type('text/plain; charset=utf-8').send(s3Name);
    },
  );
}
