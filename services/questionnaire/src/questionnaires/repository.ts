import { isUuid } from '@cti/contracts';
import { sql, timestampAt, type Insertable } from '@cti/db';
import { NotFound } from '@cti/service-kit';

import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';

/** A questionnaire with its country and period names. */
export interface QuestionnaireRecord {
  id: string;
  groupId: string;
  periodId: string;
  status: 'Open' | 'Closed';
  closedOn: string | null;
  lastUpdated: string;
  bankVersion: string;
  carriedFromId: string | null;
  answersRevision: number;
  reopenedOn: string | null;
  country: string;
  period: string;
  periodSeq: number;
}

const selectQuestionnaires = (db: QuestionnaireExecutor) =>
  db
    .selectFrom('questionnaires as q')
    .innerJoin('periods as p', 'p.id', 'q.periodId')
    .leftJoin('countries as c', 'c.groupId', 'q.groupId')
    .selectAll('q')
    .select([sql<string>`coalesce(c.name, q.group_id)`.as('country'), 'p.name as period', 'p.seq as periodSeq']);

export async function findQuestionnaire(db: QuestionnaireExecutor, id: string): Promise<QuestionnaireRecord | undefined> {
  if (!isUuid(id)) return undefined;
  return selectQuestionnaires(db).where('q.id', '=', id).executeTakeFirst();
}

export async function getQuestionnaire(db: QuestionnaireExecutor, id: string): Promise<QuestionnaireRecord> {
  const found = await findQuestionnaire(db, id);
  if (!found) throw new NotFound('Questionnaire not found.');
  return found;
}

/** Reads and locks a questionnaire in one round trip (the save path). */
export async function getQuestionnaireForUpdate(trx: QuestionnaireExecutor, id: string): Promise<QuestionnaireRecord> {
  const found = isUuid(id) ? await selectQuestionnaires(trx).where('q.id', '=', id).forUpdate(['q']).executeTakeFirst() : undefined;
  if (!found) throw new NotFound('Questionnaire not found.');
  return found;
}

/** Locks the questionnaire row for the rest of the transaction (saves, approvals and closing take turns). */
export async function lockQuestionnaire(trx: QuestionnaireExecutor, id: string): Promise<void> {
  await trx.selectFrom('questionnaires').select('id').where('id', '=', id).forUpdate().execute();
}

/** Where in the questionnaire an event happened (every questionnaire event carries it). */
export const atOf = (q: QuestionnaireRecord) => ({
  questionnaireId: q.id,
  groupId: q.groupId,
  groupName: q.country,
  periodId: q.periodId,
  periodName: q.period,
});

export const currentPeriod = (db: QuestionnaireExecutor) =>
  db.selectFrom('periods').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();

export const activeCountries = (db: QuestionnaireExecutor) =>
  db.selectFrom('countries').selectAll().where('active', '=', true).orderBy('name').execute();

export const findActiveCountry = (db: QuestionnaireExecutor, groupId: string) =>
  db.selectFrom('countries').select('groupId').where('groupId', '=', groupId).where('active', '=', true).executeTakeFirst();

/** A country's questionnaire of one period, if it has one. */
export const findQuestionnaireOfPeriod = (db: QuestionnaireExecutor, groupId: string, periodId: string) =>
  db.selectFrom('questionnaires').selectAll().where('groupId', '=', groupId).where('periodId', '=', periodId).executeTakeFirst();

/** Current countries without a questionnaire in `periodId` (every current country when there is no period). */
export async function countriesWithoutQuestionnaire(db: QuestionnaireExecutor, periodId: string | undefined) {
  let query = db.selectFrom('countries as c').select(['c.groupId', 'c.name']).where('c.active', '=', true);
  if (periodId) {
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('questionnaires as q').select('q.id').whereRef('q.groupId', '=', 'c.groupId').where('q.periodId', '=', periodId),
        ),
      ),
    );
  }
  return query.orderBy('c.name').execute();
}

/** The ids of every open questionnaire. */
export const openQuestionnaireIds = async (db: QuestionnaireExecutor): Promise<string[]> =>
  (await db.selectFrom('questionnaires').select('id').where('status', '=', 'Open').execute()).map((q) => q.id);

