import {
  QuestionnaireAnswers,
  sameAnswer,
  type AccessClaims,
  type AnswerModel,
  type ClearedQuestion,
  type SaveRefusal,
  type SaveRefusalReason,
  type SaveSectionAnswer,
  type SaveSectionBody,
  type SaveSectionQuery,
  type SectionHolder,
  type SectionVersion,
} from '@cti/contracts';
import { appendToOutbox, BadRequest, Conflict, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB } from '../db';
import { acquireLock } from '../locks/locks';
import { findValidLock, heldByCaller } from '../locks/repository';
import { bankOf, enforceConditions, type LoadedBank } from '../question-bank';
import { displayAnswer, normalizeAnswer } from '../question-bank/answers';
import { assertSelf, questionnaireForUser } from '../questionnaires/access';
import { atOf } from '../questionnaires/repository';

import { answersOf, bumpSectionVersion, markAnswersChanged, sectionVersionsOf, upsertAnswer, valuesOf } from './repository';
import { clearTokenOf, sectionPlace, sectionVersionOf, storedAnswersOf } from './section-state';

/** A refused section save (409): its body tells the page what is stored now, so nothing typed is lost. */
export class SaveRefused extends Conflict {
  constructor(readonly refusal: SaveRefusal) {
    super(refusal.message);
  }
}

/**
 * POST api/questionnaire/save/{questionnaireId}/{userId}: saves one section's answers.
 * Refused with a 400, changing nothing: unknown questions, answers of the wrong type or outside
 * the options. Refused with a 409 (`SaveRefused`, nothing stored): a closed questionnaire; a
 * section someone else, or the caller's other tab, holds; answers changed since the version the
 * save names (unless every answer sent is already the stored one); a change that would clear
 * answers in another section while someone else holds it, or that the person has not confirmed
 * (the confirmation names exactly the answers shown to them; a versioned save asks the same for
 * answers of its own section that it did not send). Then the conditional rules run over
 * the whole questionnaire: hidden questions lose their answers (also in other sections that depend
 * on this one, like IDERA on the declarations of the Summary). Each changed answer is one
 * `evt.questionnaire.answer.saved`; each changed section's version moves on; any change
 * invalidates earlier approvals (the revision moves on) and the sections' "unchanged" confirmation.
 */
