import { sql, timestampAt } from '@cti/db';

import type { GroupsTable, IdentityExecutor } from '../db';

/**
 * The user's row, read with a share lock: a change of their access (which locks the
 * row for update) either finished before this session's token or waits for it, so a
 * revocation's "issued before" instant always falls on the right side of the token.
 */
export const lockedUser = (trx: IdentityExecutor, userId: string) =>
  trx.selectFrom('users').selectAll().where('id', '=', userId).forShare().executeTakeFirst();

/** Locks a user's row for a change of their access (see `lockedUser`); false when there is no such user. */
export async function lockUserRow(trx: IdentityExecutor, userId: string): Promise<boolean> {
  return !!(await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst());
}

/** A role held, with its end as JSON writes a timestamptz (ISO 8601, which `Date.parse` reads). */
export interface HeldRole {
  roleId: number;
  expiresOn: string | null;
}

export interface MemberGroup {
  id: string;
  name: string;
  type: GroupsTable['type'];
  countryId: string | null;
}

/**
 * The user's roles that have not ended at `now` (by role id, with their ends) and their groups
 * (by name), in one round trip: a sign-in and a refresh read both under the user's share lock
 * (see `lockedUser`), so one statement sees what two in a row did.
 */
export async function accessHeldAt(
  trx: IdentityExecutor,
  userId: string,
  now: Date,
): Promise<{ roles: HeldRole[]; groups: MemberGroup[] }> {
  const { rows } = await sql<{ roles: HeldRole[]; groups: MemberGroup[] }>`
    select
      (select coalesce(json_agg(json_build_object('roleId', r.role_id, 'expiresOn', r.expires_on) order by r.role_id), '[]')
         from user_roles r
        where r.user_id = ${userId} and (r.expires_on is null or r.expires_on > ${timestampAt(now)})) as roles,
      (select coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'type', g.type, 'countryId', g.country_id) order by g.name), '[]')
         from user_groups ug join groups g on g.id = ug.group_id
        where ug.user_id = ${userId}) as groups`.execute(trx);
  return rows[0];
}

/** What decides a user's access apart from their roles and groups. */
export const accessFieldsOfUser = (trx: IdentityExecutor, userId: string) =>
  trx
    .selectFrom('users')
    .select(['email', 'isGroupManager', 'isAcid', 'disabled', 'expiresOn'])
    .where('id', '=', userId)
    .executeTakeFirst();

export const emailOfUser = async (trx: IdentityExecutor, userId: string) =>
  (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null;

export async function insertRefreshToken(
  trx: IdentityExecutor,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const row = await trx
    .insertInto('refreshTokens')
    .values({
      userId: token.userId,
      familyId: token.familyId,
      tokenHash: token.tokenHash,
      expiresAt: token.expiresAt.toISOString(),
      usedAt: null,
      revokedAt: null,
      successorSealed: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Refresh tokens of credentialed users and of free users are only good at their own endpoint. */
const ofKind = (free: boolean) => sql<boolean>`user_id in (select id from users where is_free = ${free})`;

/** Spends the live (unused, unrevoked, unexpired at `now`) refresh token of this kind with this hash. */
export const spendLiveRefreshToken = (trx: IdentityExecutor, tokenHash: string, free: boolean, now: Date) =>
  trx
    .updateTable('refreshTokens')
    .set({ usedAt: now.toISOString() })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .where(ofKind(free))
    .returning(['id', 'userId', 'familyId'])
    .executeTakeFirst();

/** Keeps a spent token's successor, sealed with the spent token. */
export async function recordSuccessor(trx: IdentityExecutor, refreshTokenId: string, successorSealed: string): Promise<void> {
  await trx.updateTable('refreshTokens').set({ successorSealed }).where('id', '=', refreshTokenId).execute();
}

/** A refresh token of this kind by its hash, with whether it was spent less than `graceSeconds` before `now`. */
export const findRefreshToken = (trx: IdentityExecutor, tokenHash: string, free: boolean, now: Date, graceSeconds: number) =>
  trx
    .selectFrom('refreshTokens')
    .select(['familyId', 'userId', 'revokedAt', 'successorSealed'])
    .select(sql<boolean>`used_at is not null`.as('used'))
    .select(sql<boolean>`used_at > ${timestampAt(now)} - make_interval(secs => ${graceSeconds})`.as('withinGrace'))
    .where('tokenHash', '=', tokenHash)
    .where(ofKind(free))
    .executeTakeFirst();

/** A refresh token by its hash, with whether it is unexpired at `now`. */
export const findSuccessorToken = (trx: IdentityExecutor, tokenHash: string, now: Date) =>
  trx
    .selectFrom('refreshTokens')
    .select(['usedAt', 'revokedAt', 'successorSealed'])
    .select(sql<boolean>`expires_at > ${timestampAt(now)}`.as('live'))
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();

/** Revokes every live token of a refresh family at `now`. */
export async function revokeFamily(trx: IdentityExecutor, familyId: string, now: Date): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now.toISOString() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes refresh-token families of a user: all, all but one, or one (at `now`). */
export async function revokeFamiliesOfUser(
  trx: IdentityExecutor,
  userId: string,
  scope: { only?: string; except?: string },
  now: Date,
): Promise<void> {
  let query = trx
    .updateTable('refreshTokens')
    .set({ revokedAt: timestampAt(now) })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (scope.only) query = query.where('familyId', '=', scope.only);
  if (scope.except) query = query.where('familyId', '<>', scope.except);
  await query.execute();
}

/** Records that the account signed in from (or was unlocked for) this client address at `now`. */
export async function rememberSignInAddress(trx: IdentityExecutor, userId: string, address: string, now: Date): Promise<void> {
  await trx
    .insertInto('signInAddresses')
    .values({ userId, address, lastSeenAt: now.toISOString() })
    .onConflict((oc) => oc.columns(['userId', 'address']).doUpdateSet({ lastSeenAt: now.toISOString() }))
    .execute();
}

/** Whether the account signed in from (or was unlocked for) this address since `since`. */
export async function isKnownSignInAddress(db: IdentityExecutor, userId: string, address: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('signInAddresses')
    .select('userId')
    .where('userId', '=', userId)
    .where('address', '=', address)
    .where('lastSeenAt', '>=', since.toISOString())
    .executeTakeFirst();
  return !!row;
}
