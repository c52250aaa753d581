import type { ApiKeyView } from '@cti/contracts';
import { sql, type Selectable } from '@cti/db';

import type { ApiKeysTable, IdentityExecutor } from '../db';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Today in UTC: key expiry dates and the "first use of the day" are UTC days. */
export const utcToday = sql<string>`(now() at time zone 'utc')::date`;

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

export async function countActiveKeys(db: IdentityExecutor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('apiKeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>=', utcToday)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const findKeyById = (db: IdentityExecutor, keyId: string) =>
  db.selectFrom('apiKeys').selectAll().where('id', '=', keyId).executeTakeFirst();

/** The key with this hash, if it is neither revoked nor past its last day. */
export const findUsableKeyByHash = (db: IdentityExecutor, keyHash: string) =>
  db
    .selectFrom('apiKeys')
    .selectAll()
    .where('keyHash', '=', keyHash)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>=', utcToday)]))
    .executeTakeFirst();

/** Records today as the key's last day of use; true only for the first request of the day. */
export async function markUsedToday(db: IdentityExecutor, keyId: string): Promise<{ day: string } | null> {
  const row = await db
    .updateTable('apiKeys')
    .set({ lastUsedOn: utcToday })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('lastUsedOn', 'is', null), eb('lastUsedOn', '<', utcToday)]))
    .returning('lastUsedOn')
    .executeTakeFirst();
  return row?.lastUsedOn ? { day: row.lastUsedOn } : null;
}
