/** What a user's access tokens carry that decides what they may do. */
export interface AccessSnapshot {
  email: string;
  roleIds: readonly number[];
  groupIds: readonly string[];
  isGroupManager: boolean;
  isAcid: boolean;
  disabled: boolean;
  /** Account expiry (ISO) or null. */
  expiresOn: string | null;
}

/**
 * Whether a change takes something away that tokens already issued still carry: a
 * role or group gone, a flag dropped, the account disabled or ending sooner, or the
 * e-mail changed (rules such as the vendor domain read it). Such a change voids the
 * user's tokens issued before it; gains need no revocation (the next refresh brings them).
 */
export function accessNarrowed(before: AccessSnapshot, after: AccessSnapshot): boolean {
  if (before.roleIds.some((r) => !after.roleIds.includes(r))) return true;
  if (before.groupIds.some((g) => !after.groupIds.includes(g))) return true;
  if (before.isGroupManager && !after.isGroupManager) return true;
  if (before.isAcid && !after.isAcid) return true;
  if (!before.disabled && after.disabled) return true;
  if (before.email.toLowerCase() !== after.email.toLowerCase()) return true;
  if (after.expiresOn !== null && (before.expiresOn === null || Date.parse(after.expiresOn) < Date.parse(before.expiresOn))) return true;
  return false;
}
