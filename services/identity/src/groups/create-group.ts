import type { EventActor } from '@cti/contracts';
import { appendToOutbox, Conflict } from '@cti/service-kit';

import type { GroupsTable, IdentityExecutor } from '../db';

import { findGroupByName, insertGroup } from './repository';

export interface CreateGroupInput {
  name: string;
  type: GroupsTable['type'];
  logoPath?: string | null;
  countryId?: string | null;
}

/** Creates a group and records `evt.identity.group.created` (in the caller's transaction). */
export async function createGroup(trx: IdentityExecutor, input: CreateGroupInput, actor: EventActor | null): Promise<string> {
  if (await findGroupByName(trx, input.name)) throw new Conflict('Group already exists');
  const logoPath = input.type === 'Country' ? (input.logoPath ?? null) : null;
  const countryId = input.countryId ?? null;
  const id = await insertGroup(trx, { name: input.name.trim(), type: input.type, logoPath, countryId });
  await appendToOutbox(trx, {
    type: 'evt.identity.group.created',
    actor,
    data: { groupId: id, name: input.name.trim(), type: input.type, countryId, logoPath },
  });
  return id;
}
