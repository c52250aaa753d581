import { upsert } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** The admin note of a section, if there is one. */
export const findAdminComment = (db: QuestionnaireExecutor, questionnaireId: string, sectionId: number) =>
  db
    .selectFrom('adminComments')
    .select(['comment', 'version', 'updatedBy', 'updatedAt'])
    .where('questionnaireId', '=', questionnaireId)
    .where('sectionId', '=', sectionId)
    .executeTakeFirst();

/** Stores (or replaces) a section's admin note, as of `now`, as the note's next version. */
export async function upsertAdminComment(
  trx: QuestionnaireExecutor,
  note: { questionnaireId: string; sectionId: number; comment: string; updatedBy: string; version: number },
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await upsert(trx, 'adminComments', { ...note, updatedAt }, ['questionnaireId', 'sectionId'], {
    comment: note.comment,
    updatedBy: note.updatedBy,
    updatedAt,
    version: note.version,
  }).execute();
}
