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
