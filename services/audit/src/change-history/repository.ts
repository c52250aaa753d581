import { ANSWER_SAVED } from '../chain/row-content';
import type { AuditExecutor } from '../db';

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

/** The `count` most recent change records of these groups (of every group for 'all'), newest first. */
export const recentChangeRows = (db: AuditExecutor, groupIds: 'all' | readonly string[], count: number) => {
  let query = changeRows(db);
  if (groupIds !== 'all') query = query.where('groupId', 'in', [...groupIds]);
  return query.orderBy('stamp', 'desc').orderBy('seq', 'desc').limit(count).execute();
};

/** Every change record of one question of one questionnaire of a group, newest first. */
export const questionChangeRows = (db: AuditExecutor, question: { questionnaireId: string; questionId: string; groupId: string }) =>
  changeRows(db)
    .where('questionnaireId', '=', question.questionnaireId)
    .where('questionId', '=', question.questionId)
    .where('groupId', '=', question.groupId)
    .orderBy('stamp', 'desc')
    .orderBy('seq', 'desc')
    .execute();
