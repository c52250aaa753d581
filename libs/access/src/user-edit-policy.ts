import { RoleIds } from './roles';
import type { Principal } from './principal';

const isAdmin = (p: Principal) => p.isAdmin || p.roles.includes(RoleIds.Admin);

/** The e-mail domain, lower case ("" when there is none). */
export const emailDomain = (email: string) => {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase();
};

/**
 * What a user administrator may do to users (accounts §2/§5): admins anything; group
 * managers only users in their groups, with an e-mail of their own domain, never
 * touching admin-only fields (Disabled, IsACID, IsGroupManager, IsHidden), roles they do
 * not hold themselves, Admin, or groups they are not in.
 */
export const UserEditPolicy = {
  isAdmin,
  /** Users page (accounts §6): group managers and admins. */
  canManageUsers: (p: Principal) => isAdmin(p) || p.isGroupManager,
  /** A non-admin adding a user must use an e-mail domain equal to their own. */
  domainAllowed: (p: Principal, email: string) => isAdmin(p) || (emailDomain(email) !== '' && emailDomain(email) === emailDomain(p.email)),
  /** Only admins may set Disabled (and the other flags that change who can do what). */
  adminOnlyFields: ['Disabled', 'IsACID', 'IsGroupManager', 'IsHidden'] as const,
  /** Role ids the caller may grant. */
  assignableRoleIds(p: Principal): number[] {
    if (isAdmin(p)) return Object.values(RoleIds);
    return p.roles.filter((r) => r !== RoleIds.Admin);
  },
  /** Group ids the caller may put users in (null = any). */
  assignableGroupIds(p: Principal): readonly string[] | null {
    return isAdmin(p) ? null : p.groups;
  },
  /**
   * Whether the caller may see or edit a user: admins anyone; group managers non-admin
   * users sharing one of their groups, or users they created.
   */
  canManageUser(p: Principal, target: { groupIds: readonly string[]; roleIds: readonly number[]; createdByCaller?: boolean }): boolean {
    if (isAdmin(p)) return true;
    if (!p.isGroupManager) return false;
    if (target.roleIds.includes(RoleIds.Admin)) return false;
    return !!target.createdByCaller || target.groupIds.some((g) => p.groups.includes(g));
  },
} as const;
