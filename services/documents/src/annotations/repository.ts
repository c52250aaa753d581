import type { DocumentsExecutor } from '../db';
import { documentsWithFiles } from '../library/repository';

import type { AnnotationType } from './annotations';

/** Where an annotation belongs: a questionnaire (type 1) or a country's period (type 2). */
export type AnnotationTarget = { type: 1; questionnaireId: string | null } | { type: 2; groupId: string | null; periodId: string | null };

/** The annotation a target has now (the one a new attach replaces). */
export const findAnnotationOf = (db: DocumentsExecutor, target: AnnotationTarget) =>
  db
    .selectFrom('documents')
    .select(['id', 's3Name'])
    .where('kind', '=', 'annotation')
    .where('annotationType', '=', target.type)
    .$call((q) =>
      target.type === 1
        ? q.where('questionnaireId', '=', target.questionnaireId)
        : q.where('groupId', '=', target.groupId).where('periodId', '=', target.periodId),
    )
    .executeTakeFirst();

/** A country's annotations of a type with their files, newest first. */
export const annotationsOf = (db: DocumentsExecutor, groupId: string, type: AnnotationType) =>
  documentsWithFiles(db)
    .where('d.kind', '=', 'annotation')
    .where('d.groupId', '=', groupId)
    .where('d.annotationType', '=', type)
    .orderBy('d.createdAt', 'desc');
