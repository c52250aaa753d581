import type { Principal } from './principal';
import { RoleIds } from './roles';

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

/** What a user administrator needs to know about the user they look at. */
export interface ManagedTarget {
  /** Roles the user holds now (expired roles grant nothing and do not count). */
  roleIds: readonly number[];
  groupIds: readonly string[];
  calculatorGroupId?: string | null;
  isGroupManager?: boolean;
  isAcid?: boolean;
  createdByCaller?: boolean;
}

/** One role a user holds, with the moment it stops granting access (null: never). */
export interface RoleHolding {
  roleId: number;
  expiresOn: string | null;
}

const isActive = (h: RoleHolding, now: number) => h.expiresOn === null || Date.parse(h.expiresOn) > now;
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** Why a group manager's save is refused (the edge maps each to its answer text). */
export type ManagerEditRefusal = 'email' | 'expiry' | 'role' | 'group';

const ADMIN_ONLY_FLAGS = ['Disabled', 'IsACID', 'IsGroupManager', 'IsHidden'] as const;
export type AdminOnlyFlag = (typeof ADMIN_ONLY_FLAGS)[number];
/** The admin-only flags of a user, by their names in the user payload. */
export type AdminOnlyFlags = Record<AdminOnlyFlag, boolean>;

/**
 * What a user administrator may do to users.
 *
 * Admins anything. A group manager sees the non-admin users of their groups (and the
 * users they created), and edits only those whose every role, group, calculator group
 * and flag they could have given themselves: a manager can never reach, through an
 * account they edit, more than they hold. Their save changes only names, organization,
 * roles and groups they hold, and can only shorten an expiry; the e-mail address (the
 * key to the password reset) and the admin flags are for admins. Adding a user needs
 * an e-mail of the manager's own domain; editing does not.
 */
