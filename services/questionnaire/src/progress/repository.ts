import { timestampAt } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** Every stored answer of the questionnaires. */
export const answersOfQuestionnaires = (db: QuestionnaireExecutor, questionnaireIds: string[]) =>
  db.selectFrom('answers').select(['questionnaireId', 'questionId', 'value']).where('questionnaireId', 'in', questionnaireIds).execute();

/** The approvals of each questionnaire's current answers (its revision), oldest first. */
export const currentApprovalsOfQuestionnaires = (db: QuestionnaireExecutor, questionnaireIds: string[]) =>
  db
    .selectFrom('approvals as a')
    .innerJoin('questionnaires as q', (join) =>
      join.onRef('q.id', '=', 'a.questionnaireId').onRef('q.answersRevision', '=', 'a.answersRevision'),
    )
    .select(['a.questionnaireId', 'a.userId', 'a.name', 'a.organizationName', 'a.stamp'])
    .where('a.questionnaireId', 'in', questionnaireIds)
    .orderBy('a.stamp')
    .execute();

/** The section locks of the questionnaires still valid at `now`, by section. */
export const validLocksOfQuestionnaires = (db: QuestionnaireExecutor, questionnaireIds: string[], now: Date) =>
  db
    .selectFrom('sectionLocks')
    .select(['questionnaireId', 'sectionId', 'userName'])
    .where('questionnaireId', 'in', questionnaireIds)
    .where('expiresAt', '>', timestampAt(now))
    .orderBy('sectionId')
    .execute();
