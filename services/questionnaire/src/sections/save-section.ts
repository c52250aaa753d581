import { QuestionnaireAnswers, sameAnswer, type AccessClaims, type AnswerModel, type SaveSectionBody } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, BadRequest, Conflict } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { acquireLock } from '../locks/locks';
import { bankOf, enforceConditions } from '../question-bank';
import { displayAnswer, normalizeAnswer } from '../question-bank/answers';
import { assertSelf, questionnaireForUser } from '../questionnaires/access';
import { atOf } from '../questionnaires/repository';

import { answersOf, valuesOf } from './section-answers';

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
  app: QuestionnaireApp,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
  items: SaveSectionBody,
  lockTtlSeconds: number,
): Promise<{ changed: number }> {
  assertSelf(claims, userId);
  return app.inTransaction(async (trx: QuestionnaireExecutor) => {
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

    const lock = await acquireLock(trx, fresh, sectionId!, claims, lockTtlSeconds);
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
      await trx
        .insertInto('answers')
        .values({
          questionnaireId: fresh.id,
          questionId: question.id,
          value: next === null ? null : JSON.stringify(next),
          baseline: null,
          updatedBy: claims.name,
        })
        .onConflict((oc) =>
          oc
            .columns(['questionnaireId', 'questionId'])
            .doUpdateSet({ value: next === null ? null : JSON.stringify(next), updatedAt: sql<string>`now()`, updatedBy: claims.name }),
        )
        .execute();
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
    if (changed) {
      await sql`
        with unconfirmed as (delete from section_confirmations where questionnaire_id = ${fresh.id} and section_id = any(${[...changedSections]}::int[]))
        update questionnaires set answers_revision = answers_revision + 1, last_updated = now() where id = ${fresh.id}`.execute(trx);
    }
    return { changed };
  });
}
