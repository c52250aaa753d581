import { canReadAcidDocument, type Principal } from '@cti/access';
import { DocumentAnswers, type AcidAccess, type DocumentRow, type EventActor } from '@cti/contracts';
import { appendToOutbox, BadRequest, Forbidden, NotFound } from '@cti/service-kit';

import type { DocumentsExecutor } from '../db';
import { findDocumentByS3Name, insertDocument, listDocumentsOfKind, toDocumentRow } from '../library/repository';
import type { CheckedFile } from '../uploads/receive-upload';
import { markAttached } from '../uploads/repository';
import { storeCheckedFile, type FileDeps } from '../uploads/stored-files';

export const ACID_NOT_FOUND = 'ACID document not found';

/** `POST /api/acid/documents`: the ACID documents, to users who may read them (IsACID users and admins); none to others. */
export async function listAcidDocuments(db: DocumentsExecutor, p: Principal): Promise<DocumentRow[]> {
  if (!canReadAcidDocument(p)) return [];
  return (await listDocumentsOfKind(db, 'acid')).map(toDocumentRow);
}

/** An ACID document the user may read, or the answer saying why not. */
export async function readableAcidDocument(db: DocumentsExecutor, p: Principal, s3Name: string) {
  const doc = await findDocumentByS3Name(db, s3Name);
  if (!doc || doc.kind !== 'acid') throw new NotFound(ACID_NOT_FOUND);
  if (!canReadAcidDocument(p)) throw new Forbidden(DocumentAnswers.noViewPermission);
  return doc;
}

/** `GET /api/acid/view/{S3Name}`: prepares a document for the PDF viewer; only PDFs can be viewed in the browser. */
export async function prepareAcidView(db: DocumentsExecutor, p: Principal, s3Name: string): Promise<{ filename: string }> {
  const doc = await readableAcidDocument(db, p, s3Name);
  if (!doc.fileName.toLowerCase().endsWith('.pdf')) throw new BadRequest(DocumentAnswers.notViewable);
  return { filename: doc.s3Name };
}

/** `POST /api/acid/upload`: file, title and access (Private unless Public is chosen) in one request. */
export async function uploadAcidDocument(
  deps: FileDeps,
  file: CheckedFile,
  fields: Record<string, string>,
  actor: EventActor | null,
): Promise<DocumentRow> {
  const title = fields.title?.trim() ?? '';
  if (!title) throw new BadRequest(DocumentAnswers.fillAllFields);
  const requested = fields.access?.trim() || 'Private';
  if (requested !== 'Public' && requested !== 'Private') throw new BadRequest('access must be Public or Private.');
  const access: AcidAccess = requested;
  const { result } = await storeCheckedFile(deps, file, 'acid', actor, async (trx, s3Name) => {
    const { id } = await insertDocument(trx, {
      kind: 'acid',
      title,
      s3Name,
      access,
      isPrivate: access === 'Private',
      createdBy: actor?.userId ?? 'system',
      createdAt: deps.clock.now().toISOString(),
    });
    await markAttached(trx, s3Name);
    await appendToOutbox(trx, {
      type: 'evt.documents.document.added',
      actor,
      data: { documentId: id, kind: 'acid', s3Name, title, fileName: file.fileName, access, groupId: null, groupName: null },
    });
    return toDocumentRow((await findDocumentByS3Name(trx, s3Name))!);
  });
  return result;
}
