import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';

const anyRole = (p: Principal, roles: readonly RoleName[]) =>
  roles.some((r) => p.roles.includes(RoleIds[r])) || (roles.includes('Admin') && p.isAdmin);

/**
 * The full "everything I may see" ZIP: Enhanced subscribers and working-group members
 * (and admins). Every file in it is still narrowed by the same rules as the screens.
 */
export const FullExportRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'AWGMember'];
export const canExportEverything = (p: Principal) => anyRole(p, FullExportRoles);

/** The what-if score simulator on a scorecard: working-group members, admins and Enhanced subscribers. */
export const SimulatorRoles: readonly RoleName[] = ['Admin', 'AWGMember', 'Enhanced'];
export const canSimulate = (p: Principal) => anyRole(p, SimulatorRoles);
