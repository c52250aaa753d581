import { createHash } from 'node:crypto';

import type { EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { DocumentsExecutor, DocumentsApp } from '../db';
import { newStorageKey, type FileStorage } from '../storage/file-storage';

import type { CheckedFile } from './receive-upload';

/** What an upload is for (recorded with the file; `type` 1/2 of `POST api/document` are annotations). */
export type UploadPurpose = 'document' | 'annotation1' | 'annotation2' | 'acid' | 'acid-pdf';

export const findFile = (db: DocumentsExecutor, s3Name: string) =>
  db.selectFrom('files').selectAll().where('s3Name', '=', s3Name).executeTakeFirst();

export const markAttached = (db: DocumentsExecutor, s3Name: string) =>
  db.updateTable('files').set({ attached: true }).where('s3Name', '=', s3Name).execute();

/**
 * Stores the checked bytes under a new generated key, then runs `record` (the use-case's
 * transaction, which inserts the file row and its events). If recording fails the object
 * is removed again, so a failure leaves neither a row nor a stray object.
 */
export async function storeCheckedFile<T>(
  app: DocumentsApp,
  file: CheckedFile,
  purpose: UploadPurpose,
  actor: EventActor | null,
  record: (trx: DocumentsExecutor, s3Name: string) => Promise<T>,
): Promise<{ s3Name: string; result: T }> {
  const s3Name = newStorageKey(file.extension);
  await app.storage.put(s3Name, file.data, file.contentType);
  try {
    const result = await app.inTransaction(async (trx: DocumentsExecutor) => {
      const sha256 = createHash('sha256').update(file.data).digest('hex');
      await trx
        .insertInto('files')
        .values({
          s3Name,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.data.length,
          sha256,
          purpose,
          uploadedBy: actor?.userId ?? 'system',
        })
        .execute();
      await appendToOutbox(trx, {
        type: 'evt.documents.file.uploaded',
        actor,
        data: { s3Name, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.data.length, sha256, purpose },
      });
      return record(trx, s3Name);
    });
    return { s3Name, result };
  } catch (err) {
    await app.storage
      .remove(s3Name)
      .catch((removeErr: unknown) => app.log.error({ err: removeErr, s3Name }, 'could not remove the object of a failed upload'));
    throw err;
  }
}

/**
 * Removes uploads never attached to a document (an Add dialog abandoned after the file
 * went up) and generated PDFs past their time. Object first, then row: a failure in
 * between leaves a row the next sweep retries.
 */
export async function sweepUnattachedFiles(db: DocumentsExecutor, storage: FileStorage, olderThanHours: number): Promise<number> {
  const stale = await db
    .selectFrom('files')
    .select('s3Name')
    .where('attached', '=', false)
    .where('uploadedAt', '<', sql<string>`now() - make_interval(hours => ${olderThanHours})`)
    .limit(200)
    .execute();
  for (const { s3Name } of stale) {
    await storage.remove(s3Name);
    await db.deleteFrom('files').where('s3Name', '=', s3Name).where('attached', '=', false).execute();
  }
  return stale.length;
}
