import type { Principal } from '@cti/access';
import type { InternalUserAccess } from '@cti/contracts';
import { callService } from '@cti/service-kit';

import type { ServiceCaller } from './mail-port';

/** identity answers at most this many users per call. */
const LOOKUP_MAX = 1000;

/** Users' access as it stands now, by user id (absent: unknown to identity). */
export type AccessLookup = (userIds: readonly string[]) => Promise<Map<string, InternalUserAccess>>;

/**
 * Asks identity, at send time, what each user may see now (`/internal/users/access`):
 * an expired role, a refund or a disabled account stops alerts from the next e-mail on,
 * without notifications keeping a copy of identity's rules or clocks.
 */
export function identityAccessLookup(app: ServiceCaller): AccessLookup {
  return async (userIds) => {
    const out = new Map<string, InternalUserAccess>();
    for (let i = 0; i < userIds.length; i += LOOKUP_MAX) {
      const ids = userIds.slice(i, i + LOOKUP_MAX);
      const answer = await callService<InternalUserAccess[]>(app, 'identity', '/internal/users/access', {
        body: { ids },
        timeoutMs: 15_000,
      });
      for (const user of answer) out.set(user.Id, user);
    }
    return out;
  };
}

/** The access rules' view of a user, from identity's answer. */
export const principalOfAccess = (a: InternalUserAccess): Principal => ({
  roles: a.Roles,
  groups: a.Groups,
  isAdmin: a.IsAdmin,
  isGroupManager: a.IsGroupManager,
  isAcid: a.IsACID,
  email: a.Email,
  free: a.Free,
});
