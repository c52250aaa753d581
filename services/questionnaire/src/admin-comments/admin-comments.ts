import { QuestionnaireAnswers, type AccessClaims } from '@cti/contracts';
import { appendToOutbox, Conflict, NotFound, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { bankOf } from '../question-bank';
import { sanitizeRichText } from '../question-bank/rich-text';
import { atOf, getQuestionnaire, getQuestionnaireForUpdate } from '../questionnaires/repository';

import { findAdminComment, upsertAdminComment } from './repository';

/** POST api/questionnaire/adminComment: the admin note of a section ('' when none); an unknown section is 404. */
export async function adminComment(db: QuestionnaireExecutor, questionnaireId: string, sectionId: number): Promise<string> {
  const q = await getQuestionnaire(db, questionnaireId);
  if (!bankOf(q.bankVersion).section(sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
  const row = await findAdminComment(db, q.id, sectionId);
  return row?.comment ?? '';
}

/**
 * POST api/questionnaire/adminComment/save: stored as sanitized HTML (the slate editor's
 * markup only). A note is the admin's, not the section's: it saves whoever holds the
 * section lock, but not once the questionnaire is closed.
 */
export async function saveAdminComment(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  questionnaireId: string,
  sectionId: number,
  html: string,
): Promise<void> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    // closing takes the same row lock: a note cannot slip in after the questionnaire closed
    const q = await getQuestionnaireForUpdate(trx, questionnaireId);
    if (!bankOf(q.bankVersion).section(sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.adminNoteClosed);
    const comment = sanitizeRichText(html);
    const previous = await findAdminComment(trx, q.id, sectionId);
    if ((previous?.comment ?? '') === comment) return;
    await upsertAdminComment(trx, { questionnaireId: q.id, sectionId, comment, updatedBy: claims.name }, now);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.adminComment.saved',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId },
    });
  });
}
