import { roleNameOf } from '@cti/access';
import type { AccessClaims, RoleView } from '@cti/contracts';
import { principalOf, type DataAccess } from '@cti/service-kit';

import { isEmail } from '../accounts/passwords';
import { activeRoleIds, findUserByEmail } from '../accounts/repository';
import type { RateLimited } from '../context';
import type { IdentityDB } from '../db';
import { mayReadRolesOf } from '../users/manage-users';

/**
 * One user's roles held now, by e-mail: for the user themself, admins and the user's
 * managers. Anyone else gets an empty list, the same for known and unknown addresses.
 * Counted per client address (`ip`, at most `perMinute` a minute).
 */
export async function rolesByEmail(
  data: DataAccess<IdentityDB> & RateLimited,
  request: { caller: AccessClaims | null; ip: string; email: string },
  perMinute: number,
): Promise<RoleView[]> {
  await data.rateLimits.hit(`roles-ip:${request.ip}`, { max: perMinute, windowMs: 60_000 });
  const { caller, email } = request;
  if (!caller || !isEmail(email)) return [];
  const now = data.clock.now();
  const user = await findUserByEmail(data.db, email);
  if (!user || user.isFree || user.disabled || !(await mayReadRolesOf(data.db, caller, principalOf(caller), user.id, now))) return [];
  return (await activeRoleIds(data.db, user.id, now)).map((Id) => ({ Id, Name: roleNameOf(Id) ?? String(Id) }));
}
