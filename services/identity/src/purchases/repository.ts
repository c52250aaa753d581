import { insertOnce, sql, upsert } from '@cti/db';

import type { IdentityExecutor } from '../db';

export type GrantTargetKind = 'role' | 'group';

/** The user's row of this role (held or ended), if any. */
export const roleHolding = (db: IdentityExecutor, userId: string, roleId: number) =>
  db.selectFrom('userRoles').select('expiresOn').where('userId', '=', userId).where('roleId', '=', roleId).executeTakeFirst();

export const isGroupMember = async (db: IdentityExecutor, userId: string, groupId: string) =>
  !!(await db.selectFrom('userGroups').select('groupId').where('userId', '=', userId).where('groupId', '=', groupId).executeTakeFirst());

/** Records what the user held of a target before the first purchase touched it; an earlier record stays. */
export async function insertGrantBase(
  db: IdentityExecutor,
  base: { userId: string; kind: GrantTargetKind; target: string; present: boolean; expiresOn: string | null },
): Promise<void> {
  await insertOnce(db, 'purchaseGrantBases', base, 'userId', 'kind', 'target').execute();
}

export const grantBase = (db: IdentityExecutor, userId: string, kind: GrantTargetKind, target: string) =>
  db
    .selectFrom('purchaseGrantBases')
    .selectAll()
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('target', '=', target)
    .executeTakeFirst();

export async function deleteGrantBase(db: IdentityExecutor, userId: string, kind: GrantTargetKind, target: string): Promise<void> {
  await db.deleteFrom('purchaseGrantBases').where('userId', '=', userId).where('kind', '=', kind).where('target', '=', target).execute();
}

/** The ends of the user's grants in force at `now` (not revoked, not ended) that cover this target. */
export function grantsInForce(db: IdentityExecutor, userId: string, kind: GrantTargetKind, target: string, now: Date) {
  const column = kind === 'role' ? sql`role_ids` : sql`group_ids`;
  const value = kind === 'role' ? sql`${Number(target)}::integer` : sql`${target}::uuid`;
  return db
    .selectFrom('purchaseGrants')
    .select('expiresOn')
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>', now.toISOString())]))
    .where(sql<boolean>`${value} = any(${column})`)
    .execute();
}

export async function removeGroupMember(db: IdentityExecutor, userId: string, groupId: string): Promise<void> {
  await db.deleteFrom('userGroups').where('userId', '=', userId).where('groupId', '=', groupId).execute();
}

/** Sets the user's holding of a role, with its end (null: without end). */
export async function putRoleHolding(db: IdentityExecutor, userId: string, roleId: number, expiresOn: string | null): Promise<void> {
  await upsert(db, 'userRoles', { userId, roleId, expiresOn }, ['userId', 'roleId'], { expiresOn }).execute();
}

export async function removeRoleHolding(db: IdentityExecutor, userId: string, roleId: number): Promise<void> {
  await db.deleteFrom('userRoles').where('userId', '=', userId).where('roleId', '=', roleId).execute();
}

/** The user's groups, by id (the rolesChanged event's list). */
export const groupIdsOrdered = async (db: IdentityExecutor, userId: string) =>
  (await db.selectFrom('userGroups').select('groupId').where('userId', '=', userId).orderBy('groupId').execute()).map((g) => g.groupId);

/** The grant of a source (a subscription or a purchase), locked for the change. */
export const lockGrantOfSource = (trx: IdentityExecutor, sourceId: string) =>
  trx.selectFrom('purchaseGrants').selectAll().where('sourceId', '=', sourceId).forUpdate().executeTakeFirst();

export const existingGroupIds = async (db: IdentityExecutor, ids: readonly string[]) =>
  ids.length
    ? (
        await db
          .selectFrom('groups')
          .select('id')
          .where('id', 'in', [...ids])
          .execute()
      ).map((g) => g.id)
    : [];

/** Stores a source's grant, or replaces what the same source granted before. */
export async function upsertGrant(
  db: IdentityExecutor,
  grant: {
    sourceId: string;
    userId: string;
    productName: string;
    roleIds: number[];
    groupIds: string[];
    expiresOn: string | null;
    lastEventAt: string;
  },
): Promise<void> {
  const { sourceId: _s, userId: _u, ...changed } = grant;
  await upsert(db, 'purchaseGrants', { ...grant, revokedAt: null }, ['sourceId'], changed).execute();
}

/** A source revoked before its grant arrived: an empty grant, revoked at `at`, keeps a late grant from applying. */
export async function insertRevokedTombstone(
  db: IdentityExecutor,
  tombstone: { sourceId: string; userId: string; productName: string; lastEventAt: string },
  at: Date,
): Promise<void> {
  await db
    .insertInto('purchaseGrants')
    .values({ ...tombstone, roleIds: [], groupIds: [], expiresOn: null, revokedAt: at.toISOString() })
    .execute();
}

export async function markGrantRevoked(db: IdentityExecutor, sourceId: string, lastEventAt: string, at: Date): Promise<void> {
  await db.updateTable('purchaseGrants').set({ revokedAt: at.toISOString(), lastEventAt }).where('sourceId', '=', sourceId).execute();
}
