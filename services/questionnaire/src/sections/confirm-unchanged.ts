import { QuestionnaireAnswers, sameAnswer, type AccessClaims } from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, NotFound } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { currentLock } from '../locks/locks';
import { bankOf } from '../question-bank';
import { questionnaireForUser } from '../questionnaires/access';
import { atOf, getQuestionnaire, lockQuestionnaire } from '../questionnaires/repository';

import { answersOf } from './section-answers';

/**
 * Carry-forward: confirms in one action that a section's answers, carried from the
 * previous period, still hold. Only a section whose answers all equal the carried
 * ones can be confirmed; a later change removes the confirmation.
 */
export async function confirmSectionUnchanged(
  app: QuestionnaireApp,
  claims: AccessClaims,
  questionnaireId: string,
  sectionId: number,
): Promise<void> {
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!q.carriedFromId) throw new BadRequest(QuestionnaireAnswers.nothingCarried);
    const bank = bankOf(q.bankVersion);
    if (!bank.section(sectionId)) throw new NotFound('Section not found.');
    const lock = await currentLock(trx, q.id, sectionId);
    if (lock && lock.userId !== claims.sub) throw new Conflict(QuestionnaireAnswers.lockedBy(lock.userName));
    const answers = await answersOf(trx, q.id);
    const changed = bank.questionsOf(sectionId).some((question) => {
      const a = answers.get(question.id);
      return !sameAnswer(a?.value ?? null, a?.baseline ?? null);
    });
    if (changed) throw new Conflict(QuestionnaireAnswers.cannotConfirmChanged);
    const source = await getQuestionnaire(trx, q.carriedFromId);
    await trx
      .insertInto('sectionConfirmations')
      .values({ questionnaireId: q.id, sectionId, userId: claims.sub, name: claims.name })
      .onConflict((oc) =>
        oc
          .columns(['questionnaireId', 'sectionId'])
          .doUpdateSet({ userId: claims.sub, name: claims.name, confirmedAt: new Date().toISOString() }),
      )
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.section.confirmed',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId, userId: claims.sub, carriedFromPeriodName: source.period },
    });
  });
}
