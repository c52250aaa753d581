import { RoleIds, UserEditPolicy, type AdminOnlyFlags, type ManagedTarget, type ManagerEditRefusal, type Principal } from '@cti/access';
import { isUuid, UserAnswers, type AccessClaims, type EventActor, type ManagedUser, type UserPayload } from '@cti/contracts';
import {
  actorFromClaims,
  appendToOutbox,
  BadRequest,
  Conflict,
  type DataAccess,
  DomainError,
  Forbidden,
  NotFound,
  principalOf,
  TokenExpired,
  Unauthorized,
} from '@cti/service-kit';

import { isEmail, normalizeEmail } from '../accounts/passwords';
import {
  activeRoleIds,
  findUserByEmail,
  findUserById,
  groupIdsOfUser,
  replaceRoleHoldings,
  roleHoldingsOf,
  setUserDisabled,
  setUserGroups,
  updateManagedUser,
} from '../accounts/repository';
import { recordUserUpdated } from '../accounts/user-events';
import type { IdentityContext, RateLimited } from '../context';
import type { IdentityDB, IdentityExecutor } from '../db';
import { findGroupById, groupRows } from '../groups/repository';
import { queueMail } from '../mail/mailer';
import { MailTemplates } from '../mail/templates';
import { accessSnapshotOf, endSessions, lockUserForChange, revokeIfNarrowed } from '../sessions/revocation';
import { isTokenValid, isUnspentToken, spendAllTokens } from '../tokens/one-time-tokens';

import { createUser } from './create-user';
import { loadManagedUsers } from './user-views';
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

const targetOf = (
  caller: AccessClaims,
  u: { creatorId: string | null; calculatorGroupId: string | null; isGroupManager: boolean; isAcid: boolean },
  roleIds: readonly number[],
  groupIds: readonly string[],
): ManagedTarget => ({
  roleIds,
  groupIds,
  calculatorGroupId: u.calculatorGroupId,
  isGroupManager: u.isGroupManager,
  isAcid: u.isAcid,
  createdByCaller: u.creatorId === caller.sub,
});

/** The user, if the caller may see them at `now` (admins, or the managers of their groups); 404 otherwise. */
async function assertCanSee(db: IdentityExecutor, caller: AccessClaims, userId: string, now: Date) {
  if (!isUuid(userId)) throw new NotFound('User not found');
  const user = await findUserById(db, userId);
  if (!user || user.isFree) throw new NotFound('User not found');
  const [roleIds, groupIds] = await Promise.all([activeRoleIds(db, userId, now), groupIdsOfUser(db, userId)]);
  const target = targetOf(caller, user, roleIds, groupIds);
  if (!UserEditPolicy.canSeeUser(principalOf(caller), target)) throw new NotFound('User not found');
  return { user, roleIds, groupIds, target };
}

const withCanEdit = (caller: AccessClaims | null, u: ManagedUser): ManagedUser => ({
  ...u,
  CanEdit:
    !!caller &&
    UserEditPolicy.canEditUser(
      principalOf(caller),
      targetOf(
        caller,
        { creatorId: u.CreatorId, calculatorGroupId: u.CalculatorGroup, isGroupManager: u.IsGroupManager, isAcid: u.IsACID },
        u.Roles.map((r) => r.Id),
        u.Groups.map((g) => g.Id),
      ),
    ),
});

/** `GET api/user/groupManager`: every user for admins; the users a group manager sees, each marked editable or not. */
export async function listManagedUsers(db: IdentityExecutor, caller: AccessClaims, now: Date): Promise<ManagedUser[]> {
  const users = await loadManagedUsers(db, now);
  const p = principalOf(caller);
  return users
    .filter((u) =>
      UserEditPolicy.canSeeUser(p, {
        roleIds: u.Roles.map((r) => r.Id),
        groupIds: u.Groups.map((g) => g.Id),
        createdByCaller: u.CreatorId === caller.sub,
      }),
    )
    .map((u) => withCanEdit(caller, u));
}

