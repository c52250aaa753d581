import type { SessionUser } from '@cti/contracts';

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
