import { randomUUID } from 'node:crypto';

import { mustAgreeToTerms, RoleIds } from '@cti/access';
import type { AccessClaims, SessionUser } from '@cti/contracts';
import type { Selectable } from '@cti/db';

import type { SessionIssuer } from '../context';
import type { IdentityExecutor, UsersTable } from '../db';
import { hashToken, newOpaqueToken } from '../tokens/opaque-tokens';

import { accessHeldAt, insertRefreshToken, lockedUser } from './repository';

export type UserRow = Selectable<UsersTable>;

/** Whether the account is disabled or past its expiry at `now`. */
export const accountEnded = (user: { disabled: boolean; expiresOn: string | null }, now: Date) =>
  user.disabled || (!!user.expiresOn && Date.parse(user.expiresOn) < now.getTime());

/**
 * The claims of an access token of the user as their access stands at `now` (`sid` names the
 * session or API key): roles held at `now`, groups, and the first moment one of the roles (or the
 * account) stops granting access.
 */
async function currentClaims(trx: IdentityExecutor, user: UserRow, sid: string, now: Date) {
  const { roles: held, groups } = await accessHeldAt(trx, user.id, now);
  const roles = held.map((r) => r.roleId);
  const ends = [...held.map((r) => r.expiresOn), user.expiresOn].filter((e): e is string => e !== null).map((e) => Date.parse(e));
  const notAfterMs = ends.length ? Math.min(...ends) : null;
  const isAdmin = roles.includes(RoleIds.Admin);
  const claims: AccessClaims = {
    sub: user.id,
    email: user.email,
    name: user.name,
    roles,
    groups: groups.map((g) => g.id),
    groupNames: groups.map((g) => g.name),
    isAdmin,
    isGroupManager: user.isGroupManager,
    isAcid: user.isAcid,
    free: user.isFree,
    organization: user.organizationName,
    sid,
    // the terms gate, enforced by every service until the user agrees (and refreshes)
    ...(mustAgreeToTerms({ mustAgreeCtc: user.mustAgreeCtc, isAdmin, roles }) ? { mustAgree: true as const } : {}),
  };
  return { claims, roles, groups, notAfterMs };
}

/**
 * The user's claims as they stand at `now`, read under the same share lock as a session's
 * (a change of their access lands wholly before or after), with the moment they stop
 * granting access; null when the user is gone, disabled or expired.
 */
export async function currentAccessClaims(
  trx: IdentityExecutor,
  userId: string,
  sid: string,
  now: Date,
): Promise<{ claims: AccessClaims; notAfterMs: number | null } | null> {
  const user = await lockedUser(trx, userId);
  if (!user || accountEnded(user, now)) return null;
  const { claims, notAfterMs } = await currentClaims(trx, user, sid, now);
  return { claims, notAfterMs };
}

export interface IssuedSession {
  session: SessionUser;
  claims: AccessClaims;
  /** The refresh-token row, when a new one was stored. */
  refreshTokenId: string | null;
}

/**
 * Builds the session user of the accounts data model with a new access token and a refresh token
 * in the given family (a new family at login, the same family on rotation). Given an
 * existing refresh token (a second tab within the rotation grace window) it answers
 * that token instead of storing a new one.
 */
export async function issueSession(
  trx: IdentityExecutor,
  issuer: SessionIssuer,
  userId: string,
  options: { familyId?: string; existingRefreshToken?: string } = {},
): Promise<IssuedSession> {
  const user = await lockedUser(trx, userId);
  if (!user) throw new Error(`issueSession: user ${userId} does not exist`);
  const familyId = options.familyId ?? randomUUID();
  const now = issuer.clock.now();
  const { claims, roles, groups, notAfterMs } = await currentClaims(trx, user, familyId, now);
  const isAdmin = claims.isAdmin;
  let refreshToken = options.existingRefreshToken;
  let refreshTokenId: string | null = null;
  if (!refreshToken) {
    refreshToken = newOpaqueToken();
    refreshTokenId = await insertRefreshToken(trx, {
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(now.getTime() + issuer.refreshTtlDays * 86_400_000),
    });
  }
  const session: SessionUser = {
    Id: user.id,
    Username: user.email,
    Name: user.name,
    FirstName: user.firstName,
    LastName: user.lastName,
    Roles: roles,
    IsGroupManager: user.isGroupManager,
    MustAgreeCTC: user.mustAgreeCtc && !isAdmin,
    IsACID: user.isAcid,
    IsAdmin: isAdmin,
    Groups: groups.map((g) => ({ Id: g.id, Name: g.name, Type: g.type, CountryId: g.countryId })),
    IsFree: user.isFree,
    Token: issuer.signAccessToken(claims, { notAfterMs }),
    RefreshToken: refreshToken,
  };
  return { session, claims, refreshTokenId };
}
