import { timestampAt } from '@cti/db';

import type { IdentityExecutor } from '../db';

export const insertDeviceCredential = (db: IdentityExecutor, row: { userId: string; secretHash: string; expiresAt: string }) =>
  db.insertInto('deviceCredentials').values(row).returning('id').executeTakeFirstOrThrow();

/** The credential with this id, if it is the user's, in force at `now` (not revoked, not expired). */
export const findDeviceCredentialInForce = (db: IdentityExecutor, id: string, userId: string, now: Date) =>
  db
    .selectFrom('deviceCredentials')
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', timestampAt(now))
    .executeTakeFirst();

export const markDeviceCredentialUsed = (db: IdentityExecutor, id: string, now: Date) =>
  db
    .updateTable('deviceCredentials')
    .set({ lastUsedAt: timestampAt(now) })
    .where('id', '=', id)
    .execute();

/** Revokes the user's credentials in force (`only` one of them), at `now`. */
export const revokeDeviceCredentials = (db: IdentityExecutor, userId: string, now: Date, only?: string) => {
  let query = db
    .updateTable('deviceCredentials')
    .set({ revokedAt: timestampAt(now) })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (only) query = query.where('id', '=', only);
  return query.execute();
};
