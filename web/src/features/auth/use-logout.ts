import { useCallback } from 'react';
import { useNavigate } from 'react-router';

import { withTabsLock } from '../../app/base-query';
import { useAppDispatch, useAppSelector } from '../../app/hooks';

import { useLogoutMutation } from './auth-api';
import { loggedOut, selectIsFree, selectUser } from './auth-slice';

/**
 * Ends the session: server logout (the free-user variant for free users),
 * then tokens, user, questionnaire filter, current questionnaire and free flag are cleared
 * (the store does that when the user goes; the other tabs follow). It holds the tabs'
 * session lock, so no tab renews the session halfway through. Does not navigate.
 */
export function useEndSession() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  const [serverLogout] = useLogoutMutation();
  return useCallback(
    () =>
      withTabsLock(async () => {
        if (user) {
          // the local session ends whatever the server answers
          await serverLogout({ userId: user.Id, username: user.Username, isFree })
            .unwrap()
            .catch(() => undefined);
        }
        dispatch(loggedOut());
      }),
    [dispatch, serverLogout, user, isFree],
  );
}

/** Logout: end the session and go to /login. */
export function useLogout() {
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession();
    void navigate('/login', { replace: true });
  }, [endSession, navigate]);
}
