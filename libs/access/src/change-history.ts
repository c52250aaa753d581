import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';
import type { RouteRule } from './route-guard';

/** Who reads a questionnaire's change history (recent changes, a question's history). */
export const ChangeHistoryRoles: readonly RoleName[] = ['Admin', 'CountryRespondent', 'CountryViewer'];
export const changeHistoryRule: RouteRule = { match: 'or', roles: ChangeHistoryRoles };

/**
 * The countries whose questionnaire changes a user may read: every one for admins,
 * their own groups (the token's `groups`) for country respondents and viewers, none
 * for anyone else.
 */
export function changeHistoryScope(p: Principal): 'all' | readonly string[] {
  if (p.isAdmin || p.roles.includes(RoleIds.Admin)) return 'all';
  if (p.roles.includes(RoleIds.CountryRespondent) || p.roles.includes(RoleIds.CountryViewer)) return p.groups;
  return [];
}

export const canReadChangeHistory = (p: Principal, groupId: string): boolean => {
  const scope = changeHistoryScope(p);
  return scope === 'all' || scope.includes(groupId);
};
