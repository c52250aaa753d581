import { sql } from '@cti/db';
import { NotFound } from '@cti/service-kit';

import type { QuestionnaireExecutor } from '../db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

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

export const selectQuestionnaires = (db: QuestionnaireExecutor) =>
  db
    .selectFrom('questionnaires as q')
    .innerJoin('periods as p', 'p.id', 'q.periodId')
    .leftJoin('countries as c', 'c.groupId', 'q.groupId')
    .select([
      'q.id',
      'q.groupId',
      'q.periodId',
      'q.status',
      'q.closedOn',
      'q.lastUpdated',
      'q.bankVersion',
      'q.carriedFromId',
      'q.answersRevision',
      'q.reopenedOn',
      sql<string>`coalesce(c.name, q.group_id)`.as('country'),
      'p.name as period',
      'p.seq as periodSeq',
    ]);

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
