import { randomUUID } from 'node:crypto';
import { RoleIds } from '@cti/access';
import type { AccessClaims, EventActor, SessionUser } from '@cti/contracts';
import type { IdentityExecutor, UsersTable } from '../db';
import { activeRoleIds, groupsOfUser } from '../users/repository';
import { hashToken, newOpaqueToken } from './tokens';
import type { Selectable } from '@cti/db';

export type UserRow = Selectable<UsersTable>;

export interface SessionIssuer {
  signAccessToken(claims: AccessClaims): string;
  refreshTtlDays: number;
}

/**
 * Builds the session user of accounts §3 with a new access token and a refresh token
 * in the given family (a new family at login, the same family on rotation).
 */
export async function issueSession(
  trx: IdentityExecutor,
  issuer: SessionIssuer,
  user: UserRow,
  familyId: string = randomUUID(),
): Promise<{ session: SessionUser; claims: AccessClaims }> {
  const [roles, groups] = await Promise.all([activeRoleIds(trx, user.id), groupsOfUser(trx, user.id)]);
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
  };
  const refreshToken = newOpaqueToken();
  await trx
    .insertInto('refreshTokens')
    .values({
      userId: user.id,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(Date.now() + issuer.refreshTtlDays * 86_400_000).toISOString(),
      usedAt: null,
      revokedAt: null,
    })
    .execute();
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
    Token: issuer.signAccessToken(claims),
    RefreshToken: refreshToken,
  };
  return { session, claims };
}

export const actorFromClaims = (c: AccessClaims): EventActor => ({
  userId: c.sub,
  name: c.name,
  email: c.email,
  groupNames: c.groupNames,
});
