import type { QuestionnaireExecutor } from '../db';
import type { QuestionnaireRecord } from '../questionnaires/repository';

/** The approvals of the questionnaire's current answers (its revision), oldest first. */
export const currentApprovals = (db: QuestionnaireExecutor, q: QuestionnaireRecord) =>
  db
    .selectFrom('approvals')
    .selectAll()
    .where('questionnaireId', '=', q.id)
    .where('answersRevision', '=', q.answersRevision)
    .orderBy('stamp')
    .execute();

/** Whether the user approved the questionnaire's current answers. */
export async function approvedBy(db: QuestionnaireExecutor, q: QuestionnaireRecord, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('approvals')
    .select('id')
    .where('questionnaireId', '=', q.id)
    .where('answersRevision', '=', q.answersRevision)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/** Records an approval of the questionnaire's current answers, stamped `now`. */
export async function insertApproval(
  trx: QuestionnaireExecutor,
  q: QuestionnaireRecord,
  approver: { userId: string; name: string; organizationName: string },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('approvals')
    .values({ questionnaireId: q.id, ...approver, answersRevision: q.answersRevision, stamp: now.toISOString() })
    .execute();
}
