import { RouteRules } from '@cti/access';
import { DocumentRow, ErrorBody, FilenameAnswer, PdfFilenameQuery, UploadRefusal } from '@cti/contracts';
import { actorOf, claimsOf, principalOf, Type } from '@cti/service-kit';

import type { DocumentsConfig } from '../config';
import type { DocumentsApp } from '../db';
import { sendStoredFile } from '../storage/send-file';
import { receiveUpload, uploadLimitsOf } from '../uploads/receive-upload';

import { listAcidDocuments, prepareAcidView, readableAcidDocument, uploadAcidDocument } from './acid-documents';
import { generateAcidPdf, generatedAcidPdf } from './acid-pdf';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const S3NameParam = Type.Object({ S3Name: Type.String() });

/** ACID (insolvency) documents: list, download, view preparation, admin upload, PDF generation. */
export async function acidRoutes(app: DocumentsApp, opts: { config: DocumentsConfig }) {
  const db = app.db;

  app.post(
    '/api/acid/documents',
    {
      preHandler: app.requireUser,
      schema: { tags: ['acid'], summary: 'ACID documents the caller may see', response: { 200: Type.Array(DocumentRow), ...errors } },
    },
    async (request) => listAcidDocuments(db, principalOf(claimsOf(request))),
  );

  app.get(
    '/api/acid/download/:S3Name',
    {
      preHandler: app.requireUser,
      schema: { tags: ['acid'], summary: 'Download an ACID document', params: S3NameParam, response: errors },
    },
    async (request, reply) => {
      const doc = await readableAcidDocument(db, principalOf(claimsOf(request)), request.params.S3Name);
      return sendStoredFile(app.storage, reply, doc.s3Name, doc.fileName);
    },
  );

  app.get(
    '/api/acid/view/:S3Name',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['acid'],
        summary: 'Prepare an ACID document for the viewer',
        params: S3NameParam,
        response: { 200: FilenameAnswer, ...errors },
      },
    },
    async (request) => prepareAcidView(db, principalOf(claimsOf(request)), request.params.S3Name),
  );

  app.post(
    '/api/acid/upload',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['acid'],
        summary: 'Upload an ACID document',
        consumes: ['multipart/form-data'],
        response: { 200: DocumentRow, 400: UploadRefusal, 401: ErrorBody, 403: ErrorBody, 413: UploadRefusal },
      },
    },
    async (request) => {
      const { file, fields } = await receiveUpload(request, uploadLimitsOf(opts.config));
      return uploadAcidDocument(app, file, fields, actorOf(request));
    },
  );

  app.get(
    '/api/print/pdf/auth',
    {
      preHandler: app.requireRule(RouteRules.acid),
      schema: { tags: ['acid'], summary: 'Ask for an ACID PDF to view', response: { 200: FilenameAnswer, ...errors } },
    },
    async (request) => {
      const claims = claimsOf(request);
      return generateAcidPdf(app, claims, principalOf(claims), actorOf(request));
    },
  );

  app.get(
    '/api/print/pdf',
    {
      preHandler: app.requireRule(RouteRules.acid),
      schema: { tags: ['acid'], summary: 'An ACID PDF prepared for viewing', querystring: PdfFilenameQuery, response: errors },
    },
    async (request, reply) => {
      const file = await generatedAcidPdf(db, claimsOf(request), request.query.filename);
      return sendStoredFile(app.storage, reply, file.s3Name, file.fileName, 'inline');
    },
  );
}
