import type { DocumentRow } from '@cti/contracts';
import type { Insertable } from '@cti/db';

import type { DocumentKind, DocumentsExecutor, DocumentsTable } from '../db';
import { extensionOf } from '../storage/content-types';

/** Documents with their file, country and period, as every list and download needs them. */
export function documentsWithFiles(db: DocumentsExecutor) {
  return db
    .selectFrom('documents as d')
    .innerJoin('files as f', 'f.s3Name', 'd.s3Name')
    .leftJoin('countries as c', 'c.groupId', 'd.groupId')
    .leftJoin('periods as p', 'p.periodId', 'd.periodId')
    .leftJoin('questionnaires as q', 'q.questionnaireId', 'd.questionnaireId')
    .selectAll('d')
    .select([
      'f.fileName',
      'f.uploadedAt',
      'c.name as countryName',
      'c.countryCode',
      'p.name as periodName',
      'q.groupName as questionnaireGroupName',
      'q.periodName as questionnairePeriodName',
    ]);
}

export type StoredDocument = Awaited<ReturnType<ReturnType<typeof documentsWithFiles>['executeTakeFirstOrThrow']>>;

export const findDocumentByS3Name = (db: DocumentsExecutor, s3Name: string) =>
  documentsWithFiles(db).where('d.s3Name', '=', s3Name).executeTakeFirst();

export const listDocumentsOfKind = (db: DocumentsExecutor, kind: DocumentKind) =>
  documentsWithFiles(db).where('d.kind', '=', kind).orderBy('d.createdAt', 'desc').execute();

/** The Document entity of a stored document. */
export function toDocumentRow(d: StoredDocument): DocumentRow {
  return {
    Id: d.id,
    Title: d.title,
    S3Name: d.s3Name,
    Uploaded: d.createdAt,
    Access: d.access,
    CountryId: d.groupId,
    CountryName: d.countryName ?? d.questionnaireGroupName ?? null,
    IsPrivate: d.isPrivate,
    FileName: d.fileName,
    FileType: extensionOf(d.fileName),
    ...(d.kind === 'annotation' ? { PeriodName: d.periodName ?? d.questionnairePeriodName ?? null } : {}),
  };
}

export const insertDocument = (db: DocumentsExecutor, document: Insertable<DocumentsTable>) =>
  db.insertInto('documents').values(document).returning('id').executeTakeFirstOrThrow();

export const deleteDocumentRow = (db: DocumentsExecutor, id: string) => db.deleteFrom('documents').where('id', '=', id).execute();

/** The titles of every document (the demo data is idempotent by title). */
export const documentTitles = async (db: DocumentsExecutor) =>
  (await db.selectFrom('documents').select('title').execute()).map((d) => d.title);
