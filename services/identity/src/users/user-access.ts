import { RoleIds } from '@cti/access';
import { isUuid, type InternalUserAccess } from '@cti/contracts';

import { accessRowsOfUsers, groupIdsOfUsers, rolesHeldByUsersAt } from '../accounts/repository';
import type { IdentityExecutor } from '../db';

/**
 * Users' access as it stands at `now`, for many users in three queries: the claims a fresh
 * access token would carry (roles held now, groups, flags), and whether the account may
 * be used at all (not disabled, not expired), by the same rules as sign-in and refresh.
 */
export async function loadUserAccess(db: IdentityExecutor, ids: readonly string[], now: Date): Promise<InternalUserAccess[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (!valid.length) return [];
  const [users, roles, groups] = await Promise.all([
    accessRowsOfUsers(db, valid),
    rolesHeldByUsersAt(db, valid, now),
    groupIdsOfUsers(db, valid),
  ]);
  return users.map((u) => {
    const held = roles.filter((r) => r.userId === u.id).map((r) => r.roleId);
    return {
      Id: u.id,
      Email: u.email,
      Name: u.name,
      Active: !u.disabled && !(u.expiresOn && Date.parse(u.expiresOn) < now.getTime()),
      Roles: held,
      Groups: groups.filter((g) => g.userId === u.id).map((g) => g.groupId),
      IsAdmin: held.includes(RoleIds.Admin),
      IsGroupManager: u.isGroupManager,
      IsACID: u.isAcid,
      Free: u.isFree,
    };
  });
}
