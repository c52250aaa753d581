import { sql, timestampAt } from '@cti/db';

import type { QuestionnaireExecutor } from '../db';

/** The lock on a section if it is still valid at `now`. */
export const findValidLock = (db: QuestionnaireExecutor, questionnaireId: string, sectionId: number, now: Date) =>
  db
    .selectFrom('sectionLocks')
    .selectAll()
    .where('questionnaireId', '=', questionnaireId)
    .where('sectionId', '=', sectionId)
    .where('expiresAt', '>', timestampAt(now))
    .executeTakeFirst();

/**
 * Takes or renews a section lock in one statement: the caller's own or an expired lock is
 * taken over, someone else's valid lock wins (no row returned). `heldBefore` says whether
 * the caller already held it (`held` sees the row as it was before this statement).
 */
export async function upsertLock(
  trx: QuestionnaireExecutor,
  lock: { questionnaireId: string; sectionId: number; userId: string; userName: string },
  now: Date,
  ttlSeconds: number,
): Promise<{ userId: string; heldBefore: boolean } | undefined> {
  const ttl = `${ttlSeconds} seconds`;
  const t = timestampAt(now);
  const taken = await sql<{ userId: string; heldBefore: boolean }>`
    with held as (
      select 1 from section_locks
      where questionnaire_id = ${lock.questionnaireId} and section_id = ${lock.sectionId} and user_id = ${lock.userId} and expires_at > ${t}
    )
    insert into section_locks (questionnaire_id, section_id, user_id, user_name, acquired_at, expires_at)
    values (${lock.questionnaireId}, ${lock.sectionId}, ${lock.userId}, ${lock.userName}, ${t}, ${t} + ${ttl}::interval)
    on conflict (questionnaire_id, section_id) do update set
      acquired_at = case when section_locks.user_id = excluded.user_id and section_locks.expires_at > ${t} then section_locks.acquired_at else ${t} end,
      user_id = excluded.user_id,
      user_name = excluded.user_name,
      expires_at = excluded.expires_at
    where section_locks.user_id = excluded.user_id or section_locks.expires_at <= ${t}
    returning user_id as "userId", exists (select 1 from held) as "heldBefore"`.execute(trx);
  return taken.rows[0];
}

/** Deletes a user's locks (one section, one questionnaire's, or all), answering which went. */
export function deleteLocksOf(trx: QuestionnaireExecutor, userId: string, scope: { questionnaireId?: string; sectionId?: number }) {
  let query = trx.deleteFrom('sectionLocks').where('userId', '=', userId);
  if (scope.questionnaireId) query = query.where('questionnaireId', '=', scope.questionnaireId);
  if (scope.sectionId !== undefined) query = query.where('sectionId', '=', scope.sectionId);
  return query.returning(['questionnaireId', 'sectionId', 'expiresAt']).execute();
}

/** The valid locks of a questionnaire held by others than `userId`. */
export const locksHeldByOthers = (db: QuestionnaireExecutor, questionnaireId: string, userId: string, now: Date) =>
  db
    .selectFrom('sectionLocks')
    .select(['sectionId', 'userName'])
    .where('questionnaireId', '=', questionnaireId)
    .where('userId', '!=', userId)
    .where('expiresAt', '>', timestampAt(now))
    .execute();

/** Drops every lock of the questionnaires (they closed: nobody edits them any more). */
export async function deleteLocksOfQuestionnaires(trx: QuestionnaireExecutor, questionnaireIds: string[]): Promise<void> {
  if (!questionnaireIds.length) return;
  await trx.deleteFrom('sectionLocks').where('questionnaireId', 'in', questionnaireIds).execute();
}