/** The country's last closed questionnaire of another period: where a new one carries its answers from. */
export const lastClosedQuestionnaireOf = (db: QuestionnaireExecutor, groupId: string, exceptPeriodId: string) =>
  db
    .selectFrom('questionnaires as q')
    .innerJoin('periods as p', 'p.id', 'q.periodId')
    .select(['q.id'])
    .where('q.groupId', '=', groupId)
    .where('q.status', '=', 'Closed')
    .where('q.periodId', '!=', exceptPeriodId)
    .orderBy('p.seq', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Stores a new open questionnaire, created and updated at `now`. */
export async function insertQuestionnaire(
  trx: QuestionnaireExecutor,
  input: { id?: string; groupId: string; periodId: string; bankVersion: string },
  now: Date,
): Promise<string> {
  const at = now.toISOString();
  const row: Insertable<QuestionnaireDB['questionnaires']> = {
    ...(input.id ? { id: input.id } : {}),
    groupId: input.groupId,
    periodId: input.periodId,
    status: 'Open',
    closedOn: null,
    bankVersion: input.bankVersion,
    carriedFromId: null,
    createdAt: at,
    lastUpdated: at,
  };
  const { id } = await trx.insertInto('questionnaires').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * Carry-forward: copies the source questionnaire's answers to the questions `questionIds`
 * (each kept as its baseline too) and marks where they came from. A questionnaire that was
 * never answered leaves nothing to carry forward or compare with: then nothing is marked.
 * Answers how many it copied.
 */
export async function carryAnswersForward(
  trx: QuestionnaireExecutor,
  targetId: string,
  sourceId: string,
  questionIds: string[],
  now: Date,
): Promise<number> {
  const carried = await sql`
    insert into answers (questionnaire_id, question_id, value, baseline, updated_by, updated_at)
    select ${targetId}, question_id, value, value, updated_by, ${timestampAt(now)} from answers
    where questionnaire_id = ${sourceId} and value is not null and question_id = any(${questionIds})`.execute(trx);
  const count = Number(carried.numAffectedRows ?? 0);
  if (count > 0) await trx.updateTable('questionnaires').set({ carriedFromId: sourceId }).where('id', '=', targetId).execute();
  return count;
}

/** Closes questionnaires on `closedOn` (an ISO time). */
export async function markClosed(trx: QuestionnaireExecutor, ids: string[], closedOn: string): Promise<void> {
  if (!ids.length) return;
  await trx.updateTable('questionnaires').set({ status: 'Closed', closedOn }).where('id', 'in', ids).execute();
}

/** Reopens a questionnaire at `now`: a new approval round (the revision moves on), stamped as updated. */
export async function markReopened(trx: QuestionnaireExecutor, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable('questionnaires')
    .set({ status: 'Open', closedOn: null, reopenedOn: at, answersRevision: sql<number>`answers_revision + 1`, lastUpdated: at })
    .where('id', '=', id)
    .execute();
}

/**
 * Questionnaires in one status, the latest period first, then by country; `groups` limits
 * them to those countries (all countries when absent).
 */
export function questionnairesInStatus(
  db: QuestionnaireExecutor,
  status: 'Open' | 'Closed',
  groups?: readonly string[],
): Promise<QuestionnaireRecord[]> {
  let query = selectQuestionnaires(db).where('q.status', '=', status);
  if (groups) query = query.where('q.groupId', 'in', [...groups]);
  return query.orderBy('p.seq', 'desc').orderBy('country').execute();
}

/** The admin report's questionnaires: each filter lists lower-cased values (any of them matches); an empty one does not filter. */
export function reportQuestionnaires(
  db: QuestionnaireExecutor,
  filters: { entities: string[]; periods: string[]; statuses: string[] },
): Promise<QuestionnaireRecord[]> {
  let query = selectQuestionnaires(db);
  if (filters.entities.length) query = query.where(sql<string>`lower(coalesce(c.name, q.group_id))`, 'in', filters.entities);
  if (filters.periods.length) query = query.where(sql<string>`lower(p.name)`, 'in', filters.periods);
  if (filters.statuses.length) query = query.where(sql<string>`lower(q.status)`, 'in', filters.statuses);
  return query.orderBy('p.seq', 'desc').orderBy('country').execute();
}
