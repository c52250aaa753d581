import type { EventActor } from '@cti/contracts';
import { appendToOutbox, NotFound } from '@cti/service-kit';

import type { DocumentsExecutor, DocumentsApp } from '../db';

import { findDocumentByS3Name } from './repository';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/**
 * Removes a document (supporting, ACID or annotation) and its file. Rows go first, in one
 * transaction with the event; the object is removed after the commit, so a failure
 * never leaves a document pointing at a missing file.
 */
export async function deleteDocument(app: DocumentsApp, s3Name: string, actor: EventActor | null): Promise<void> {
  await app.inTransaction(async (trx: DocumentsExecutor) => {
    const doc = await findDocumentByS3Name(trx, s3Name);
    if (!doc) throw new NotFound(DOCUMENT_NOT_FOUND);
    await trx.deleteFrom('documents').where('id', '=', doc.id).execute();
    await trx.deleteFrom('files').where('s3Name', '=', s3Name).execute();
    await appendToOutbox(trx, {
      type: 'evt.documents.document.deleted',
      actor,
      data: {
        documentId: doc.id,
        kind: doc.kind,
        s3Name,
        title: doc.title,
        fileName: doc.fileName,
        access: doc.access,
        groupId: doc.groupId,
        groupName: doc.countryName ?? doc.questionnaireGroupName ?? null,
      },
    });
  });
  await removeObjectQuietly(app, s3Name);
}

/** After a commit: a failed removal only leaves an unreferenced object behind, so it is logged, not thrown. */
export async function removeObjectQuietly(app: DocumentsApp, s3Name: string) {
  await app.storage.remove(s3Name).catch((err: unknown) => app.log.error({ err, s3Name }, "could not remove a deleted document's object"));
}
