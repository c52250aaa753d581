import type { EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityExecutor } from '../db';

import { activeRoleIds, groupIdsOfUser } from './repository';

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
): Promise<void> {
  for (const roleId of new Set(grant.roleIds)) {
    await sql`
      insert into user_roles (user_id, role_id, expires_on) values (${userId}, ${roleId}, ${grant.expiresOn})
      on conflict (user_id, role_id) do update set expires_on =
        case when user_roles.expires_on is null or excluded.expires_on is null then null
             else greatest(user_roles.expires_on, excluded.expires_on) end`.execute(trx);
  }
  for (const groupId of new Set(grant.groupIds)) {
    await trx
      .insertInto('userGroups')
      .values({ userId, groupId })
      .onConflict((oc) => oc.columns(['userId', 'groupId']).doNothing())
      .execute();
  }
  await recordRolesChanged(trx, userId, reason, actor);
}

async function recordRolesChanged(trx: IdentityExecutor, userId: string, reason: string, actor: EventActor | null) {
  const user = await trx.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const [roles, groupIds] = await Promise.all([activeRoleIds(trx, userId), groupIdsOfUser(trx, userId)]);
  await appendToOutbox(trx, {
    type: 'evt.identity.user.rolesChanged',
    actor,
    data: { userId, email: user.email, roles, groupIds, reason },
  });
}
