import type { EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import { activeRoleIds, addToGroup, grantRoleUntil, groupIdsOfUser } from '../accounts/repository';
import type { IdentityExecutor } from '../db';
import { emailOfUser } from '../sessions/repository';

export interface RoleGrant {
  roleIds: readonly number[];
  groupIds: readonly string[];
  /** When the granted roles stop granting access (null: never). */
  expiresOn: string | null;
}

/**
 * Grants roles and groups outside the users admin (approvals, purchases). A role held
 * without end stays without end; otherwise the later end date wins.
 */
export async function grantRoles(
  trx: IdentityExecutor,
  userId: string,
  grant: RoleGrant,
  reason: string,
  actor: EventActor | null,
  now: Date,
): Promise<void> {
  for (const roleId of new Set(grant.roleIds)) await grantRoleUntil(trx, userId, roleId, grant.expiresOn);
  for (const groupId of new Set(grant.groupIds)) await addToGroup(trx, userId, groupId);
  await recordRolesChanged(trx, userId, reason, actor, now);
}

async function recordRolesChanged(trx: IdentityExecutor, userId: string, reason: string, actor: EventActor | null, now: Date) {
  const email = await emailOfUser(trx, userId);
  if (email === null) return;
  const [roles, groupIds] = await Promise.all([activeRoleIds(trx, userId, now), groupIdsOfUser(trx, userId)]);
  await appendToOutbox(trx, {
    type: 'evt.identity.user.rolesChanged',
    actor,
    data: { userId, email, roles, groupIds, reason },
  });
}
