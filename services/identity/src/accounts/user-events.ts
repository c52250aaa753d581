import type { EventActor } from '@cti/contracts';
import { appendToOutbox } from '@cti/service-kit';

import type { IdentityExecutor } from '../db';

import { activeRoleIds, findUserById, groupIdsOfUser } from './repository';

/** Records `evt.identity.user.updated` with the user's state after the change (same transaction; roles held at `now`). */
export async function recordUserUpdated(trx: IdentityExecutor, userId: string, actor: EventActor | null, now: Date): Promise<void> {
  const user = await findUserById(trx, userId);
  if (!user) return;
  const [roles, groupIds] = await Promise.all([activeRoleIds(trx, userId, now), groupIdsOfUser(trx, userId)]);
  await appendToOutbox(trx, {
    type: 'evt.identity.user.updated',
    actor,
    data: { userId, email: user.email, name: user.name, organizationName: user.organizationName, roles, groupIds, disabled: user.disabled },
  });
}
