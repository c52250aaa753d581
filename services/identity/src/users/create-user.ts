import { appendToOutbox, Conflict, BadRequest } from '@cti/service-kit';
import type { EventActor } from '@cti/contracts';
import type { IdentityExecutor } from '../db';
import { hashPassword, isEmail, normalizeEmail } from './passwords';
import { findUserByEmail, insertUser, setUserGroups, setUserRoles, type NewUser } from './repository';

export interface CreateUserInput extends Omit<NewUser, 'passwordHash' | 'email'> {
  email: string;
  password?: string | null;
  roleIds: number[];
  groupIds: string[];
}

/** Creates a user with roles and groups and records `evt.identity.user.created` (in the caller's transaction). */
export async function createUser(trx: IdentityExecutor, input: CreateUserInput, actor: EventActor | null): Promise<string> {
  if (!isEmail(input.email)) throw new BadRequest('Invalid Username');
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(trx, email)) throw new Conflict('User already exists');
  const userId = await insertUser(trx, {
    ...input,
    email,
    passwordHash: input.password ? await hashPassword(input.password) : null,
  });
  await setUserRoles(trx, userId, input.roleIds);
  await setUserGroups(trx, userId, input.groupIds);
  await appendToOutbox(trx, {
    type: 'evt.identity.user.created',
    actor,
    data: {
      userId,
      email,
      name: input.name ?? `${input.firstName} ${input.lastName}`.trim(),
      roles: input.roleIds,
      groupIds: input.groupIds,
    },
  });
  return userId;
}
