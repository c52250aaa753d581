import { sql } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** How many current countries the identity projection holds. */
export async function activeCountryCount(db: QuestionnaireExecutor): Promise<number> {
  const row = await db
    .selectFrom('countries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return row.count;
}

export const findCountryByName = (db: QuestionnaireExecutor, name: string) =>
  db.selectFrom('countries').selectAll().where('name', '=', name).executeTakeFirst();

/** A user of identity's directory by e-mail, whatever its case (`email` given lower-case). */
export const findDirectoryUserByEmail = (db: QuestionnaireExecutor, email: string) =>
  db
    .selectFrom('directoryUsers')
    .selectAll()
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();

/** Whether the user approved the questionnaire's answers as they stand now (its current revision). */
export async function approvedCurrentAnswers(db: QuestionnaireExecutor, questionnaireId: string, userId: string): Promise<boolean> {
  const { answersRevision } = await db
    .selectFrom('questionnaires')
    .select('answersRevision')
    .where('id', '=', questionnaireId)
    .executeTakeFirstOrThrow();
  const done = await db
    .selectFrom('approvals')
    .select('id')
    .where('questionnaireId', '=', questionnaireId)
    .where('userId', '=', userId)
    .where('answersRevision', '=', answersRevision)
    .executeTakeFirst();
  return !!done;
}
