import type { ManagedUser, SessionUser } from '@cti/contracts';

import { makeStore } from '../app/store';
import { signedIn } from '../features/auth/auth-slice';

/** An admin's session, as tests sign in with it. */
export const adminSession: SessionUser = {
  Id: 'a1',
  Username: 'admin@example.org',
  Name: 'Ada Admin',
  FirstName: 'Ada',
  LastName: 'Admin',
  Roles: [],
  IsGroupManager: false,
  MustAgreeCTC: false,
  IsACID: false,
  IsAdmin: true,
  Groups: [],
  IsFree: false,
  Token: 't',
  RefreshToken: 'r',
};

/** A store of the app with the admin signed in. */
export function adminStore() {
  const store = makeStore();
  store.dispatch(signedIn({ session: adminSession, isFree: false }));
  return store;
}

/** A user as the users admin and My account read them: no groups, roles or flags unless given. */
export const managedUser = (user: Pick<ManagedUser, 'Id' | 'FirstName' | 'LastName' | 'Email'> & Partial<ManagedUser>): ManagedUser => ({
  Name: `${user.FirstName} ${user.LastName}`,
  Groups: [],
  Roles: [],
  ExpiredRoles: [],
  CalculatorGroup: null,
  CalculatorGroupName: null,
  IsHidden: false,
  IsGroupManager: false,
  IsACID: false,
  Disabled: false,
  Expires: null,
  Organization: '',
  OrganizationAddress: '',
  CreatorId: null,
  HasPassword: true,
  CanEdit: true,
  GroupNameList: [],
  GroupNames: '',
  RoleNameList: [],
  RoleNames: '',
  ...user,
});
