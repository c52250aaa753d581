import { roleNameOf } from '@cti/access';
import { isUuid, type InternalUser, type ManagedUser } from '@cti/contracts';

import { groupsOfUsers, internalUserRows, managedUserRows, roleRowsOfUsers } from '../accounts/repository';
import type { IdentityExecutor } from '../db';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * User rows as the users admin, `GET api/user/{id}` and My account show them
 * (the "User list row" shape), with the roles active and expired at `now` apart.
 */
export async function loadManagedUsers(
  db: IdentityExecutor,
  now: Date,
  filter: { ids?: readonly string[]; includeFree?: boolean } = {},
): Promise<ManagedUser[]> {
  if (filter.ids && !filter.ids.length) return [];
  const users = await managedUserRows(db, filter);
  if (!users.length) return [];
  const ids = users.map((u) => u.id);
  const [roles, groups] = await Promise.all([roleRowsOfUsers(db, ids), groupsOfUsers(db, ids)]);
  const at = now.getTime();
  return users.map((u) => {
    const mine = roles.filter((r) => r.userId === u.id);
    const active = mine.filter((r) => r.expiresOn === null || Date.parse(r.expiresOn) > at);
    const expired = mine.filter((r) => r.expiresOn !== null && Date.parse(r.expiresOn) <= at);
    const Roles = active.map((r) => ({ Id: r.roleId, Name: roleNameOf(r.roleId) ?? String(r.roleId) }));
    const Groups = groups.filter((g) => g.userId === u.id).map((g) => ({ Id: g.id, Name: g.name }));
    return {
      Id: u.id,
      Name: u.name,
      FirstName: u.firstName,
      LastName: u.lastName,
      Email: u.email,
      Groups,
      Roles,
      ExpiredRoles: expired.map((r) => ({ Id: r.roleId, Name: roleNameOf(r.roleId) ?? String(r.roleId), ExpiresOn: iso(r.expiresOn)! })),
      CalculatorGroup: u.calculatorGroupId,
      CalculatorGroupName: u.calculatorGroupName ?? null,
      IsHidden: u.isHidden,
      IsGroupManager: u.isGroupManager,
      IsACID: u.isAcid,
      Disabled: u.disabled,
      Expires: iso(u.expiresOn),
      Organization: u.organizationName,
      OrganizationAddress: u.organizationAddress,
      CreatorId: u.creatorId,
      HasPassword: u.passwordHash !== null,
      // decided per caller by the users admin (manage-users withCanEdit)
      CanEdit: false,
      GroupNameList: Groups.map((g) => g.Name),
      GroupNames: Groups.map((g) => g.Name).join(', '),
      RoleNameList: Roles.map((r) => r.Name),
      RoleNames: Roles.map((r) => r.Name).join(', '),
    };
  });
}

/** What other services learn about users (`/internal/users`). */
export async function loadInternalUsers(db: IdentityExecutor, ids: readonly string[]): Promise<InternalUser[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  const users = await internalUserRows(db, valid);
  const groups = users.length
    ? await groupsOfUsers(
        db,
        users.map((u) => u.id),
      )
    : [];
  return users.map((u) => ({
    Id: u.id,
    Email: u.email,
    Name: u.name,
    FirstName: u.firstName,
    LastName: u.lastName,
    OrganizationName: u.organizationName,
    Groups: groups.filter((g) => g.userId === u.id).map((g) => ({ Id: g.id, Name: g.name })),
  }));
}
