import { insertOnce, sql } from '@cti/db';

import type { IdentityExecutor } from '../db';

export const findUserByEmail = (db: IdentityExecutor, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();

export const findUserById = (db: IdentityExecutor, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** Role ids a user holds at `now` (roles whose ExpiresOn passed no longer grant access). */
export async function activeRoleIds(db: IdentityExecutor, userId: string, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('userRoles')
    .select('roleId')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>', now.toISOString())]))
    .orderBy('roleId')
    .execute();
  return rows.map((r) => r.roleId);
}

/** Every role row of a user, expired ones included (the users admin keeps them as history). */
export const roleHoldingsOf = (db: IdentityExecutor, userId: string) =>
  db.selectFrom('userRoles').select(['roleId', 'expiresOn']).where('userId', '=', userId).orderBy('roleId').execute();

/** Replaces a user's role rows with exactly these. */
export async function replaceRoleHoldings(
  db: IdentityExecutor,
  userId: string,
  holdings: ReadonlyArray<{ roleId: number; expiresOn: string | null }>,
) {
  await db.deleteFrom('userRoles').where('userId', '=', userId).execute();
  if (holdings.length) {
    await db
      .insertInto('userRoles')
      .values(holdings.map((h) => ({ userId, roleId: h.roleId, expiresOn: h.expiresOn })))
      .execute();
  }
}

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  name?: string;
  organizationName?: string;
  organizationAddress?: string;
  passwordHash: string | null;
  isGroupManager?: boolean;
  isHidden?: boolean;
  isAcid?: boolean;
  isFree?: boolean;
  mustAgreeCtc?: boolean;
  expiresOn?: string | null;
  calculatorGroupId?: string | null;
  creatorId?: string | null;
  confirmedAt?: string | null;
  agreedCtcAt?: string | null;
}

export async function insertUser(db: IdentityExecutor, user: NewUser): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name ?? `${user.firstName} ${user.lastName}`.trim(),
      organizationName: user.organizationName ?? '',
      organizationAddress: user.organizationAddress ?? '',
      passwordHash: user.passwordHash,
      isGroupManager: user.isGroupManager ?? false,
      isHidden: user.isHidden ?? false,
      isAcid: user.isAcid ?? false,
      isFree: user.isFree ?? false,
      mustAgreeCtc: user.mustAgreeCtc ?? true,
      expiresOn: user.expiresOn ?? null,
      calculatorGroupId: user.calculatorGroupId ?? null,
      creatorId: user.creatorId ?? null,
      agreedCtcAt: user.agreedCtcAt ?? null,
      confirmedAt: user.confirmedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setUserRoles(db: IdentityExecutor, userId: string, roleIds: number[], expiresOn: string | null = null) {
  await db.deleteFrom('userRoles').where('userId', '=', userId).execute();
  if (roleIds.length) {
    await db
      .insertInto('userRoles')
      .values(roleIds.map((roleId) => ({ userId, roleId, expiresOn })))
      .execute();
  }
}

export async function setUserGroups(db: IdentityExecutor, userId: string, groupIds: string[]) {
  await db.deleteFrom('userGroups').where('userId', '=', userId).execute();
  if (groupIds.length) {
    await db
      .insertInto('userGroups')
      .values(groupIds.map((groupId) => ({ userId, groupId })))
      .execute();
  }
}

export const groupIdsOfUser = async (db: IdentityExecutor, userId: string) =>
  (await db.selectFrom('userGroups').select('groupId').where('userId', '=', userId).execute()).map((r) => r.groupId);

/** The user agreed to the terms at `at`: the terms gate no longer stops them. */
export async function markAgreedToTerms(db: IdentityExecutor, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ mustAgreeCtc: false, agreedCtcAt: at.toISOString(), updatedAt: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The user's own names (My account) and, when given, a new password hash, changed at `at`. */
export async function updateOwnNames(
  db: IdentityExecutor,
  userId: string,
  change: { firstName: string; lastName: string; passwordHash?: string },
  at: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      firstName: change.firstName,
      lastName: change.lastName,
      name: `${change.firstName} ${change.lastName}`,
      ...(change.passwordHash ? { passwordHash: change.passwordHash } : {}),
      updatedAt: at.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
}

/** A user's names and organization. */
interface UserProfile {
  firstName: string;
  lastName: string;
  name: string;
  organizationName: string;
  organizationAddress: string;
}

/** What the users admin saves of a user (roles and groups apart). */
export interface ManagedUserFields extends UserProfile {
  email: string;
  expiresOn: string | null;
  calculatorGroupId: string | null;
  disabled: boolean;
  isGroupManager: boolean;
  isHidden: boolean;
  isAcid: boolean;
}

/** Saves the users admin's fields of a user, changed at `at`. */
export async function updateManagedUser(db: IdentityExecutor, userId: string, fields: ManagedUserFields, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updatedAt: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

export async function setUserDisabled(db: IdentityExecutor, userId: string): Promise<void> {
  await db.updateTable('users').set({ disabled: true }).where('id', '=', userId).execute();
}

export async function setCalculatorGroup(db: IdentityExecutor, userId: string, calculatorGroupId: string): Promise<void> {
  await db.updateTable('users').set({ calculatorGroupId }).where('id', '=', userId).execute();
}

/** A new password hash (reset, first password) with, optionally, profile fields, changed at `at`. */
export async function setPassword(
  db: IdentityExecutor,
  userId: string,
  passwordHash: string,
  at: Date,
  profile: Partial<UserProfile> = {},
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...profile, passwordHash, updatedAt: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** A free user's name and company as they sent them again, changed at `at`. */
export async function updateFreeUserProfile(
  db: IdentityExecutor,
  userId: string,
  profile: { name: string; firstName: string; lastName: string; organizationName: string },
  at: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...profile, updatedAt: at.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** The free user confirmed their e-mail: the first confirmation's time (`at`) is kept. */
export async function markEmailConfirmed(db: IdentityExecutor, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ confirmedAt: sql<string>`coalesce(confirmed_at, ${at.toISOString()}::timestamptz)` })
    .where('id', '=', userId)
    .execute();
}

/** A free user becomes this credentialed user (same row, so their history stays theirs). */
export async function makeCredentialed(db: IdentityExecutor, userId: string, user: NewUser): Promise<void> {
  await db
    .updateTable('users')
    .set({
      ...user,
      name: user.name ?? `${user.firstName} ${user.lastName}`.trim(),
      isFree: false,
      mustAgreeCtc: user.mustAgreeCtc ?? true,
      confirmedAt: null,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Grants a role until `expiresOn` (null: without end). A role held without end stays
 * without end; otherwise the later end wins.
 */
export async function grantRoleUntil(db: IdentityExecutor, userId: string, roleId: number, expiresOn: string | null): Promise<void> {
  await sql`
    insert into user_roles (user_id, role_id, expires_on) values (${userId}, ${roleId}, ${expiresOn})
    on conflict (user_id, role_id) do update set expires_on =
      case when user_roles.expires_on is null or excluded.expires_on is null then null
           else greatest(user_roles.expires_on, excluded.expires_on) end`.execute(db);
}

/** Adds the user to a group (a member stays a member). */
export async function addToGroup(db: IdentityExecutor, userId: string, groupId: string): Promise<void> {
  await insertOnce(db, 'userGroups', { userId, groupId }, 'userId', 'groupId').execute();
}

/** Users as the users admin lists them (these, or all; free users only when asked), by name, with their calculator group's name. */
export async function managedUserRows(db: IdentityExecutor, filter: { ids?: readonly string[]; includeFree?: boolean }) {
  let query = db
    .selectFrom('users')
    .leftJoin('groups as calc', 'calc.id', 'users.calculatorGroupId')
    .select([
      'users.id',
      'users.email',
      'users.firstName',
      'users.lastName',
      'users.name',
      'users.organizationName',
      'users.organizationAddress',
      'users.isHidden',
      'users.isGroupManager',
      'users.isAcid',
      'users.disabled',
      'users.expiresOn',
      'users.creatorId',
      'users.calculatorGroupId',
      'users.passwordHash',
      'calc.name as calculatorGroupName',
    ])
    .orderBy('users.name');
  if (filter.ids) query = query.where('users.id', 'in', [...filter.ids]);
  if (!filter.includeFree) query = query.where('users.isFree', '=', false);
  return query.execute();
}

/** Every role row of these users, ended ones included. */
export const roleRowsOfUsers = (db: IdentityExecutor, userIds: readonly string[]) =>
  db
    .selectFrom('userRoles')
    .select(['userId', 'roleId', 'expiresOn'])
    .where('userId', 'in', [...userIds])
    .orderBy('roleId')
    .execute();

/** The groups of these users, by group name. */
export const groupsOfUsers = (db: IdentityExecutor, userIds: readonly string[]) =>
  db
    .selectFrom('userGroups')
    .innerJoin('groups', 'groups.id', 'userGroups.groupId')
    .select(['userGroups.userId', 'groups.id', 'groups.name'])
    .where('userGroups.userId', 'in', [...userIds])
    .orderBy('groups.name')
    .execute();

/** What other services learn about these users. */
export const internalUserRows = (db: IdentityExecutor, userIds: readonly string[]) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'firstName', 'lastName', 'organizationName'])
    .where('id', 'in', [...userIds])
    .execute();

/** What decides whether these users' accounts may be used, and their flags. */
export const accessRowsOfUsers = (db: IdentityExecutor, userIds: readonly string[]) =>
  db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'disabled', 'expiresOn', 'isGroupManager', 'isAcid', 'isFree'])
    .where('id', 'in', [...userIds])
    .execute();

/** The roles these users hold at `now`. */
export const rolesHeldByUsersAt = (db: IdentityExecutor, userIds: readonly string[], now: Date) =>
  db
    .selectFrom('userRoles')
    .select(['userId', 'roleId'])
    .where('userId', 'in', [...userIds])
    .where((eb) => eb.or([eb('expiresOn', 'is', null), eb('expiresOn', '>', now.toISOString())]))
    .orderBy('roleId')
    .execute();

export const groupIdsOfUsers = (db: IdentityExecutor, userIds: readonly string[]) =>
  db
    .selectFrom('userGroups')
    .select(['userId', 'groupId'])
    .where('userId', 'in', [...userIds])
    .execute();

/** A free user who chose a password signs in with it from now on: a credentialed user, the same row and history. */
export async function setOwnPasswordOfFreeUser(db: IdentityExecutor, userId: string, passwordHash: string, at: Date): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ passwordHash, isFree: false, updatedAt: at.toISOString() })
    .where('id', '=', userId)
    .where('isFree', '=', true)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
