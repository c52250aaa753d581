/** What the access rules need to know about the person asking. */
export interface Principal {
  roles: readonly number[];
  groups: readonly string[];
  isAdmin: boolean;
  isGroupManager: boolean;
  isAcid: boolean;
  email: string;
  free: boolean;
}

/**
 * The principal as a shared cache (the gateway) may key an answer by: every field of it but
 * the e-mail, in one canonical string (roles and groups sorted, duplicates dropped). Two
 * principals with the same audience get the same answer from a route whose answer depends on
 * the principal's access alone; a route that reads the e-mail (the vendor's product pages) must
 * not be shared this way. Which routes are is the serving service's decision (it marks them).
 */
export function audienceOf(p: Principal): string {
  const roles = [...new Set(p.roles)].sort((a, b) => a - b);
  const groups = [...new Set(p.groups)].sort();
  // JSON: no group id, whatever its characters, can make two audiences read alike
  return JSON.stringify({ roles, groups, admin: p.isAdmin, manager: p.isGroupManager, acid: p.isAcid, free: p.free });
}
