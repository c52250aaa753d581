import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { Principal } from '@cti/access';
import type { SessionUser } from '@cti/contracts';

import { loadStoredSession, type StoredSession, type StoredUser } from '../../app/session-storage';

export interface AuthState extends StoredSession {
  /** False until app start has refreshed (or dropped) a stored session. */
  started: boolean;
}

const initialState = (): AuthState => ({ ...loadStoredSession(), started: false });

const splitSession = (session: SessionUser): { user: StoredUser; token: string; refreshToken: string } => {
  const { Token, RefreshToken, ...user } = session;
  return { user, token: Token, refreshToken: RefreshToken };
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ session: SessionUser; isFree: boolean }>) {
      Object.assign(state, splitSession(action.payload.session), { isFree: action.payload.isFree, started: true });
    },
    sessionRefreshed(state, action: PayloadAction<SessionUser>) {
      Object.assign(state, splitSession(action.payload));
    },
    /** Another tab of this site signed in or renewed the shared session: this tab takes it over. */
    sessionAdopted(state, action: PayloadAction<StoredSession>) {
      const { user, token, refreshToken, isFree } = action.payload;
      Object.assign(state, { user, token, refreshToken, isFree, started: true });
    },
    /** The user agreed to the terms: no more /agree redirects. */
    agreed(state) {
      if (state.user) state.user.MustAgreeCTC = false;
    },
    /** My account changed the user's name. */
    profileChanged(state, action: PayloadAction<{ FirstName: string; LastName: string }>) {
      if (!state.user) return;
      state.user.FirstName = action.payload.FirstName;
      state.user.LastName = action.payload.LastName;
      state.user.Name = `${action.payload.FirstName} ${action.payload.LastName}`;
    },
    loggedOut(state) {
      Object.assign(state, { user: null, token: null, refreshToken: null, isFree: false, started: true });
    },
    appStarted(state) {
      state.started = true;
    },
  },
  selectors: {
    selectUser: (s) => s.user,
    selectIsFree: (s) => s.isFree,
    selectToken: (s) => s.token,
    selectRefreshToken: (s) => s.refreshToken,
    selectStarted: (s) => s.started,
  },
});

export const { signedIn, sessionRefreshed, sessionAdopted, loggedOut, appStarted, agreed, profileChanged } = authSlice.actions;
export const { selectUser, selectIsFree, selectToken, selectRefreshToken, selectStarted } = authSlice.selectors;

/** The access-rule view of the signed-in user (libs/access). */
export function principalOf(user: StoredUser | null, isFree: boolean): Principal | null {
  if (!user) return null;
  return {
    roles: user.Roles,
    groups: user.Groups.map((g) => g.Id),
    isAdmin: user.IsAdmin,
    isGroupManager: user.IsGroupManager,
    isAcid: user.IsACID,
    email: user.Username,
    free: isFree,
  };
}
