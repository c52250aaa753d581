import type { ChangeRecord, QuestionChangesBody, RecentChange } from '@cti/contracts';

import { escapeHtml } from '../audit-log/description';
import { ANSWER_SAVED } from '../chain/row-content';
import type { AuditExecutor } from '../db';

/** Groups a reader may see: every group, or these. */
export type GroupScope = 'all' | readonly string[];

/** Response rows: the change records, read on their partial indexes. */
const changeRows = (db: AuditExecutor) =>
  db
    .selectFrom('auditRows')
    .select([
      'id',
      'name',
      'stamp',
      'questionId',
      'questionnaireId',
      'groupId',
      'changeGroupName',
      'changePeriodName',
      'changeQuestion',
      'changeBefore',
      'changeAfter',
    ])
    .where('eventType', '=', ANSWER_SAVED);

/** The most recent answer changes in the reader's countries, newest first (the country dashboard). */
export async function recentChanges(db: AuditExecutor, scope: GroupScope, count: number): Promise<RecentChange[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  let query = changeRows(db);
  if (scope !== 'all') query = query.where('groupId', 'in', [...scope]);
  const rows = await query.orderBy('stamp', 'desc').orderBy('seq', 'desc').limit(count).execute();
  return rows.map((r) => ({
    Id: r.id,
    User: r.name,
    Questionnaire: `${r.changeGroupName ?? ''} – ${r.changePeriodName ?? ''}`,
    Question: escapeHtml(r.changeQuestion),
    Stamp: r.stamp,
    QuestionId: r.questionId ?? '',
    QuestionnaireId: r.questionnaireId ?? '',
    GroupId: r.groupId ?? '',
  }));
}

/** Every change of one question of one questionnaire, newest first (the change-history modal). */
export async function questionHistory(db: AuditExecutor, body: QuestionChangesBody): Promise<ChangeRecord[]> {
  const rows = await changeRows(db)
    .where('questionnaireId', '=', body.questionnaireId)
    .where('questionId', '=', body.questionId)
    .where('groupId', '=', body.groupId)
    .orderBy('stamp', 'desc')
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    Group: r.changeGroupName ?? '',
    Period: r.changePeriodName ?? '',
    Question: escapeHtml(r.changeQuestion),
    Answer: r.changeAfter,
    Before: r.changeBefore,
    User: r.name,
    Stamp: r.stamp,
    QuestionId: r.questionId ?? '',
    QuestionnaireId: r.questionnaireId ?? '',
    GroupId: r.groupId ?? '',
  }));
}
