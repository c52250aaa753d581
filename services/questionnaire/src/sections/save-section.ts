import { QuestionnaireAnswers, sameAnswer, type AccessClaims, type AnswerModel, type SaveSectionBody } from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB } from '../db';
import { acquireLock } from '../locks/locks';
import { bankOf, enforceConditions } from '../question-bank';
import { displayAnswer, normalizeAnswer } from '../question-bank/answers';
import { assertSelf, questionnaireForUser } from '../questionnaires/access';
import { atOf } from '../questionnaires/repository';

import { answersOf, markAnswersChanged, upsertAnswer, valuesOf } from './repository';

/**
 * POST api/questionnaire/save/{questionnaireId}/{userId}: saves one section's answers.
 * Refused, changing nothing: another country's questionnaire, a closed questionnaire,
 * a section someone else holds, unknown questions, answers of the wrong type or
 * outside the options. Then the conditional rules run over the whole questionnaire:
 * hidden questions lose their answers (also in other sections that depend on this
 * one, like IDERA on the declarations of the Summary). Each changed answer is one
 * `evt.questionnaire.answer.saved`; any change invalidates earlier approvals (the
 * revision moves on) and the section's "unchanged" confirmation.
 */
export async function saveSection(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
  items: SaveSectionBody,
  lockTtlSeconds: number,
): Promise<{ changed: number }> {
  assertSelf(claims, userId);
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    // saves of one questionnaire take turns (revision, approvals): the row stays locked until commit
    const fresh = await questionnaireForUser(trx, claims, questionnaireId, { forUpdate: true });
    if (fresh.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);

    const bank = bankOf(fresh.bankVersion);
    const submitted = new Map<string, AnswerModel>();
    let sectionId: number | null = null;
    for (const item of items) {
      const question = bank.question(item.Id);
      if (!question) throw new BadRequest(`Unknown question ${item.Id}.`);
      if (sectionId !== null && question.sectionId !== sectionId) throw new BadRequest('A save holds the questions of one section only.');
      sectionId = question.sectionId;
      if (submitted.has(item.Id)) throw new BadRequest(`Question ${item.Id} appears twice.`);
      submitted.set(item.Id, normalizeAnswer(question, item.Model));
    }

    const lock = await acquireLock(trx, fresh, sectionId!, claims, { now, ttlSeconds: lockTtlSeconds });
    if (!lock.IsLocker) throw new Conflict(QuestionnaireAnswers.lockedBy(lock.Locker ?? 'someone else'));

    const stored = await answersOf(trx, fresh.id);
    const before = valuesOf(stored);
    const after = enforceConditions(bank, new Map([...before, ...submitted]));

    const actor = actorFromClaims(claims);
    const changedSections = new Set<number>();
    let changed = 0;
    for (const question of bank.all()) {
      const old = before.get(question.id) ?? null;
      const next = after.get(question.id) ?? null;
      if (sameAnswer(old, next)) continue;
      changed++;
      changedSections.add(question.sectionId);
      await upsertAnswer(trx, { questionnaireId: fresh.id, questionId: question.id, value: next, updatedBy: claims.name }, now);
      await appendToOutbox(trx, {
        type: 'evt.questionnaire.answer.saved',
        actor,
        data: {
          ...atOf(fresh),
          sectionId: question.sectionId,
          questionId: question.id,
          question: question.text,
          before: displayAnswer(question, old),
          after: displayAnswer(question, next),
        },
      });
    }
    if (changed) await markAnswersChanged(trx, fresh.id, [...changedSections], now);
    return { changed };
  });
}
