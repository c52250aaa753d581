import type { EventActor } from '@cti/contracts';
import { sql } from '@cti/db';
import { appendToOutbox, Conflict } from '@cti/service-kit';

import type { GroupsTable, IdentityExecutor } from '../db';

export interface CreateGroupInput {
  name: string;
  type: GroupsTable['type'];
  logoPath?: string | null;
  countryId?: string | null;
}

export const findGroupByName = (db: IdentityExecutor, name: string) =>
  db
    .selectFrom('groups')
    .selectAll()
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();

/** Creates a group and records `evt.identity.group.created` (in the caller's transaction). */
export async function createGroup(trx: IdentityExecutor, input: CreateGroupInput, actor: EventActor | null): Promise<string> {
  if (await findGroupByName(trx, input.name)) throw new Conflict('Group already exists');
  const logoPath = input.type === 'Country' ? (input.logoPath ?? null) : null;
  const countryId = input.countryId ?? null;
  const { id } = await trx
    .insertInto('groups')
    .values({ name: input.name.trim(), type: input.type, logoPath, countryId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await appendToOutbox(trx, {
    type: 'evt.identity.group.created',
    actor,
    data: { groupId: id, name: input.name.trim(), type: input.type, countryId, logoPath },
  });
  return id;
}
