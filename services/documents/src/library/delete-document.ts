import type { EventActor } from '@cti/contracts';
import { appendToOutbox, NotFound } from '@cti/service-kit';

import { deleteFile } from '../uploads/repository';
import { removeObjectQuietly, type FileDeps } from '../uploads/stored-files';

import { deleteDocumentRow, findDocumentByS3Name } from './repository';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/**
 * Removes a document (supporting, ACID or annotation) and its file. Rows go first, in one
 * transaction with the event; the object is removed after the commit, so a failure
 * never leaves a document pointing at a missing file.
 */
export async function deleteDocument(deps: FileDeps, s3Name: string, actor: EventActor | null): Promise<void> {
  await deps.inTransaction(async (trx) => {
    const doc = await findDocumentByS3Name(trx, s3Name);
    if (!doc) throw new NotFound(DOCUMENT_NOT_FOUND);
    await deleteDocumentRow(trx, doc.id);
    await deleteFile(trx, s3Name);
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
  await removeObjectQuietly(deps, s3Name);
}