/** Who asks, as the kit's auth check left it: their claims, or none (and whether an expired token was sent). */
export interface Visitor {
  caller: AccessClaims | null;
  tokenExpired: boolean;
}

/**
 * `GET api/user/{id}`: the user themself (My account), their managers, or a visitor
 * holding a valid welcome token for them (the set-password page prefill).
 */
export async function getUser(
  db: IdentityExecutor,
  { caller, tokenExpired }: Visitor,
  userId: string,
  welcomeToken: string | undefined,
  now: Date,
): Promise<ManagedUser> {
  const welcomeTokenValid = !!welcomeToken && isUuid(userId) && (await isTokenValid(db, 'welcome', welcomeToken, userId, now));
  // an expired session is refreshed by the client and asked again
  if (!caller && !welcomeTokenValid && tokenExpired) throw new TokenExpired();
  if (!isUuid(userId)) throw new NotFound('User not found');
  const self = caller?.sub === userId;
  if (!self && !welcomeTokenValid) {
    if (!caller) throw new NotFound('User not found');
    await assertCanSee(db, caller, userId, now);
  }
  const [user] = await loadManagedUsers(db, now, { ids: [userId], includeFree: self });
  if (!user) throw new NotFound('User not found');
  return withCanEdit(self || !welcomeTokenValid ? caller : null, user);
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
async function validatePayload(db: IdentityExecutor, payload: UserPayload): Promise<CleanPayload> {
  const firstName = payload.FirstName.trim();
  const lastName = payload.LastName.trim();
  const email = payload.Email.trim();
  if (!firstName || !lastName || !email || !payload.Roles.length) throw new BadRequest(UserAnswers.missingFields);
  if (!isEmail(email)) throw new BadRequest(UserAnswers.invalidUsername);
  const validRoles = new Set<number>(Object.values(RoleIds));
  if (payload.Roles.some((r) => !validRoles.has(r))) throw new BadRequest('Unknown role.');
  const groupIds = [...new Set(payload.Groups)];
  if (groupIds.some((g) => !isUuid(g))) throw new BadRequest('Unknown group.');
  if (groupIds.length && (await groupRows(db, { ids: groupIds })).length !== groupIds.length) throw new BadRequest('Unknown group.');
  const calculatorGroupId = trimOrNull(payload.CalculatorGroup);
  if (calculatorGroupId) {
    const group = isUuid(calculatorGroupId) ? await findGroupById(db, calculatorGroupId) : undefined;
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

const refusalAnswers: Record<ManagerEditRefusal, string> = {
  email: UserAnswers.emailAdminOnly,
  expiry: UserAnswers.expiryAdminOnly,
  role: UserAnswers.rolesNotHeld,
  group: UserAnswers.groupsNotHeld,
};

/**
 * Refuses a save that would set a flag only admins set (Disabled, IsACID, IsGroupManager,
 * IsHidden) to another value than the user has, naming the flags: the save changes nothing.
 */
function assertNoAdminOnlyChange(p: Principal, current: AdminOnlyFlags, payload: UserPayload): void {
  const changed = UserEditPolicy.adminOnlyChanges(p, current, payload);
  if (changed.length) throw new Forbidden(`${UserAnswers.flagsAdminOnly} ${changed.join(', ')}.`);
}

/**
 * `POST api/user/register`: group managers and admins add users; the
 * new user gets a welcome e-mail with the set-password link. A group manager adds
 * users of their own e-mail domain, with roles and groups they hold, and sets none of
 * the admin-only flags.
 */
export async function registerUser(
  data: DataAccess<IdentityDB>,
  ctx: IdentityContext,
  caller: AccessClaims,
  payload: UserPayload,
): Promise<{ message: string }> {
  const p = principalOf(caller);
  const admin = UserEditPolicy.isAdmin(p);
  const clean = await validatePayload(data.db, payload);
  if (!UserEditPolicy.domainAllowed(p, clean.email)) throw new BadRequest(UserAnswers.domainMismatch);
  const nothing = { email: clean.email, expiresOn: null, roleIds: [], groupIds: [], calculatorGroupId: null };
  const refusal = UserEditPolicy.managerEditRefusal(p, nothing, { ...clean });
  if (refusal) throw new Forbidden(refusalAnswers[refusal]);
  assertNoAdminOnlyChange(p, { Disabled: false, IsACID: false, IsGroupManager: false, IsHidden: false }, payload);
  const actor = actorFromClaims(caller);
  const now = data.clock.now();
  await data.inTransaction(async (trx) => {
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
      now,
    );
    if (admin && payload.Disabled) await setUserDisabled(trx, userId);
    await queueWelcomeMail(trx, ctx, { id: userId, email: clean.email, name: clean.name }, actor, now);
  });
  ctx.mailer.kick();
  return { message: UserAnswers.added };
}

/**
 * `POST api/user/update`. Admins change anything. A group manager edits only users
 * holding nothing they could not give themselves, and only their names, organization,
 * roles and groups they hold, and an earlier expiry (libs/access UserEditPolicy). A
 * change that takes access away voids the user's tokens on every service; an e-mail
 * change tells the old address and ends the links sent to it.
 */
export async function updateUser(
  data: DataAccess<IdentityDB>,
  ctx: IdentityContext,
  caller: AccessClaims,
  payload: UserPayload,
): Promise<{ message: string }> {
  const p = principalOf(caller);
  const admin = UserEditPolicy.isAdmin(p);
  const db = data.db;
  const now = data.clock.now();
  if (!payload.Id) throw new BadRequest(UserAnswers.failed);
  const { user, target } = await assertCanSee(db, caller, payload.Id, now);
  if (!UserEditPolicy.canEditUser(p, target)) throw new Forbidden(UserAnswers.editNotAllowed);
  const clean = await validatePayload(db, payload);
  const currentExpiry = user.expiresOn === null ? null : new Date(user.expiresOn).toISOString();
  const refusal = UserEditPolicy.managerEditRefusal(
    p,
    {
      email: user.email,
      expiresOn: currentExpiry,
      roleIds: target.roleIds,
      groupIds: target.groupIds,
      calculatorGroupId: user.calculatorGroupId,
    },
    clean,
  );
  if (refusal) throw new Forbidden(refusalAnswers[refusal]);
  assertNoAdminOnlyChange(
    p,
    { Disabled: user.disabled, IsACID: user.isAcid, IsGroupManager: user.isGroupManager, IsHidden: user.isHidden },
    payload,
  );
  const emailChanged = clean.email !== user.email.toLowerCase();
  if (emailChanged) {
    const other = await findUserByEmail(db, clean.email);
    if (other && other.id !== user.id) throw new Conflict(UserAnswers.userExists);
  }
  const actor: EventActor = actorFromClaims(caller);
  await data.inTransaction(async (trx) => {
    await lockUserForChange(trx, user.id);
    const before = await accessSnapshotOf(trx, user.id, now);
    const disabled = admin ? (payload.Disabled ?? user.disabled) : user.disabled;
    await updateManagedUser(
      trx,
      user.id,
      {
        email: admin ? clean.email : user.email,
        firstName: clean.firstName,
        lastName: clean.lastName,
        name: clean.name,
        organizationName: clean.organizationName,
        organizationAddress: clean.organizationAddress,
        expiresOn: UserEditPolicy.expiryToStore(p, currentExpiry, clean.expiresOn),
        calculatorGroupId: clean.calculatorGroupId,
        disabled,
        isGroupManager: admin ? (payload.IsGroupManager ?? user.isGroupManager) : user.isGroupManager,
        isHidden: admin ? (payload.IsHidden ?? user.isHidden) : user.isHidden,
        isAcid: admin ? (payload.IsACID ?? user.isAcid) : user.isAcid,
      },
      now,
    );
    const holdings = await roleHoldingsOf(trx, user.id);
    await replaceRoleHoldings(trx, user.id, UserEditPolicy.rolesAfterSave(holdings, clean.roleIds, { admin, now: now.getTime() }));
    await setUserGroups(trx, user.id, clean.groupIds);
    if (disabled && !user.disabled) {
      await endSessions(trx, user.id, {}, now);
      await appendToOutbox(trx, {
        type: 'evt.identity.user.disabled',
        actor,
        data: { userId: user.id, email: clean.email, name: clean.name },
      });
    }
    if (admin && emailChanged)
      await emailChangedNotice(trx, { id: user.id, oldEmail: user.email, newEmail: clean.email, name: clean.name }, now);
    await revokeIfNarrowed(trx, user.id, before, disabled && !user.disabled ? 'disabled' : 'access changed in the users admin', actor, now);
    await recordUserUpdated(trx, user.id, actor, now);
  });
  ctx.mailer.kick();
  return { message: UserAnswers.edited };
}

/** The old address learns of the change; links sent to it (reset, welcome) stop working. */
async function emailChangedNotice(
  trx: IdentityExecutor,
  change: { id: string; oldEmail: string; newEmail: string; name: string },
  now: Date,
): Promise<void> {
  await spendAllTokens(trx, change.id, 'reset', now);
  await spendAllTokens(trx, change.id, 'welcome', now);
  await queueMail(trx, {
    to: [change.oldEmail],
    ...MailTemplates.emailChanged(change.name || change.oldEmail, change.newEmail),
    kind: 'email-changed',
  });
}

/**
 * `GET api/user/sendReset/{userId}` (Resend welcome email, the accounts screens and answer texts). Admins and
 * the user's managers may send it; so may the holder of the user's welcome link (the
 * set-password page, whose link expired: `?token=`). The mail only ever goes to the
 * account's own address, and only to accounts that have never set a password.
 */
export async function resendWelcome(
  data: DataAccess<IdentityDB> & RateLimited,
  ctx: IdentityContext,
  { caller, tokenExpired, ip }: Visitor & { ip: string },
  userId: string,
  welcomeToken: string | undefined,
): Promise<{ message: string }> {
  const db = data.db;
  const now = data.clock.now();
  const HOUR = 3_600_000;
  if (welcomeToken) {
    await data.rateLimits.hit(`welcome-ip:${ip}`, { max: ctx.config.PASSWORD_RATE_PER_IP, windowMs: HOUR });
    await data.rateLimits.hit(`welcome-user:${userId}`, { max: ctx.config.RESET_MAILS_PER_ACCOUNT, windowMs: HOUR });
    // an unknown id and a wrong token get the same answer
    if (!isUuid(userId) || !(await isUnspentToken(db, 'welcome', welcomeToken, userId))) throw new Unauthorized(UserAnswers.welcomeFailed);
  } else if (caller && UserEditPolicy.canManageUsers(principalOf(caller))) {
    await assertCanSee(db, caller, userId, now);
  } else if (caller) {
    throw new NotFound('User not found');
  } else {
    if (tokenExpired) throw new TokenExpired();
    throw new Unauthorized();
  }
  const user = await findUserById(db, userId);
  if (!user || user.isFree || user.disabled) throw new NotFound('User not found');
  if (user.passwordHash !== null) throw new Conflict(UserAnswers.passwordAlreadySet);
  const actor = caller ? actorFromClaims(caller) : null;
  const mailId = await data.inTransaction((trx) =>
    queueWelcomeMail(trx, ctx, { id: user.id, email: user.email, name: user.name }, actor, now, { interactive: true }),
  );
  const outcome = await ctx.mailer.deliverNow(mailId);
  if (outcome === 'failed') throw new DomainError(502, UserAnswers.welcomeFailed);
  return { message: UserAnswers.welcomeSent };
}

/** Whether the caller may learn this user's roles at `now`: themself, an admin, or a manager who sees them. */
export async function mayReadRolesOf(
  db: IdentityExecutor,
  caller: AccessClaims,
  p: Principal,
  userId: string,
  now: Date,
): Promise<boolean> {
  if (caller.sub === userId || UserEditPolicy.isAdmin(p)) return true;
  if (!UserEditPolicy.canManageUsers(p)) return false;
  try {
    await assertCanSee(db, caller, userId, now);
    return true;
  } catch {
    return false;
  }
}

export { recordUserUpdated };
