import { RoleIds, type RoleName } from './roles';
import type { Principal } from './principal';

/**
 * A route's access rule (accounts §6): `or` needs any listed role, `and` needs all.
 * Flags cover the rules the spec states by flag rather than role.
 */
export type RouteRule =
  { match: 'or' | 'and'; roles: readonly RoleName[] } | { flag: 'isAdmin' | 'isGroupManagerOrAdmin' | 'isAcid' } | { public: true };

export type GuardDecision = 'allow' | 'login' | 'restricted';

export function satisfiesRule(p: Principal, rule: RouteRule): boolean {
  if ('public' in rule) return true;
  if ('flag' in rule) {
    switch (rule.flag) {
      case 'isAdmin':
        return p.isAdmin || p.roles.includes(RoleIds.Admin);
      case 'isGroupManagerOrAdmin':
        return p.isGroupManager || p.isAdmin || p.roles.includes(RoleIds.Admin);
      case 'isAcid':
        return p.isAcid;
    }
  }
  const ids = rule.roles.map((r) => RoleIds[r]);
  return rule.match === 'and' ? ids.every((id) => p.roles.includes(id)) : ids.some((id) => p.roles.includes(id));
}

/** The guard of every routed screen: anonymous users log in, others need the rule. */
export function guardRoute(p: Principal | null, rule: RouteRule): GuardDecision {
  if ('public' in rule) return 'allow';
  if (!p) return 'login';
  return satisfiesRule(p, rule) ? 'allow' : 'restricted';
}
