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
 * Whether a lock is the caller's to use here: the same user, and the same tab unless the lock or
 * the call has no lock id (a lock taken, or a call made, for the user as a whole).
 */
export const heldByCaller = (lock: { userId: string; lockId: string | null }, userId: string, lockId: string | null) =>
  lock.userId === userId && (lockId === null || lock.lockId === null || lock.lockId === lockId);

/**
 * Takes or renews a section lock in one statement: the caller's own, an expired lock, or (with
 * `takeOver`) the caller's lock of another tab is taken; someone else's valid lock, or the caller's
 * other tab's without `takeOver`, wins (no row returned). A call without a lock id keeps the lock id
 * of the tab holding it. `heldBefore` says whether the caller (this tab) already held it (`held`
 * sees the row as it was before this statement).
 */
export async function upsertLock(
  trx: QuestionnaireExecutor,
  lock: { questionnaireId: string; sectionId: number; userId: string; userName: string; lockId: string | null },
  options: { now: Date; ttlSeconds: number; takeOver: boolean },
): Promise<{ userId: string; heldBefore: boolean } | undefined> {
  const ttl = `${options.ttlSeconds} seconds`;
  const t = timestampAt(options.now);
  const lockId = sql`${lock.lockId}::text`;
  const taken = await sql<{ userId: string; heldBefore: boolean }>`
    with held as (
      select 1 from section_locks
      where questionnaire_id = ${lock.questionnaireId} and section_id = ${lock.sectionId} and user_id = ${lock.userId} and expires_at > ${t}
        and (${lockId} is null or lock_id is null or lock_id = ${lockId})
    )
    insert into section_locks (questionnaire_id, section_id, user_id, user_name, acquired_at, expires_at, lock_id)
    values (${lock.questionnaireId}, ${lock.sectionId}, ${lock.userId}, ${lock.userName}, ${t}, ${t} + ${ttl}::interval, ${lockId})
    on conflict (questionnaire_id, section_id) do update set
      acquired_at = case when exists (select 1 from held) then section_locks.acquired_at else ${t} end,
      lock_id = case
        when excluded.lock_id is null and section_locks.user_id = excluded.user_id and section_locks.expires_at > ${t} then section_locks.lock_id
        else excluded.lock_id end,
      user_id = excluded.user_id,
      user_name = excluded.user_name,
      expires_at = excluded.expires_at
    where section_locks.expires_at <= ${t}
      or (section_locks.user_id = excluded.user_id
        and (excluded.lock_id is null or section_locks.lock_id is null or section_locks.lock_id = excluded.lock_id or ${options.takeOver}::boolean))
    returning user_id as "userId", exists (select 1 from held) as "heldBefore"`.execute(trx);
  return taken.rows[0];
}

/** Deletes a user's locks (one section, one questionnaire's, all; only one tab's with `lockId`), answering which went. */
export function deleteLocksOf(
  trx: QuestionnaireExecutor,
  userId: string,
  scope: { questionnaireId?: string; sectionId?: number; lockId?: string },
) {
  let query = trx.deleteFrom('sectionLocks').where('userId', '=', userId);
  if (scope.questionnaireId) query = query.where('questionnaireId', '=', scope.questionnaireId);
  if (scope.sectionId !== undefined) query = query.where('sectionId', '=', scope.sectionId);
  if (scope.lockId) query = query.where('lockId', '=', scope.lockId);
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
