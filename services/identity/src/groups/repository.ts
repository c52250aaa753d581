import { nameMatches } from '@cti/db';

import type { GroupsTable, IdentityExecutor } from '../db';

export interface GroupRowFilter {
  ids?: readonly string[];
  withoutCountry?: boolean;
  type?: GroupsTable['type'];
}

export const findGroupByName = (db: IdentityExecutor, name: string) =>
  db.selectFrom('groups').selectAll().where(nameMatches(name)).executeTakeFirst();

export const findGroupById = (db: IdentityExecutor, id: string) =>
  db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();

/** Groups by id, type or the lack of a country, sorted by name. */
export async function groupRows(db: IdentityExecutor, filter: GroupRowFilter) {
  let query = db.selectFrom('groups').select(['id', 'name', 'type', 'logoPath', 'countryId']).orderBy('name');
  if (filter.ids) query = query.where('id', 'in', [...filter.ids]);
  if (filter.withoutCountry) query = query.where('countryId', 'is', null);
  if (filter.type) query = query.where('type', '=', filter.type);
  return query.execute();
}

/** The credentialed members of these groups (free users are never members anyone works with), by name. */
export const membersOfGroups = (db: IdentityExecutor, groupIds: readonly string[]) =>
  db
    .selectFrom('userGroups')
    .innerJoin('users', 'users.id', 'userGroups.userId')
    .select(['userGroups.groupId', 'users.id', 'users.name', 'users.email'])
    .where('userGroups.groupId', 'in', [...groupIds])
    .where('users.isFree', '=', false)
    .orderBy('users.name')
    .execute();

interface GroupFields {
  name: string;
  type: GroupsTable['type'];
  logoPath: string | null;
  countryId: string | null;
}

export async function insertGroup(db: IdentityExecutor, group: GroupFields): Promise<string> {
  const { id } = await db.insertInto('groups').values(group).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateGroup(db: IdentityExecutor, id: string, group: GroupFields, at: Date): Promise<void> {
  await db
    .updateTable('groups')
    .set({ ...group, updatedAt: at.toISOString() })
    .where('id', '=', id)
    .execute();
}
