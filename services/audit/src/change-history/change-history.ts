import type { ChangeRecord, QuestionChangesBody, RecentChange } from '@cti/contracts';

import { escapeHtml } from '../audit-log/description';
import type { AuditExecutor } from '../db';

import { questionChangeRows, recentChangeRows } from './repository';

/** Groups a reader may see: every group, or these. */
export type GroupScope = 'all' | readonly string[];

/** The most recent answer changes in the reader's countries, newest first (the country dashboard). */
export async function recentChanges(db: AuditExecutor, scope: GroupScope, count: number): Promise<RecentChange[]> {
  if (scope !== 'all' && scope.length === 0) return [];
  const rows = await recentChangeRows(db, scope, count);
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
  const rows = await questionChangeRows(db, body);
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