export async function saveSection(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
  items: SaveSectionBody,
  query: SaveSectionQuery,
  lockTtlSeconds: number,
): Promise<Omit<SaveSectionAnswer, 'message'>> {
  assertSelf(claims, userId);
  const now = data.clock.now();
  const lockId = query.lockId ?? null;
  return data.inTransaction(async (trx) => {
    // saves of one questionnaire take turns (versions, revision, approvals): the row stays locked until commit
    const fresh = await questionnaireForUser(trx, claims, questionnaireId, { forUpdate: true });
    const bank = bankOf(fresh.bankVersion);
    const { sectionId, submitted } = submittedAnswers(bank, items);

    const stored = await answersOf(trx, fresh.id);
    const versions = await sectionVersionsOf(trx, fresh.id);
    const refuse = (reason: SaveRefusalReason, message: string, more: Partial<SaveRefusal> = {}): never => {
      throw new SaveRefused({
        statusCode: 409,
        error: 'Conflict',
        message,
        Reason: reason,
        Section: sectionVersionOf(versions, sectionId),
        Answers: storedAnswersOf(bank, sectionId, stored),
        Locker: null,
        Clears: [],
        ClearToken: null,
        HeldBy: [],
        ...more,
      });
    };

    if (fresh.status !== 'Open') refuse('closed', QuestionnaireAnswers.questionnaireClosed);
    const lock = await acquireLock(trx, fresh, sectionId, claims, { now, ttlSeconds: lockTtlSeconds, lockId });
    if (!lock.IsLocker) {
      if (lock.InOtherTab) refuse('otherTab', QuestionnaireAnswers.heldInOtherTab, { Locker: lock.Locker });
      refuse('locked', QuestionnaireAnswers.lockedBy(lock.Locker ?? 'someone else'), { Locker: lock.Locker });
    }
    const current = sectionVersionOf(versions, sectionId).Version;
    // a save based on an older version is stale, unless what it sends is what is stored now (nothing would be lost)
    if (query.version !== undefined && query.version !== current) {
      const alreadyStored = [...submitted].every(([id, model]) => sameAnswer(model, stored.get(id)?.value ?? null));
      if (!alreadyStored) refuse('stale', QuestionnaireAnswers.staleSection);
    }

    const before = valuesOf(stored);
    const after = enforceConditions(bank, new Map([...before, ...submitted]));
    const changes = bank
      .all()
      .map((question) => ({ question, old: before.get(question.id) ?? null, next: after.get(question.id) ?? null }))
      .filter((c) => !sameAnswer(c.old, c.next));

    // what the save clears beyond what it sends: answers of other sections (the cross-section effects)
    // and, for a versioned save, answers of this section that do not end as sent (its page saw other
    // conditions than the server's); a versionless save (the spec's call) clears those as it always did
    const endsAsSent = (c: (typeof changes)[number]) =>
      submitted.has(c.question.id) && sameAnswer(submitted.get(c.question.id) ?? null, c.next);
    // a sent answer the conditions drop while nothing was stored (the answer stays empty) is no
    // change, yet what was typed is lost all the same: named too, with the value sent
    const droppedUnstored =
      query.version === undefined
        ? []
        : [...submitted]
            .filter(([id, model]) => !sameAnswer(model, after.get(id) ?? null) && !changes.some((c) => c.question.id === id))
            .map(([id, model]) => ({ question: bank.question(id)!, old: model }));
    const clears: ClearedQuestion[] = [
      ...changes.filter((c) => c.question.sectionId !== sectionId || (query.version !== undefined && !endsAsSent(c))),
      ...droppedUnstored,
    ].map((c) => ({
      SectionId: c.question.sectionId,
      ...sectionPlace(bank, c.question.sectionId),
      Id: c.question.id,
      Text: c.question.text,
      Model: c.old,
    }));
    if (clears.length) {
      const heldBy: SectionHolder[] = [];
      for (const clearedSection of new Set(clears.map((c) => c.SectionId))) {
        const held = await findValidLock(trx, fresh.id, clearedSection, now);
        if (held && !heldByCaller(held, claims.sub, lockId)) {
          heldBy.push({
            SectionId: clearedSection,
            ...sectionPlace(bank, clearedSection),
            Locker: held.userName,
            InOtherTab: held.userId === claims.sub,
          });
        }
      }
      const [first] = heldBy;
      if (first) {
        refuse(
          'clearingLocked',
          first.InOtherTab
            ? QuestionnaireAnswers.clearingInOtherTab(first.SectionLabel)
            : QuestionnaireAnswers.clearingLockedBy(first.SectionLabel, first.Locker),
          { Clears: clears, HeldBy: heldBy },
        );
      }
      const token = clearTokenOf(clears);
      if (query.confirmClearing !== token) {
        refuse('confirmClearing', QuestionnaireAnswers.clearsOtherSections(clears.length), { Clears: clears, ClearToken: token });
      }
    }

    const newVersions = new Map<number, SectionVersion>();
    for (const changedSection of new Set(changes.map((c) => c.question.sectionId))) {
      const version = await bumpSectionVersion(trx, { questionnaireId: fresh.id, sectionId: changedSection, savedBy: claims.name }, now);
      newVersions.set(changedSection, { SectionId: changedSection, Version: version, SavedBy: claims.name, SavedAt: now.toISOString() });
    }
    const actor = actorFromClaims(claims);
    for (const { question, old, next } of changes) {
      await upsertAnswer(trx, { questionnaireId: fresh.id, questionId: question.id, value: next, updatedBy: claims.name }, now);
      stored.set(question.id, {
        questionId: question.id,
        value: next,
        baseline: null,
        updatedBy: claims.name,
        updatedAt: now.toISOString(),
      });
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
          sectionVersion: newVersions.get(question.sectionId)!.Version,
          ...(question.sectionId !== sectionId ? { clearedBySectionId: sectionId } : {}),
        },
      });
    }
    if (changes.length) await markAnswersChanged(trx, fresh.id, [...newVersions.keys()], now);
    const saved = newVersions.get(sectionId) ?? sectionVersionOf(versions, sectionId);
    return {
      Changed: changes.length,
      Version: saved.Version,
      SavedBy: saved.SavedBy,
      SavedAt: saved.SavedAt,
      Answers: storedAnswersOf(bank, sectionId, stored),
      Cleared: clears,
      Sections: [...newVersions.values()],
    };
  });
}

/** The answers a save sends, normalized, all of one section; 400 for anything else. */
function submittedAnswers(bank: LoadedBank, items: SaveSectionBody): { sectionId: number; submitted: Map<string, AnswerModel> } {
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
  if (sectionId === null) throw new BadRequest('A save holds at least one question.');
  return { sectionId, submitted };
}
