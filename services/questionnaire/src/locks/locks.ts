import { stepOfSection, type AccessClaims, type LockBody, type LockInfo, type NavLocks } from '@cti/contracts';
import { appendToOutbox, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { questionnaireForUser } from '../questionnaires/access';
import { atOf, getQuestionnaire, type QuestionnaireRecord } from '../questionnaires/repository';

import { deleteLocksOf, findValidLock, heldByCaller, locksHeldByOthers, upsertLock } from './repository';

/**
 * Section locks live in Postgres (every replica sees them) and expire unless the page
 * holding them renews them; a crashed browser cannot keep a section forever. Expiry is
 * judged by the service clock's `now`, which the callers pass in.
 */

/** What the caller (this tab) sees of a section's lock without taking it. */
export async function lockInfo(
  db: QuestionnaireExecutor,
  questionnaireId: string,
  sectionId: number,
  caller: { userId: string; lockId: string | null },
  now: Date,
): Promise<LockInfo> {
  const lock = await findValidLock(db, questionnaireId, sectionId, now);
  if (!lock) return { Locker: null, IsLocker: false, InOtherTab: false };
  const mine = heldByCaller(lock, caller.userId, caller.lockId);
  return { Locker: lock.userName, IsLocker: mine, InOtherTab: !mine && lock.userId === caller.userId };
}

/**
 * Takes the section lock for the calling tab, or renews it when the tab already holds it; someone
 * else's valid lock wins, and so does the caller's other tab unless `takeOver` moves the lock here.
 * The upsert decides atomically, so two people (or tabs) opening the same section at once cannot
 * both get it. Taking it (also from another tab) publishes `section.locked`: the page that lost it
 * hears of it on its change stream.
 */
export async function acquireLock(
  trx: QuestionnaireExecutor,
  q: QuestionnaireRecord,
  sectionId: number,
  claims: AccessClaims,
  lock: { now: Date; ttlSeconds: number; lockId: string | null; takeOver?: boolean },
): Promise<LockInfo> {
  const row = await upsertLock(
    trx,
    { questionnaireId: q.id, sectionId, userId: claims.sub, userName: claims.name, lockId: lock.lockId },
    { now: lock.now, ttlSeconds: lock.ttlSeconds, takeOver: !!lock.takeOver },
  );
  if (!row) return lockInfo(trx, q.id, sectionId, { userId: claims.sub, lockId: lock.lockId }, lock.now);
  if (!row.heldBefore) {
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.section.locked',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId, userId: claims.sub },
    });
  }
  return { Locker: claims.name, IsLocker: true, InOtherTab: false };
}

/**
 * POST api/questionnaire/lock: the page renews its lock while it is open, or takes it over from
 * the caller's other tab (a closed questionnaire only shows who holds it).
 */
export async function renewLock(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  body: LockBody,
  ttlSeconds: number,
): Promise<LockInfo> {
  const now = data.clock.now();
  const lockId = body.LockId ?? null;
  const q = await questionnaireForUser(data.db, claims, body.QuestionnaireId);
  if (q.status !== 'Open') return lockInfo(data.db, q.id, body.SectionId, { userId: claims.sub, lockId }, now);
  return data.inTransaction((trx) => acquireLock(trx, q, body.SectionId, claims, { now, ttlSeconds, lockId, takeOver: body.TakeOver }));
}

/**
 * Releases the caller's locks: one section, one questionnaire's, or all of them (leaving a
 * section, closing the tab, exiting, idling out); with a lock id only that tab's.
 */
async function releaseLocksIn(
  trx: QuestionnaireExecutor,
  claims: AccessClaims,
  scope: { questionnaireId?: string; sectionId?: number; lockId?: string },
): Promise<number> {
  const released = await deleteLocksOf(trx, claims.sub, scope);
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

/** GET or beacon POST api/questionnaire/unlock: releases the caller's locks in one transaction. */
export const releaseLocks = (
  data: Pick<DataAccess<QuestionnaireDB>, 'inTransaction'>,
  claims: AccessClaims,
  scope: { questionnaireId?: string; sectionId?: number; lockId?: string },
): Promise<number> => data.inTransaction((trx) => releaseLocksIn(trx, claims, scope));

/** GET api/questionnaire/navlocks/{id}: the questionnaire paths other people hold now, with their names. */
export async function navLocks(data: DataAccess<QuestionnaireDB>, claims: AccessClaims, questionnaireId: string): Promise<NavLocks> {
  const q = await questionnaireForUser(data.db, claims, questionnaireId);
  const locks = await locksHeldByOthers(data.db, q.id, claims.sub, data.clock.now());
  const result: NavLocks = {};
  for (const lock of locks) {
    const step = stepOfSection(lock.sectionId);
    if (step) result[`/questionnaire/${step.path}`] = lock.userName;
  }
  return result;
}
