import { RouteRules, type IndexAccessSettings } from '@cti/access';
import {
  AddSupportingDocumentBody,
  DocumentAnswers,
  DocumentCountry,
  DocumentRow,
  DocumentTypeQuery,
  ErrorBody,
  MessageBody,
  TextLimits,
} from '@cti/contracts';
import { actorOf, BadRequest, claimsOf, Forbidden, NotFound, principalOf, Type } from '@cti/service-kit';

import { listCountries } from '../countries/repository';
import type { DocumentsApp } from '../db';
import { LocalFileStorage } from '../storage/local-storage';
import { sendStoredFile } from '../storage/send-file';

import { listAcidDocumentsForAdmin } from './acid-admin-list';
import { deleteDocument, DOCUMENT_NOT_FOUND } from './delete-document';
import { mayDownloadDocument } from './download-rules';
import { findDocumentByS3Name } from './repository';
import { addSupportingDocument, listSupportingDocuments } from './supporting-documents';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const S3NameParam = Type.Object({ S3Name: Type.String() });

/** The supporting-documents library and the API calls every catalogue shares. */
export async function libraryRoutes(app: DocumentsApp, opts: { accessSettings: IndexAccessSettings }) {
  const db = app.db;

  app.post(
    '/api/document/supporting',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['documents'],
        summary: 'Add an uploaded file to the supporting documents',
        body: AddSupportingDocumentBody,
        response: { 200: DocumentRow, ...errors },
      },
    },
    async (request) => addSupportingDocument(app, request.body, actorOf(request)),
  );

  // `?type=3` is the ACID admin list; no type is the supporting library
  app.post(
    '/api/document/all',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['documents'],
        summary: 'Supporting documents the caller may see',
        querystring: DocumentTypeQuery,
        response: { 200: Type.Array(DocumentRow), ...errors },
      },
    },
    async (request) => {
      const p = principalOf(claimsOf(request));
      const type = request.query.type;
      if (type === '3') return listAcidDocumentsForAdmin(db, p);
      if (type) throw new BadRequest('type must be 3 (ACID) or absent (supporting documents).');
      return listSupportingDocuments(db, p);
    },
  );

  app.get(
    '/api/document/countries',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: {
        tags: ['documents'],
        summary: 'Countries a document may be filed under',
        response: { 200: Type.Array(DocumentCountry), ...errors },
      },
    },
    async () => (await listCountries(db)).map((c) => ({ Id: c.groupId, Name: c.name })),
  );

  app.post(
    '/api/document/delete/:S3Name',
    {
      preHandler: app.requireRule(RouteRules.adminOnly),
      schema: { tags: ['documents'], summary: 'Delete a document', params: S3NameParam, response: { 200: MessageBody, ...errors } },
    },
    async (request) => {
      await deleteDocument(app, request.params.S3Name, actorOf(request));
      return { message: DocumentAnswers.deleted };
    },
  );

  app.get(
    '/api/document/:S3Name',
    { preHandler: app.requireUser, schema: { tags: ['documents'], summary: 'Download a document', params: S3NameParam, response: errors } },
    async (request, reply) => {
      const doc = await findDocumentByS3Name(db, request.params.S3Name);
      if (!doc) throw new NotFound(DOCUMENT_NOT_FOUND);
      if (!mayDownloadDocument(principalOf(claimsOf(request)), doc, opts.accessSettings)) throw new Forbidden();
      return sendStoredFile(app.storage, reply, doc.s3Name, doc.fileName);
    },
  );

  // signed links of the local adapter (GCS links point at the bucket itself)
  if (app.storage instanceof LocalFileStorage) {
    const storage = app.storage;
    app.get(
      '/api/document/link/:S3Name',
      {
        schema: {
          tags: ['documents'],
          summary: 'Download a file through a signed link',
          params: S3NameParam,
          querystring: Type.Object({
            expires: Type.String({ maxLength: TextLimits.date }),
            name: Type.String({ maxLength: TextLimits.line }),
            type: Type.Optional(Type.String({ maxLength: TextLimits.line })),
            signature: Type.String({ maxLength: TextLimits.id }),
          }),
          response: errors,
        },
      },
      async (request, reply) => {
        if (!storage.verifyLink(request.params.S3Name, request.query)) throw new Forbidden('This download link is invalid or has expired.');
        return sendStoredFile(app.storage, reply, request.params.S3Name, request.query.name);
      },
    );
  }
}
