import { enoughApprovals } from '@cti/access';
import { QuestionnaireAnswers, type AccessClaims, type Approval } from '@cti/contracts';
import { appendToOutbox, Conflict, Forbidden } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor, QuestionnaireApp } from '../db';
import { assertSelf, isAdminClaims, isRespondentClaims, questionnaireForUser } from '../questionnaires/access';
import { atOf, getQuestionnaire, lockQuestionnaire, type QuestionnaireRecord } from '../questionnaires/repository';

/**
 * Approvals hold the answers revision they approved: an answer change moves the
 * revision on, so only approvals of the current answers count.
 * Ready for finalization: respondents of at least two different organizations
 * approved the current answers (two law firms' input before a country is scored).
 */

const currentApprovals = (db: QuestionnaireExecutor, q: QuestionnaireRecord) =>
  db
    .selectFrom('approvals')
    .selectAll()
    .where('questionnaireId', '=', q.id)
    .where('answersRevision', '=', q.answersRevision)
    .orderBy('stamp')
    .execute();

async function approvedBy(db: QuestionnaireExecutor, q: QuestionnaireRecord, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('questionnaireId', '=', q.id)
    .where('answersRevision', '=', q.answersRevision)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return !!row;
}

const isReady = async (db: QuestionnaireExecutor, q: QuestionnaireRecord) =>
  q.status === 'Open' && enoughApprovals(await currentApprovals(db, q));

/** POST api/finalize/canApprove */
export async function canApprove(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string, userId: string): Promise<boolean> {
  assertSelf(claims, userId);
  const db = app.db;
  const q = await questionnaireForUser(db, claims, questionnaireId);
  return q.status === 'Open' && isRespondentClaims(claims, q.groupId) && !(await approvedBy(db, q, claims.sub));
}

/** POST api/finalize: the caller approves the current answers. */
export async function approve(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string, userId: string): Promise<void> {
  assertSelf(claims, userId);
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!isRespondentClaims(claims, q.groupId)) throw new Forbidden(QuestionnaireAnswers.cannotApprove);
    if (await approvedBy(trx, q, claims.sub)) throw new Conflict(QuestionnaireAnswers.alreadyApproved);
    const organizationName = claims.organization ?? '';
    await trx
      .insertInto('approvals')
      .values({ questionnaireId: q.id, userId: claims.sub, name: claims.name, organizationName, answersRevision: q.answersRevision })
      .execute();
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.approval.added',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), userId: claims.sub, name: claims.name, organizationName },
    });
  });
}

/** POST api/finalize/approvedNames/{id}: who approved the current answers. */
export async function approvedNames(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string): Promise<Approval[]> {
  const db = app.db;
  const q = await questionnaireForUser(db, claims, questionnaireId);
  return (await currentApprovals(db, q)).map((a) => ({ Name: a.name, OrganizationName: a.organizationName, Stamp: a.stamp }));
}

/** POST api/finalize/readyForFinalization/{id} */
export async function readyForFinalization(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string): Promise<boolean> {
  const db = app.db;
  return isReady(db, await questionnaireForUser(db, claims, questionnaireId));
}

/** POST api/finalize/close/{id}: Submit As Final, once ready; by a respondent of the country or an admin. */
export async function submitAsFinal(app: QuestionnaireApp, claims: AccessClaims, questionnaireId: string): Promise<void> {
  await app.inTransaction(async (trx: QuestionnaireExecutor) => {
    await questionnaireForUser(trx, claims, questionnaireId);
    await lockQuestionnaire(trx, questionnaireId);
    const q = await getQuestionnaire(trx, questionnaireId);
    if (q.status !== 'Open') throw new Conflict(QuestionnaireAnswers.questionnaireClosed);
    if (!isRespondentClaims(claims, q.groupId) && !isAdminClaims(claims)) throw new Forbidden(QuestionnaireAnswers.cannotApprove);
    if (!(await isReady(trx, q))) throw new Conflict(QuestionnaireAnswers.notReady);
    await closeQuestionnaire(trx, q, actorFromClaims(claims));
  });
}

/** Closes a questionnaire (Submit As Final, the admin's selector): read-only from now on, locks released. */
export async function closeQuestionnaire(
  trx: QuestionnaireExecutor,
  q: QuestionnaireRecord,
  actor: ReturnType<typeof actorFromClaims> | null,
): Promise<string> {
  const closedOn = new Date().toISOString();
  await trx.updateTable('questionnaires').set({ status: 'Closed', closedOn }).where('id', '=', q.id).execute();
  await trx.deleteFrom('sectionLocks').where('questionnaireId', '=', q.id).execute();
  await appendToOutbox(trx, { type: 'evt.questionnaire.questionnaire.closed', actor, data: { ...atOf(q), closedOn } });
  return closedOn;
}
