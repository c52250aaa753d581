import type { ChangeRecord, QuestionChangesBody, RecentChange } from '@cti/contracts';
import { escapeHtml } from '../audit-log/description';
import type { AuditExecutor } from '../db';

/** Groups a reader may see: every group, or these. */
export type GroupScope = 'all' | readonly string[];

const questionHtml = (question: string) => escapeHtml(question);

/** The most recent answer changes in the reader's countries, newest first (the country dashboard). */
export async function recentChanges(db: AuditExecutor, scope: GroupScope, count: number): Promise<RecentChange[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = db
    .selectFrom('answerChanges')
    .select(['id', 'userName', 'groupName', 'periodName', 'question', 'stamp', 'questionId', 'questionnaireId', 'groupId']);
  if (scope !== 'all') query = query.where('groupId', 'in', [...scope]);
  const rows = await query.orderBy('stamp', 'desc').orderBy('id').limit(count).execute();
  return rows.map((r) => ({
    Id: r.id,
    User: r.userName,
    Questionnaire: `${r.groupName} – ${r.periodName}`,
    Question: questionHtml(r.question),
    Stamp: r.stamp,
    QuestionId: r.questionId,
    QuestionnaireId: r.questionnaireId,
    GroupId: r.groupId,
  }));
}

/** Every change of one question of one questionnaire, newest first (the change-history modal). */
export async function questionHistory(db: AuditExecutor, body: QuestionChangesBody): Promise<ChangeRecord[]> {
  const rows = await db
    .selectFrom('answerChanges')
    .selectAll()
    .where('questionnaireId', '=', body.questionnaireId)
    .where('questionId', '=', body.questionId)
    .where('groupId', '=', body.groupId)
    .orderBy('stamp', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    Group: r.groupName,
    Period: r.periodName,
    Question: questionHtml(r.question),
    Answer: r.after,
    Before: r.before,
    User: r.userName,
    Stamp: r.stamp,
    QuestionId: r.questionId,
    QuestionnaireId: r.questionnaireId,
    GroupId: r.groupId,
  }));
}
