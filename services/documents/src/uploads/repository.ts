import type { Insertable } from '@cti/db';

import type { DocumentsExecutor, FilesTable } from '../db';

export const findFile = (db: DocumentsExecutor, s3Name: string) =>
  db.selectFrom('files').selectAll().where('s3Name', '=', s3Name).executeTakeFirst();

export const insertFile = (db: DocumentsExecutor, file: Insertable<FilesTable>) => db.insertInto('files').values(file).execute();

export const markAttached = (db: DocumentsExecutor, s3Name: string) =>
  db.updateTable('files').set({ attached: true }).where('s3Name', '=', s3Name).execute();

/** Files no document uses, uploaded before `before` (a batch at a time). */
export const unattachedFilesBefore = (db: DocumentsExecutor, before: Date) =>
  db.selectFrom('files').select('s3Name').where('attached', '=', false).where('uploadedAt', '<', before.toISOString()).limit(200).execute();

/** Removes a file's row unless a document took it meanwhile. */
export const deleteUnattachedFile = (db: DocumentsExecutor, s3Name: string) =>
  db.deleteFrom('files').where('s3Name', '=', s3Name).where('attached', '=', false).execute();

/** Removes a file's row (its document is being removed with it). */
export const deleteFile = (db: DocumentsExecutor, s3Name: string) => db.deleteFrom('files').where('s3Name', '=', s3Name).execute();
