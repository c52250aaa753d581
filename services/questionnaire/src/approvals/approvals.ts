import { enoughApprovals } from '@cti/access';
import { QuestionnaireAnswers, type AccessClaims, type Approval, type EventActor, type QuestionnaireStatus } from '@cti/contracts';
import { appendToOutbox, Conflict, Forbidden, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { deleteLocksOfQuestionnaires } from '../locks/repository';
import { assertSelf, isAdminClaims, isRespondentClaims, questionnaireForUser } from '../questionnaires/access';
import {
  atOf,
  getQuestionnaire,
  lockQuestionnaire,
  markClosed,
  markReopened,
  type QuestionnaireRecord,
} from '../questionnaires/repository';

import { approvedBy, currentApprovals, insertApproval } from './repository';

/**
 * Approvals hold the answers revision they approved: an answer change moves the
 * revision on, so only approvals of the current answers count.
 * Ready for finalization: respondents of at least two different organizations
 * approved the current answers (two law firms' input before a country is scored).
 */

const isReady = async (db: QuestionnaireExecutor, q: QuestionnaireRecord) =>
  q.status === 'Open' && enoughApprovals(await currentApprovals(db, q));

/** POST api/finalize/canApprove */
export async function canApprove(
  db: QuestionnaireExecutor,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
): Promise<boolean> {
  assertSelf(claims, userId);
  const q = await questionnaireForUser(db, claims, questionnaireId);
  return q.status === 'Open' && isRespondentClaims(claims, q.groupId) && !(await approvedBy(db, q, claims.sub));
}

/** POST api/finalize: the caller approves the current answers. */
export async function approve(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  questionnaireId: string,
  userId: string,
): Promise<void> {
  assertSelf(claims, userId);
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!isRespondentClaims(claims, q.groupId)) throw new Forbidden(QuestionnaireAnswers.cannotApprove);
    if (await approvedBy(trx, q, claims.sub)) throw new Conflict(QuestionnaireAnswers.alreadyApproved);
    const organizationName = claims.organization ?? '';
    await insertApproval(trx, q, { userId: claims.sub, name: claims.name, organizationName }, now);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.approval.added',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), userId: claims.sub, name: claims.name, organizationName },
    });
  });
}

/** POST api/finalize/approvedNames/{id}: who approved the current answers. */
export async function approvedNames(db: QuestionnaireExecutor, claims: AccessClaims, questionnaireId: string): Promise<Approval[]> {
  const q = await questionnaireForUser(db, claims, questionnaireId);
  return (await currentApprovals(db, q)).map((a) => ({ Name: a.name, OrganizationName: a.organizationName, Stamp: a.stamp }));
}

/** POST api/finalize/readyForFinalization/{id} */
export async function readyForFinalization(db: QuestionnaireExecutor, claims: AccessClaims, questionnaireId: string): Promise<boolean> {
  return isReady(db, await questionnaireForUser(db, claims, questionnaireId));
}

/** POST api/finalize/close/{id}: Submit As Final, once ready; by a respondent of the country or an admin. */
export async function submitAsFinal(data: DataAccess<QuestionnaireDB>, claims: AccessClaims, questionnaireId: string): Promise<void> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!isRespondentClaims(claims, q.groupId) && !isAdminClaims(claims)) throw new Forbidden(QuestionnaireAnswers.cannotApprove);
    if (!(await isReady(trx, q))) throw new Conflict(QuestionnaireAnswers.notReady);
    await closeQuestionnaire(trx, q, actorFromClaims(claims), now);
  });
}

/** Closes a questionnaire (Submit As Final, the admin's selector): read-only from now on, locks released. */
export async function closeQuestionnaire(
  trx: QuestionnaireExecutor,
  q: QuestionnaireRecord,
  actor: ReturnType<typeof actorFromClaims> | null,
  now: Date,
): Promise<string> {
  const closedOn = now.toISOString();
  await markClosed(trx, [q.id], closedOn);
  await deleteLocksOfQuestionnaires(trx, [q.id]);
  await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.closed', actor, data: { ...atOf(q), closedOn } });
  return closedOn;
}

/** POST api/questionnaire/closeOrOpen: the admin's Open/Closed selector (reopening withdraws the approvals). */
export async function closeOrOpen(
  data: DataAccess<QuestionnaireDB>,
  questionnaireId: string,
  status: QuestionnaireStatus,
  actor: EventActor | null,
): Promise<void> {
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
    await getQuestionnaire(trx, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status === status) return;
    if (status === 'Closed') {
      await closeQuestionnaire(trx, q, actor, now);
      return;
    }
    // Reopening starts a new approval round: the revision moves on, so the approvals that
    // closed it no longer count and two firms must approve again before it can be final.
    await markReopened(trx, q.id, now);
    await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.opened', actor, data: atOf(q) });
  });
}
