import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut, selectIsFree, selectUser } from './auth-slice';
import { useLogoutMutation } from './auth-api';

/** Logout (accounts §4): server logout (free-user variant for free users), clear everything, go to /login. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const isFree = useAppSelector(selectIsFree);
  const [serverLogout] = useLogoutMutation();
  return useCallback(async () => {
    if (user) {
      // the local session ends whatever the server answers
      await serverLogout({ userId: user.Id, username: user.Username, isFree }).unwrap().catch(() => undefined);
    }
    dispatch(loggedOut());
    navigate('/login', { replace: true });
  }, [dispatch, navigate, serverLogout, user, isFree]);
}
