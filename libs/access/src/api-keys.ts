import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';
import type { RouteRule } from './route-guard';

/**
 * Personal read-only API keys: subscribers of Standard and above, working-group members
 * and admins. A key reads what its owner may read at the moment of each request, so
 * this decides who may hold keys, not what a key sees.
 */
export const ApiKeyRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'Standard', 'AWGMember'];
export const canUseApiKeys = (p: Principal) => !p.free && (p.isAdmin || ApiKeyRoles.some((r) => p.roles.includes(RoleIds[r])));

/** The scope claim of access tokens minted for an API key: GET requests only, on the read routes. */
export const READ_ONLY_SCOPE = 'read-only';

/** The route rule of the key owner's routes (create, list): the same roles as `canUseApiKeys`. */
export const ApiKeyRule: RouteRule = { match: 'or', roles: ApiKeyRoles };
