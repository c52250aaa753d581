import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { toastSlice } from '../components/toast/toast-slice';
import { authSlice } from '../features/auth/auth-slice';

import { api } from './api';
import { clearStoredSession, storeSession } from './session-storage';

const rootReducer = combineSlices(api, authSlice, toastSlice);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // keep browser storage in step with the session; logging out clears it all
  let previous = store.getState().auth;
  store.subscribe(() => {
    const auth = store.getState().auth;
    if (auth === previous) return;
    previous = auth;
    if (!auth.user) {
      clearStoredSession();
      store.dispatch(api.util.resetApiState());
    } else storeSession(auth);
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
