import type { ApiKeyView } from '@cti/contracts';
import type { Selectable } from '@cti/db';

import type { ApiKeysTable, IdentityExecutor } from '../db';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export const apiKeyView = (row: ApiKeyRow): ApiKeyView => ({
  Id: row.id,
  Name: row.name,
  Prefix: row.prefix,
  CreatedAt: row.createdAt,
  ExpiresOn: row.expiresOn,
  LastUsedOn: row.lastUsedOn,
  RevokedAt: row.revokedAt,
});

/** A user's keys, newest first (revoked ones too: the owner sees what was revoked and when). */
export const keysOfUser = (db: IdentityExecutor, userId: string) =>
  db.selectFrom('apiKeys').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').orderBy('id').execute();

/** Key expiry dates and the "first use of the day" are UTC days: `today` is the caller's (YYYY-MM-DD). */
export async function countActiveKeys(db: IdentityExecutor, userId: string, today: string): Promise<number> {
  const row = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>=', today)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findKeyById = (db: IdentityExecutor, keyId: string) =>
  db.selectFrom('apiKeys').selectAll().where('id', '=', keyId).executeTakeFirst();

/** The key with this hash, if it is neither revoked nor past its last day (`today`). */
export const findUsableKeyByHash = (db: IdentityExecutor, keyHash: string, today: string) =>
  db
    .selectFrom('apiKeys')
    .selectAll()
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>=', today)]))
    .executeTakeFirst();

/** Records `today` as the key's last day of use; answers the day only for the first request of the day. */
export async function markUsedToday(db: IdentityExecutor, keyId: string, today: string): Promise<{ day: string } | null> {
  const row = await db
    .updateTable('apiKeys')
    .set({ lastUsedOn: today })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('lastUsedOn', 'is', null), eb('lastUsedOn', '<', today)]))
    .returning('lastUsedOn')
    .executeTakeFirst();
  return row?.lastUsedOn ? { day: row.lastUsedOn } : null;
}

/** Revokes the key at `at` by `revokedBy`; undefined when it was revoked already. */
export const markRevoked = (db: IdentityExecutor, keyId: string, revokedBy: string, at: Date) =>
  db
    .updateTable('apiKeys')
    .set({ revokedAt: at.toISOString(), revokedBy })
    .where('id', '=', keyId)
    .where('revokedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();

/** Stores a new key (only its hash); answers its row. */
export const insertApiKey = (
  db: IdentityExecutor,
  key: { userId: string; name: string; prefix: string; keyHash: string; expiresOn: string | null },
) =>
  db
    .insertInto('apiKeys')
    .values({ ...key, revokedAt: null, revokedBy: null, lastUsedOn: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** The owner of a key (a key never outlives its owner's row). */
export const ownerOfKey = (db: IdentityExecutor, userId: string) =>
  db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
