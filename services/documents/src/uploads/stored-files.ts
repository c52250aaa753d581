import { createHash } from 'node:crypto';

import type { EventActor } from '@cti/contracts';
import { appendToOutbox, type DataAccess } from '@cti/service-kit';

import type { DocumentsDB, DocumentsExecutor } from '../db';
import { newStorageKey, type FileStorage } from '../storage/file-storage';

import type { CheckedFile } from './receive-upload';
import { deleteUnattachedFile, insertFile, unattachedFilesBefore } from './repository';

/** What an upload is for (recorded with the file; `type` 1/2 of `POST api/document` are annotations). */
export type UploadPurpose = 'document' | 'annotation1' | 'annotation2' | 'acid' | 'acid-pdf';

/** Where a failed clean-up is reported (it never fails the use-case: the sweep catches what is left). */
export interface CleanupLog {
  error(obj: object, msg: string): void;
}

/**
 * What a use-case that stores or removes files takes: the data access (db, transactions,
 * clock), the storage port, and a log for clean-ups that failed. The service's app is one.
 */
export interface FileDeps extends DataAccess<DocumentsDB> {
  readonly storage: FileStorage;
  readonly log: CleanupLog;
}

/**
 * Stores the checked bytes under a new generated key, then runs `record` (the use-case's
 * transaction, which inserts the file row and its events). If recording fails the object
 * is removed again, so a failure leaves neither a row nor a stray object.
 */
export async function storeCheckedFile<T>(
  deps: FileDeps,
  file: CheckedFile,
  purpose: UploadPurpose,
  actor: EventActor | null,
  record: (trx: DocumentsExecutor, s3Name: string) => Promise<T>,
): Promise<{ s3Name: string; result: T }> {
  const s3Name = newStorageKey(file.extension);
  await deps.storage.put(s3Name, file.data, file.contentType);
  try {
    const result = await deps.inTransaction(async (trx) => {
      const sha256 = createHash('sha256').update(file.data).digest('hex');
      await insertFile(trx, {
        s3Name,
        fileName: file.fileName,
        contentType: file.contentType,
        sizeBytes: file.data.length,
        sha256,
        purpose,
        uploadedBy: actor?.userId ?? 'system',
        uploadedAt: deps.clock.now().toISOString(),
      });
      await appendToOutbox(trx, {
        type: 'evt.documents.file.uploaded',
        actor,
        data: { s3Name, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.data.length, sha256, purpose },
      });
      return record(trx, s3Name);
    });
    return { s3Name, result };
  } catch (err) {
    await deps.storage
      .remove(s3Name)
      .catch((removeErr: unknown) => deps.log.error({ err: removeErr, s3Name }, 'could not remove the object of a failed upload'));
    throw err;
  }
}

/** After a commit: a failed removal only leaves an unreferenced object behind, so it is logged, not thrown. */
export async function removeObjectQuietly(deps: Pick<FileDeps, 'storage' | 'log'>, s3Name: string) {
  await deps.storage
    .remove(s3Name)
    .catch((err: unknown) => deps.log.error({ err, s3Name }, "could not remove a deleted document's object"));
}

/**
 * Removes uploads never attached to a document (an Add dialog abandoned after the file
 * went up) and generated PDFs past their time: those uploaded more than `olderThanHours`
 * before `now`. Object first, then row: a failure in between leaves a row the next sweep retries.
 */
export async function sweepUnattachedFiles(
  db: DocumentsExecutor,
  storage: FileStorage,
  olderThanHours: number,
  now: Date,
): Promise<number> {
  const stale = await unattachedFilesBefore(db, new Date(now.getTime() - olderThanHours * 3_600_000));
  for (const { s3Name } of stale) {
    await storage.remove(s3Name);
    await deleteUnattachedFile(db, s3Name);
  }
  return stale.length;
}

/** `POST api/document`: stores an upload no document uses yet (an Add dialog attaches it next); answers its stored name. */
export async function storeUpload(deps: FileDeps, file: CheckedFile, purpose: UploadPurpose, actor: EventActor | null): Promise<string> {
  const { s3Name } = await storeCheckedFile(deps, file, purpose, actor, async () => undefined);
  return s3Name;
}