export const UserEditPolicy = {
  isAdmin,
  /** Users page: group managers and admins. */
  canManageUsers: (p: Principal) => isAdmin(p) || p.isGroupManager,
  /** A non-admin adding a user must use an e-mail domain equal to their own. */
  domainAllowed: (p: Principal, email: string) => isAdmin(p) || (emailDomain(email) !== '' && emailDomain(email) === emailDomain(p.email)),
  /** Only admins may set Disabled (and the other flags that change who can do what). */
  adminOnlyFields: ADMIN_ONLY_FLAGS,
  /**
   * The admin-only flags a save would change (a value sent that is not the user's current one;
   * a flag not sent changes nothing): none for admins. A group manager's save that changes one
   * is refused whole, naming them.
   */
  adminOnlyChanges(p: Principal, current: AdminOnlyFlags, sent: Partial<AdminOnlyFlags>): AdminOnlyFlag[] {
    if (isAdmin(p)) return [];
    return ADMIN_ONLY_FLAGS.filter((flag) => sent[flag] !== undefined && sent[flag] !== current[flag]);
  },
  /** Changing the address that receives password resets is for admins. */
  canChangeEmail: (p: Principal) => isAdmin(p),
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
   * Whether the caller may see a user (users list, `GET api/user/{id}`, resending the
   * welcome e-mail to the user's own address): admins anyone; group managers non-admin
   * users sharing one of their groups, or users they created.
   */
  canSeeUser(p: Principal, target: ManagedTarget): boolean {
    if (isAdmin(p)) return true;
    if (!p.isGroupManager) return false;
    if (target.roleIds.includes(RoleIds.Admin)) return false;
    return !!target.createdByCaller || target.groupIds.some((g) => p.groups.includes(g));
  },
  /** Whether the caller may edit a user they see: everything the user holds is something they may give. */
  canEditUser(p: Principal, target: ManagedTarget): boolean {
    if (isAdmin(p)) return true;
    if (!UserEditPolicy.canSeeUser(p, target)) return false;
    if (target.isGroupManager || target.isAcid) return false;
    const roles = UserEditPolicy.assignableRoleIds(p);
    if (!target.roleIds.every((r) => roles.includes(r))) return false;
    if (!target.groupIds.every((g) => p.groups.includes(g))) return false;
    return !target.calculatorGroupId || p.groups.includes(target.calculatorGroupId);
  },
  /**
   * The first thing a group manager's save may not do to a user they may edit, or null.
   * Account expiries are compared by day (the form edits dates): the same day keeps the
   * current moment.
   */
  managerEditRefusal(
    p: Principal,
    current: {
      email: string;
      expiresOn: string | null;
      roleIds: readonly number[];
      groupIds: readonly string[];
      calculatorGroupId: string | null;
    },
    wanted: {
      email: string;
      expiresOn: string | null;
      roleIds: readonly number[];
      groupIds: readonly string[];
      calculatorGroupId: string | null;
    },
  ): ManagerEditRefusal | null {
    if (isAdmin(p)) return null;
    if (wanted.email.trim().toLowerCase() !== current.email.trim().toLowerCase()) return 'email';
    if (!UserEditPolicy.expiryChangeAllowed(p, current.expiresOn, wanted.expiresOn)) return 'expiry';
    const roles = UserEditPolicy.assignableRoleIds(p);
    if (wanted.roleIds.some((r) => !current.roleIds.includes(r) && !roles.includes(r))) return 'role';
    const groups = [...wanted.groupIds, ...(wanted.calculatorGroupId ? [wanted.calculatorGroupId] : [])];
    const held = [...current.groupIds, ...(current.calculatorGroupId ? [current.calculatorGroupId] : [])];
    if (groups.some((g) => !held.includes(g) && !p.groups.includes(g))) return 'group';
    return null;
  },
  /** Admins set any expiry; anyone else may keep it, set one where there was none, or bring it forward. */
  expiryChangeAllowed(p: Principal, current: string | null, wanted: string | null): boolean {
    if (isAdmin(p)) return true;
    if (current === null) return true;
    if (wanted === null) return false;
    return dayOf(wanted) === dayOf(current) || Date.parse(wanted) <= Date.parse(current);
  },
  /** The expiry to store: a non-admin's same-day value keeps the current moment. */
  expiryToStore(p: Principal, current: string | null, wanted: string | null): string | null {
    if (!isAdmin(p) && current !== null && wanted !== null && dayOf(wanted) === dayOf(current)) return current;
    return wanted;
  },
  /**
   * A user's roles after a save that asks for `wanted` (role ids). Roles kept keep
   * their end date. A role not asked for is removed; when a group manager removes a
   * role with an end date it ends now instead (it stays as history and, being expired,
   * cannot be given back by a manager). An expired role asked for again is given back
   * (no end) by admins only. Expired roles not asked for stay as history.
   */
  rolesAfterSave(current: readonly RoleHolding[], wanted: readonly number[], editor: { admin: boolean; now: number }): RoleHolding[] {
    const want = new Set(wanted);
    const next: RoleHolding[] = [];
    for (const h of current) {
      const active = isActive(h, editor.now);
      if (want.has(h.roleId)) next.push(active || !editor.admin ? h : { roleId: h.roleId, expiresOn: null });
      else if (!active) next.push(h);
      else if (!editor.admin && h.expiresOn !== null) next.push({ roleId: h.roleId, expiresOn: new Date(editor.now).toISOString() });
    }
    const held = new Set(current.map((h) => h.roleId));
    for (const roleId of want) if (!held.has(roleId)) next.push({ roleId, expiresOn: null });
    return next.sort((a, b) => a.roleId - b.roleId);
  },
} as const;

/**
 * The domain rule of a group manager's request for external access: every additional user
 * shares the primary contact's e-mail domain (one outside firm per request).
 */
export const sharesContactDomain = (contactEmail: string, userEmail: string): boolean =>
  emailDomain(userEmail) === emailDomain(contactEmail);
