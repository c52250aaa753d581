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
    (options: { forgetDevice?: boolean } = {}) =>
      withTabsLock(async () => {
        if (user) {
          // the local session ends whatever the server answers
          await serverLogout({ userId: user.Id, username: user.Username, isFree, forgetDevice: options.forgetDevice })
            .unwrap()
            .catch(() => undefined);
        }
        dispatch(loggedOut());
      }),
    [dispatch, serverLogout, user, isFree],
  );
}

/**
 * Logout: end the session and go to /login. The user's own Logout also makes this browser
 * forget a free user's confirmed address (an idle time-out does not): free access for it
 * needs a new e-mailed link here.
 */
export function useLogout() {
  const endSession = useEndSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    await endSession({ forgetDevice: true });
    void navigate('/login', { replace: true });
  }, [endSession, navigate]);
}
