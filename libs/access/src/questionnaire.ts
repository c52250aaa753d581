import type { Principal } from './principal';
import { RoleIds } from './roles';

/** Admins by flag or by role. */
export const isAdminPrincipal = (p: Principal): boolean => p.isAdmin || p.roles.includes(RoleIds.Admin);

/**
 * Who may open and answer a country's questionnaire: admins, and
 * country respondents of that country (the token's groups).
 */
export const canAnswerQuestionnaire = (p: Principal, groupId: string): boolean =>
  isAdminPrincipal(p) || (p.roles.includes(RoleIds.CountryRespondent) && p.groups.includes(groupId));

/** Consent and approvals are the respondents' (admins manage, they do not approve). */
export const isRespondentOf = (p: Principal, groupId: string): boolean =>
  p.roles.includes(RoleIds.CountryRespondent) && p.groups.includes(groupId);
