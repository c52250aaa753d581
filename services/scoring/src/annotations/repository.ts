import { upsert } from '@cti/db';

import type { ScoringExecutor } from '../db';

/** Records a country's (or its questionnaire's) annotation for a period; one of each type, the latest wins. */
export async function upsertAnnotation(
  db: ScoringExecutor,
  annotation: { annotationType: 1 | 2; groupId: string; periodId: string; name: string; s3Name: string },
): Promise<void> {
  const { name, s3Name } = annotation;
  await upsert(db, 'annotations', annotation, ['annotationType', 'groupId', 'periodId'], { name, s3Name }).execute();
}

/** Removes the annotations stored under a deleted document's S3 name; the countries they belonged to. */
export const deleteAnnotationsByS3Name = (db: ScoringExecutor, s3Name: string) =>
  db.deleteFrom('annotations').where('s3Name', '=', s3Name).returning('groupId').execute();
