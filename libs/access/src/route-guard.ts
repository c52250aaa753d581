import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';

/**
 * A route's access rule: `or` needs any listed role, `and` needs all.
 * Flags cover the rules the spec states by flag rather than role.
 */
export type RouteRule =
  | { match: 'or' | 'and'; roles: readonly RoleName[] }
  | { flag: 'isAdmin' | 'isGroupManagerOrAdmin' | 'isAcid' }
  /** An admin whose e-mail is in the vendor's own domain (Manage Products). */
  | { flag: 'isVendorAdmin'; vendorEmailDomain: string }
  | { public: true };

/** Whether an address is in a domain (`ops@vendor.example` is in `vendor.example`); an empty domain holds no one. */
export function isInEmailDomain(email: string, domain: string): boolean {
  const wanted = domain.trim().toLowerCase().replace(/^@/, '');
  return wanted !== '' && email.trim().toLowerCase().endsWith(`@${wanted}`);
}

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
      case 'isVendorAdmin':
        return (p.isAdmin || p.roles.includes(RoleIds.Admin)) && isInEmailDomain(p.email, rule.vendorEmailDomain);
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
