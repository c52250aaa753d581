import { sameAnswer, type AccessClaims, type LockInfo, type QuestionsAnswer, type QuestionsBody } from '@cti/contracts';
import { NotFound, type DataAccess } from '@cti/service-kit';

import type { QuestionnaireDB } from '../db';
import { acquireLock, lockInfo } from '../locks/locks';
import { bankOf, toApiQuestion } from '../question-bank';
import { questionnaireForUser } from '../questionnaires/access';
import { findQuestionnaire } from '../questionnaires/repository';
import { rememberSection } from '../resume/repository';

import { answersOf, findConfirmation, sectionVersionsOf } from './repository';
import { sectionVersionOf } from './section-state';

/**
 * POST api/questionnaire/questions: a section's questions with their answers, the version of
 * those answers and the lock. Opening an open questionnaire's section takes its lock for the
 * calling tab unless someone else, or the caller's other tab, holds it (then the caller reads
 * only; `TakeOver` moves the caller's own lock here); `ignoreLock` reads without locking (export).
 */
export async function loadSection(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  body: QuestionsBody,
  lockTtlSeconds: number,
): Promise<QuestionsAnswer> {
  const db = data.db;
  const now = data.clock.now();
  const q = await questionnaireForUser(db, claims, body.QuestionnaireId);
  if (q.groupId !== body.GroupId) throw new NotFound('Questionnaire not found.');
  const bank = bankOf(q.bankVersion);
  const section = bank.section(body.SectionId);
  if (!section) throw new NotFound('Section not found.');

  const caller = { userId: claims.sub, lockId: body.LockId ?? null };
  let lock: LockInfo;
  if (!body.ignoreLock) {
    // a page opening the section: it is where the caller now works (resume point)
    lock = await data.inTransaction(async (trx) => {
      await rememberSection(trx, q.id, claims.sub, section.sectionId, now);
      return q.status === 'Open'
        ? acquireLock(trx, q, section.sectionId, claims, {
            now,
            ttlSeconds: lockTtlSeconds,
            lockId: caller.lockId,
            takeOver: body.TakeOver,
          })
        : lockInfo(trx, q.id, section.sectionId, caller, now);
    });
  } else {
    lock = await lockInfo(db, q.id, section.sectionId, caller, now);
  }

  // the version is read before the answers: a save committing in between leaves an older version with
  // newer answers, so the next save is refused as stale (never one based on answers it did not show)
  const versions = await sectionVersionsOf(db, q.id);
  const answers = await answersOf(db, q.id);
  const version = sectionVersionOf(versions, section.sectionId);
  const source = q.carriedFromId ? await findQuestionnaire(db, q.carriedFromId) : undefined;
  const sourceBank = source ? bankOf(source.bankVersion) : undefined;
  const questions = bank.questionsOf(section.sectionId).map((question) => {
    const stored = answers.get(question.id);
    const model = stored?.value ?? null;
    const api = toApiQuestion(question, model);
    api.SavedBy = stored?.updatedBy ?? null;
    api.SavedAt = stored?.updatedAt ?? null;
    if (source && sourceBank) {
      const baseline = stored?.baseline ?? null;
      api.Carried = { Model: baseline, Changed: !sameAnswer(model, baseline), IsNew: !sourceBank.question(question.id) };
    }
    return api;
  });
  const confirmation = await findConfirmation(db, q.id, section.sectionId);
  return {
    Questions: questions,
    Locker: lock.Locker,
    IsLocker: lock.IsLocker,
    InOtherTab: lock.InOtherTab,
    Version: version.Version,
    SavedBy: version.SavedBy,
    SavedAt: version.SavedAt,
    Section: {
      SectionId: section.sectionId,
      Title: section.title,
      ...(section.description ? { Description: section.description } : {}),
      CarriedFrom: source?.period ?? null,
      ChangedCount: questions.filter((x) => x.Carried?.Changed).length,
      Confirmation: confirmation ? { Name: confirmation.name, Stamp: confirmation.confirmedAt } : null,
    },
  };
}
