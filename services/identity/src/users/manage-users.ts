import { sql } from '@cti/db';
import { RoleIds, UserEditPolicy, type Principal } from '@cti/access';
import {
  BadRequest,
  Conflict,
  DomainError,
  Forbidden,
  NotFound,
  actorOf,
  appendToOutbox,
  principalOf,
  type ServiceApp,
} from '@cti/service-kit';
import { UserAnswers, type AccessClaims, type EventActor, type ManagedUser, type UserPayload } from '@cti/contracts';
import type { FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context';
import { identityDb, type IdentityExecutor } from '../db';
import { createUser } from './create-user';
import { isEmail, normalizeEmail } from './passwords';
import {
  activeRoleIds,
  findUserByEmail,
  findUserById,
  groupIdsOfUser,
  revokeAllSessions,
  setUserGroups,
  setUserRolesKeepingExpiry,
} from './repository';
import { recordUserUpdated } from './user-events';
import { isUuid, loadManagedUsers } from './user-views';
import { queueWelcomeMail } from './welcome';

const trimOrNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The date part of ExpiresOn as the end of that day in UTC (a date means "through that day"). */
export function parseExpiry(value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59.999Z`) : new Date(text);
  if (Number.isNaN(date.getTime())) throw new BadRequest('ExpiresOn is not a date.');
  return date.toISOString();
}

/** Whether a caller may see and edit this user (accounts §2: group managers, their groups' users). */
async function assertCanManage(db: IdentityExecutor, caller: AccessClaims, userId: string) {
  if (!isUuid(userId)) throw new NotFound('User not found');
  const user = await findUserById(db, userId);
  if (!user || user.isFree) throw new NotFound('User not found');
  const [roleIds, groupIds] = await Promise.all([activeRoleIds(db, userId), groupIdsOfUser(db, userId)]);
  if (!UserEditPolicy.canManageUser(principalOf(caller), { roleIds, groupIds, createdByCaller: user.creatorId === caller.sub })) {
    throw new NotFound('User not found');
  }
  return { user, roleIds, groupIds };
}

/** `GET api/user/groupManager`: every user for admins; a group manager's own users. */
export async function listManagedUsers(app: ServiceApp, caller: AccessClaims): Promise<ManagedUser[]> {
  const users = await loadManagedUsers(identityDb(app));
  const p = principalOf(caller);
  return users.filter((u) =>
    UserEditPolicy.canManageUser(p, {
      roleIds: u.Roles.map((r) => r.Id),
      groupIds: u.Groups.map((g) => g.Id),
      createdByCaller: u.CreatorId === caller.sub,
    }),
  );
}

/**
 * `GET api/user/{id}`: the user themself (My account), their managers, or a visitor
 * holding a valid welcome token for them (the set-password page prefill).
 */
export async function getUser(
  app: ServiceApp,
  caller: AccessClaims | null,
  userId: string,
  welcomeTokenValid: boolean,
): Promise<ManagedUser> {
  const db = identityDb(app);
  if (!isUuid(userId)) throw new NotFound('User not found');
  const self = caller?.sub === userId;
  if (!self && !welcomeTokenValid) {
    if (!caller) throw new NotFound('User not found');
    await assertCanManage(db, caller, userId);
  }
  const [user] = await loadManagedUsers(db, { ids: [userId], includeFree: self });
  if (!user) throw new NotFound('User not found');
  return user;
}

interface CleanPayload {
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  organizationName: string;
  organizationAddress: string;
  expiresOn: string | null;
  roleIds: number[];
  groupIds: string[];
  calculatorGroupId: string | null;
}

/** Required fields, e-mail form, known roles and groups, calculator group without CountryId. */
async function validatePayload(db: IdentityExecutor, p: Principal, payload: UserPayload): Promise<CleanPayload> {
  const firstName = payload.FirstName.trim();
  const lastName = payload.LastName.trim();
  const email = payload.Email.trim();
  if (!firstName || !lastName || !email || !payload.Roles.length) throw new BadRequest(UserAnswers.missingFields);
  if (!isEmail(email)) throw new BadRequest(UserAnswers.invalidUsername);
  if (!UserEditPolicy.domainAllowed(p, email)) throw new BadRequest(UserAnswers.domainMismatch);
  const validRoles = new Set<number>(Object.values(RoleIds));
  if (payload.Roles.some((r) => !validRoles.has(r))) throw new BadRequest('Unknown role.');
  const groupIds = [...new Set(payload.Groups)];
  if (groupIds.some((g) => !isUuid(g))) throw new BadRequest('Unknown group.');
  if (groupIds.length) {
    const found = await db.selectFrom('groups').select('id').where('id', 'in', groupIds).execute();
    if (found.length !== groupIds.length) throw new BadRequest('Unknown group.');
  }
  const calculatorGroupId = trimOrNull(payload.CalculatorGroup);
  if (calculatorGroupId) {
    const group = isUuid(calculatorGroupId)
      ? await db.selectFrom('groups').select(['countryId']).where('id', '=', calculatorGroupId).executeTakeFirst()
      : undefined;
    if (!group || group.countryId !== null) throw new BadRequest('The calculator group must be a group without a country.');
  }
  return {
    firstName,
    lastName,
    name: trimOrNull(payload.Name) ?? `${firstName} ${lastName}`,
    email: normalizeEmail(email),
    organizationName: payload.OrganizationName?.trim() ?? '',
    organizationAddress: payload.OrganizationAddress?.trim() ?? '',
    expiresOn: parseExpiry(payload.ExpiresOn),
    roleIds: [...new Set(payload.Roles)],
    groupIds,
    calculatorGroupId,
  };
}

/** A group manager may only grant roles they hold and groups they are in: anything else is refused. */
function assertAssignable(p: Principal, roleIds: readonly number[], groupIds: readonly string[]) {
  const roles = UserEditPolicy.assignableRoleIds(p);
  const groups = UserEditPolicy.assignableGroupIds(p);
  if (roleIds.some((r) => !roles.includes(r))) throw new Forbidden('You may only give roles you hold yourself.');
  if (groups && groupIds.some((g) => !groups.includes(g))) throw new Forbidden('You may only add users to your own groups.');
}

/**
 * `POST api/user/register` (accounts §5/§8): group managers and admins add users; the
 * new user gets a welcome e-mail with the set-password link. Admin-only flags sent by a
 * group manager are ignored.
 */
export async function registerUser(
  app: ServiceApp,
  ctx: IdentityContext,
  request: FastifyRequest,
  payload: UserPayload,
): Promise<{ message: string }> {
  const caller = request.principal!;
  const p = principalOf(caller);
  const admin = UserEditPolicy.isAdmin(p);
  const clean = await validatePayload(identityDb(app), p, payload);
  assertAssignable(p, clean.roleIds, clean.groupIds);
  const actor = actorOf(request);
  await app.inTransaction(async (trx) => {
    const userId = await createUser(
      trx,
      {
        email: clean.email,
        firstName: clean.firstName,
        lastName: clean.lastName,
        name: clean.name,
        organizationName: clean.organizationName,
        organizationAddress: clean.organizationAddress,
        expiresOn: clean.expiresOn,
        roleIds: clean.roleIds,
        groupIds: clean.groupIds,
        calculatorGroupId: clean.calculatorGroupId,
        creatorId: caller.sub,
        isGroupManager: admin ? (payload.IsGroupManager ?? false) : false,
        isHidden: admin ? (payload.IsHidden ?? false) : false,
        isAcid: admin ? (payload.IsACID ?? false) : false,
      },
      actor,
    );
    if (admin && payload.Disabled) await trx.updateTable('users').set({ disabled: true }).where('id', '=', userId).execute();
    await queueWelcomeMail(trx, ctx, { id: userId, email: clean.email, name: clean.name }, actor);
  });
  ctx.mailer.kick();
  return { message: UserAnswers.added };
}

/**
 * `POST api/user/update`: admins change anything; a group manager changes only what
 * they may (roles they hold, their groups), the rest of the user stays as it was.
 */
export async function updateUser(app: ServiceApp, request: FastifyRequest, payload: UserPayload): Promise<{ message: string }> {
  const caller = request.principal!;
  const p = principalOf(caller);
  const admin = UserEditPolicy.isAdmin(p);
  const db = identityDb(app);
  if (!payload.Id) throw new BadRequest(UserAnswers.failed);
  const { user, roleIds: currentRoles, groupIds: currentGroups } = await assertCanManage(db, caller, payload.Id);
  const clean = await validatePayload(db, p, payload);

  let roleIds = clean.roleIds;
  let groupIds = clean.groupIds;
  if (!admin) {
    // what a group manager cannot give, they cannot take away either
    const assignableRoles = UserEditPolicy.assignableRoleIds(p);
    const assignableGroups = UserEditPolicy.assignableGroupIds(p) ?? [];
    roleIds = [
      ...new Set([...currentRoles.filter((r) => !assignableRoles.includes(r)), ...roleIds.filter((r) => assignableRoles.includes(r))]),
    ];
    groupIds = [
      ...new Set([...currentGroups.filter((g) => !assignableGroups.includes(g)), ...groupIds.filter((g) => assignableGroups.includes(g))]),
    ];
    assertAssignable(
      p,
      clean.roleIds.filter((r) => !currentRoles.includes(r)),
      clean.groupIds.filter((g) => !currentGroups.includes(g)),
    );
  }
  if (clean.email !== user.email) {
    const other = await findUserByEmail(db, clean.email);
    if (other && other.id !== user.id) throw new Conflict(UserAnswers.userExists);
  }
  const actor: EventActor | null = actorOf(request);
  await app.inTransaction(async (trx) => {
    const disabled = admin ? (payload.Disabled ?? user.disabled) : user.disabled;
    await trx
      .updateTable('users')
      .set({
        email: clean.email,
        firstName: clean.firstName,
        lastName: clean.lastName,
        name: clean.name,
        organizationName: clean.organizationName,
        organizationAddress: clean.organizationAddress,
        expiresOn: clean.expiresOn,
        calculatorGroupId: clean.calculatorGroupId,
        disabled,
        isGroupManager: admin ? (payload.IsGroupManager ?? user.isGroupManager) : user.isGroupManager,
        isHidden: admin ? (payload.IsHidden ?? user.isHidden) : user.isHidden,
        isAcid: admin ? (payload.IsACID ?? user.isAcid) : user.isAcid,
        updatedAt: sql<string>`now()`,
      })
      .where('id', '=', user.id)
      .execute();
    await setUserRolesKeepingExpiry(trx, user.id, roleIds);
    await setUserGroups(trx, user.id, groupIds);
    if (disabled && !user.disabled) {
      await revokeAllSessions(trx, user.id);
      await appendToOutbox(trx, {
        type: 'evt.identity.user.disabled',
        actor,
        data: { userId: user.id, email: clean.email, name: clean.name },
      });
    }
    await recordUserUpdated(trx, user.id, actor);
  });
  return { message: UserAnswers.edited };
}

/**
 * `GET api/user/sendReset/{userId}`: a new welcome e-mail. Managers of the user may
 * send it; so may anyone on the set-password page whose link expired (the mail only
 * ever goes to the account's own address, and the answer is the same for unknown ids).
 */
export async function resendWelcome(
  app: ServiceApp,
  ctx: IdentityContext,
  request: FastifyRequest,
  userId: string,
): Promise<{ message: string }> {
  const db = identityDb(app);
  const caller = request.principal;
  const HOUR = 3_600_000;
  if (caller && UserEditPolicy.canManageUsers(principalOf(caller))) {
    await assertCanManage(db, caller, userId);
  } else {
    await app.rateLimits.hit(`welcome-ip:${request.ip}`, { max: ctx.config.PASSWORD_RATE_PER_IP, windowMs: HOUR });
    await app.rateLimits.hit(`welcome-user:${userId}`, { max: ctx.config.RESET_MAILS_PER_ACCOUNT, windowMs: HOUR });
  }
  const user = isUuid(userId) ? await findUserById(db, userId) : undefined;
  if (!user || user.isFree || user.disabled) return { message: 'Welcome email sent.' };
  const mailId = await app.inTransaction((trx) =>
    queueWelcomeMail(trx, ctx, { id: user.id, email: user.email, name: user.name }, actorOf(request), { interactive: true }),
  );
  const outcome = await ctx.mailer.deliverNow(mailId);
  if (outcome === 'failed') throw new DomainError(502, 'Welcome email failed to send.');
  return { message: 'Welcome email sent.' };
}

export { recordUserUpdated };
