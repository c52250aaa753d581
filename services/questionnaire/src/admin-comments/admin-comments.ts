import { QuestionnaireAnswers, type AccessClaims } from '@cti/contracts';
import { appendToOutbox, Conflict, NotFound } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { bankOf } from '../question-bank';
import { sanitizeRichText } from '../question-bank/rich-text';
import { atOf, getQuestionnaire, getQuestionnaireForUpdate } from '../questionnaires/repository';

/** POST api/questionnaire/adminComment: the admin note of a section ('' when none); an unknown section is 404. */
export async function adminComment(app: QuestionnaireApp, questionnaireId: string, sectionId: number): Promise<string> {
  const db = app.db;
  const q = await getQuestionnaire(db, questionnaireId);
  if (!bankOf(q.bankVersion).section(sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
  const row = await db
    .selectFrom('adminComments')
    .select('comment')
    .where('questionnaireId', '=', q.id)
    .where('sectionId', '=', sectionId)
    .executeTakeFirst();
  return row?.comment ?? '';
}

/**
 * POST api/questionnaire/adminComment/save: stored as sanitized HTML (the slate editor's
 * markup only). A note is the admin's, not the section's: it saves whoever holds the
 * section lock, but not once the questionnaire is closed.
 */
export async function saveAdminComment(
  app: QuestionnaireApp,
  claims: AccessClaims,
  questionnaireId: string,
  sectionId: number,
  html: string,
): Promise<void> {
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    // closing takes the same row lock: a note cannot slip in after the questionnaire closed
    const q = await getQuestionnaireForUpdate(trx, questionnaireId);
    if (!bankOf(q.bankVersion).section(sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.adminNoteClosed);
    const comment = sanitizeRichText(html);
    const previous = await trx
      .selectFrom('adminComments')
      .select('comment')
      .where('questionnaireId', '=', q.id)
      .where('sectionId', '=', sectionId)
      .executeTakeFirst();
    if ((previous?.comment ?? '') === comment) return;
    await trx
      .insertInto('adminComments')
      .values({ questionnaireId: q.id, sectionId, comment, updatedBy: claims.name })
      .onConflict((oc) =>
        oc.columns(['questionnaireId', 'sectionId']).doUpdateSet({ comment, updatedBy: claims.name, updatedAt: new Date().toISOString() }),
      )
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.adminComment.saved',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId },
    });
  });
}
