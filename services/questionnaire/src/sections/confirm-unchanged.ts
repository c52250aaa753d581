import { QuestionnaireAnswers, sameAnswer, type AccessClaims } from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, NotFound, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB } from '../db';
import { findValidLock } from '../locks/repository';
import { bankOf } from '../question-bank';
import { questionnaireForUser } from '../questionnaires/access';
import { atOf, getQuestionnaire, lockQuestionnaire } from '../questionnaires/repository';

import { answersOf, upsertConfirmation } from './repository';

/**
 * Carry-forward: confirms in one action that a section's answers, carried from the
 * previous period, still hold. Only a section whose answers all equal the carried
 * ones can be confirmed; a later change removes the confirmation.
 */
export async function confirmSectionUnchanged(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  questionnaireId: string,
  sectionId: number,
): Promise<void> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!q.carriedFromId) throw new BadRequest(QuestionnaireAnswers.nothingCarried);
    const bank = bankOf(q.bankVersion);
    if (!bank.section(sectionId)) throw new NotFound('Section not found.');
    const lock = await findValidLock(trx, q.id, sectionId, now);
    if (lock && lock.userId !== claims.sub) throw new Conflict(QuestionnaireAnswers.lockedBy(lock.userName));
    const answers = await answersOf(trx, q.id);
    const changed = bank.questionsOf(sectionId).some((question) => {
      const a = answers.get(question.id);
      return !sameAnswer(a?.value ?? null, a?.baseline ?? null);
    });
    if (changed) throw new Conflict(QuestionnaireAnswers.cannotConfirmChanged);
    const source = await getQuestionnaire(trx, q.carriedFromId);
    await upsertConfirmation(trx, { questionnaireId: q.id, sectionId, userId: claims.sub, name: claims.name }, now);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.section.confirmed',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId, userId: claims.sub, carriedFromPeriodName: source.period },
    });
  });
}
