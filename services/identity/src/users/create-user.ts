import { UserAnswers, type EventActor } from '@cti/contracts';
import { appendToOutbox, Conflict, BadRequest } from '@cti/service-kit';

import { hashPassword, isEmail, normalizeEmail } from '../accounts/passwords';
import { findUserByEmail, insertUser, makeCredentialed, setUserGroups, setUserRoles, type NewUser } from '../accounts/repository';
import type { IdentityExecutor } from '../db';
import { endSessions } from '../sessions/revocation';

export interface CreateUserInput extends Omit<NewUser, 'passwordHash' | 'email'> {
  email: string;
  password?: string | null;
  roleIds: number[];
  groupIds: string[];
}

/**
 * Creates a user with roles and groups and records `evt.identity.user.created` (in the
 * caller's transaction). A free user with the same e-mail becomes this credentialed user
 * (their free session ends at `now`).
 */
export async function createUser(trx: IdentityExecutor, input: CreateUserInput, actor: EventActor | null, now: Date): Promise<string> {
  if (!isEmail(input.email)) throw new BadRequest(UserAnswers.invalidUsername);
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(trx, email);
  if (existing && !existing.isFree) throw new Conflict(UserAnswers.userExists);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  let userId: string;
  if (existing) {
    userId = existing.id;
    const { roleIds: _r, groupIds: _g, password: _p, ...fields } = input;
    await makeCredentialed(trx, userId, { ...fields, email, passwordHash });
    // the free session ends: the account now signs in with a password
    await endSessions(trx, userId, {}, now);
  } else {
    userId = await insertUser(trx, { ...input, email, passwordHash });
  }
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
