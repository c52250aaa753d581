import { insertOnce } from '@cti/db';

import type { NotificationsExecutor } from '../db';

/** Adds a follow; returns when it started, or undefined when the user already followed the country. */
export async function insertFollow(db: NotificationsExecutor, userId: string, groupId: string): Promise<string | undefined> {
  const added = await insertOnce(db, 'follows', { userId, groupId }, 'userId', 'groupId').returning('createdAt').executeTakeFirst();
  return added?.createdAt;
}

/** When an existing follow started. */
export async function followSince(db: NotificationsExecutor, userId: string, groupId: string): Promise<string> {
  const row = await db
    .selectFrom('follows')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('groupId', '=', groupId)
    .executeTakeFirstOrThrow();
  return row.createdAt;
}

/** Removes a follow; returns whether there was one. */
export async function deleteFollow(db: NotificationsExecutor, userId: string, groupId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('follows')
    .where('userId', '=', userId)
    .where('groupId', '=', groupId)
    .returning('groupId')
    .executeTakeFirst();
  return !!removed;
}

/** The countries a user follows, by name, with when each follow started. */
export function followedCountries(db: NotificationsExecutor, userId: string) {
  return db
    .selectFrom('follows')
    .innerJoin('countries', 'countries.groupId', 'follows.groupId')
    .select(['countries.groupId', 'countries.name', 'countries.countryId', 'countries.logoPath', 'follows.createdAt'])
    .where('follows.userId', '=', userId)
    .orderBy('countries.name')
    .execute();
}
