import { sql, upsert } from '@cti/db';

import type { ScoringExecutor } from '../db';

export const findPeriod = (db: ScoringExecutor, periodId: string) =>
  db.selectFrom('periods').selectAll().where('periodId', '=', periodId).executeTakeFirst();

/**
 * Records a period a questionnaire event names before the period's own `period.opened` has
 * arrived (that event, projected with the other services' periods, then brings the real opening
 * time); a period already there only takes the name.
 */
export const upsertPeriod = (db: ScoringExecutor, period: { periodId: string; name: string; createdAt: string }) =>
  upsert(db, 'periods', period, ['periodId'], { name: period.name }).execute();

export const findQuestionnaire = (db: ScoringExecutor, questionnaireId: string) =>
  db.selectFrom('questionnaires').selectAll().where('questionnaireId', '=', questionnaireId).executeTakeFirst();

/** The country and period of a questionnaire, or undefined when scoring has not heard of it. */
export const findQuestionnairePlace = (db: ScoringExecutor, questionnaireId: string) =>
  db.selectFrom('questionnaires').select(['groupId', 'periodId']).where('questionnaireId', '=', questionnaireId).executeTakeFirst();

export const findQuestionnaireOf = (db: ScoringExecutor, groupId: string, periodId: string) =>
  db.selectFrom('questionnaires').selectAll().where('groupId', '=', groupId).where('periodId', '=', periodId).executeTakeFirst();

export async function upsertQuestionnaire(
  db: ScoringExecutor,
  q: { questionnaireId: string; groupId: string; periodId: string; status?: 'Open' | 'Closed'; closedOn?: string | null },
): Promise<void> {
  await upsert(
    db,
    'questionnaires',
    {
      questionnaireId: q.questionnaireId,
      groupId: q.groupId,
      periodId: q.periodId,
      status: q.status ?? 'Open',
      closedOn: q.closedOn ?? null,
    },
    ['questionnaireId'],
    {
      groupId: q.groupId,
      periodId: q.periodId,
      ...(q.status ? { status: q.status, closedOn: q.closedOn ?? null } : {}),
    },
  ).execute();
}

export async function setQuestionnaireStatus(
  db: ScoringExecutor,
  ids: readonly string[],
  status: 'Open' | 'Closed',
  closedOn: string | null,
): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('questionnaires')
    .set({ status, closedOn: status === 'Closed' ? sql`coalesce(${closedOn}::timestamptz, now())` : null })
    .where('questionnaireId', 'in', ids)
    .execute();
}

/** The name of the period opened last among some periods (an export's data), or null when none is given. */
export async function latestPeriodName(db: ScoringExecutor, periodIds: readonly string[]): Promise<string | null> {
  if (periodIds.length === 0) return null;
  const row = await db
    .selectFrom('periods')
    .select('name')
    .where('periodId', 'in', [...new Set(periodIds)])
    .orderBy('createdAt', 'desc')
    .orderBy('name', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.name ?? null;
}
