import { stepOfSection, type AccessClaims, type LockInfo, type NavLocks } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireExecutor } from '../db';
import { atOf, getQuestionnaire, type QuestionnaireRecord } from '../questionnaires/repository';

/**
 * Section locks live in Postgres (every replica sees them) and expire unless the page
 * holding them renews them; a crashed browser cannot keep a section forever.
 */

/** The lock on a section if it is still valid. */
export const currentLock = (db: QuestionnaireExecutor, questionnaireId: string, sectionId: number) =>
  db
    .selectFrom('sectionLocks')
    .selectAll()
    .where('questionnaireId', '=', questionnaireId)
    .where('sectionId', '=', sectionId)
    .where('expiresAt', '>', sql<string>`now()`)
    .executeTakeFirst();

/** What the caller sees of a section's lock without taking it. */
export async function lockInfo(db: QuestionnaireExecutor, questionnaireId: string, sectionId: number, userId: string): Promise<LockInfo> {
  const lock = await currentLock(db, questionnaireId, sectionId);
  return { Locker: lock?.userName ?? null, IsLocker: !!lock && lock.userId === userId };
}

/**
 * Takes the section lock, or renews it when the caller already holds it; someone
 * else's valid lock wins. The upsert decides atomically, so two people opening the
 * same section at once cannot both get it.
 */
export async function acquireLock(
  trx: QuestionnaireExecutor,
  q: QuestionnaireRecord,
  sectionId: number,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<LockInfo> {
  const ttl = `${ttlSeconds} seconds`;
  // `held` sees the row as it was before this statement: whether the caller already held it
  const taken = await sql<{ userId: string; heldBefore: boolean }>`
    with held as (
      select 1 from section_locks
      where questionnaire_id = ${q.id} and section_id = ${sectionId} and user_id = ${claims.sub} and expires_at > now()
    )
    insert into section_locks (questionnaire_id, section_id, user_id, user_name, acquired_at, expires_at)
    values (${q.id}, ${sectionId}, ${claims.sub}, ${claims.name}, now(), now() + ${ttl}::interval)
    on conflict (questionnaire_id, section_id) do update set
      acquired_at = case when section_locks.user_id = excluded.user_id and section_locks.expires_at > now() then section_locks.acquired_at else now() end,
      user_id = excluded.user_id,
      user_name = excluded.user_name,
      expires_at = excluded.expires_at
    where section_locks.user_id = excluded.user_id or section_locks.expires_at <= now()
    returning user_id as "userId", exists (select 1 from held) as "heldBefore"`.execute(trx);
  const row = taken.rows[0];
  if (!row) return lockInfo(trx, q.id, sectionId, claims.sub);
  if (!row.heldBefore) {
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.section.locked',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId, userId: claims.sub },
    });
  }
  return { Locker: claims.name, IsLocker: true };
}

/**
 * Releases the caller's locks: one section, one questionnaire's, or all of them
 * (leaving a section, closing the tab, exiting, idling out).
 */
export async function releaseLocks(
  trx: QuestionnaireExecutor,
  claims: AccessClaims,
  scope: { questionnaireId?: string; sectionId?: number },
): Promise<number> {
  let query = trx.deleteFrom('sectionLocks').where('userId', '=', claims.sub);
  if (scope.questionnaireId) query = query.where('questionnaireId', '=', scope.questionnaireId);
  if (scope.sectionId !== undefined) query = query.where('sectionId', '=', scope.sectionId);
  const released = await query.returning(['questionnaireId', 'sectionId', 'expiresAt']).execute();
  const byQuestionnaire = new Map<string, QuestionnaireRecord>();
  for (const lock of released) {
    let q = byQuestionnaire.get(lock.questionnaireId);
    if (!q) {
      q = await getQuestionnaire(trx, lock.questionnaireId);
      byQuestionnaire.set(lock.questionnaireId, q);
    }
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.section.unlocked',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId: lock.sectionId, userId: claims.sub },
    });
  }
  return released.length;
}

/** GET api/questionnaire/navlocks/{id}: the questionnaire paths other people hold now, with their names. */
export async function navLocks(db: QuestionnaireExecutor, questionnaireId: string, userId: string): Promise<NavLocks> {
  const locks = await db
    .selectFrom('sectionLocks')
    .select(['sectionId', 'userName'])
    .where('questionnaireId', '=', questionnaireId)
    .where('userId', '!=', userId)
    .where('expiresAt', '>', sql<string>`now()`)
    .execute();
  const result: NavLocks = {};
  for (const lock of locks) {
    const step = stepOfSection(lock.sectionId);
    if (step) result[`/questionnaire/${step.path}`] = lock.userName;
  }
  return result;
}
