import { useEffect, useRef, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';

import { isLimitedToAccount } from '@cti/access';

import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SessionFeatures } from '../../app/session-features';
import type { RootState } from '../../app/store';
import { Spinner } from '../../components/form/fields';

import { useResumeSessionMutation } from './auth-api';
import { appStarted, selectRefreshToken, selectStarted } from './auth-slice';
import { homePathFor } from './landing';

/**
 * App start: a stored session is renewed first (one tab at a time, see
 * base-query); a refused renewal logs out and goes to /login. A user arriving on / goes
 * on to their home page; /login itself sends a signed-in user on. The terms gate is the
 * route guard's (Guarded), so the pages open to users who must still agree (terms,
 * privacy, FAQ, methodology, contact) open on a reload or a direct link as well.
 */
export function AppStart({ children }: { children: ReactNode }) {
  const started = useAppSelector(selectStarted);
  const refreshToken = useAppSelector(selectRefreshToken);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const location = useLocation();
  const [resume] = useResumeSessionMutation();
  const once = useRef(false);

  useEffect(() => {
    if (once.current || started) return;
    once.current = true;
    if (!refreshToken) {
      dispatch(appStarted());
      return;
    }
    void resume().then((result) => {
      const outcome = 'data' in result ? result.data : 'unavailable';
      dispatch(appStarted());
      if (outcome === 'ended') {
        void navigate('/login', { replace: true });
        return;
      }
      const user = store.getState().auth.user;
      if (!user) return;
      // the index is not theirs when a user holds no compliance-index role
      const limitedOnIndex = location.pathname === '/index' && isLimitedToAccount({ roles: user.Roles });
      if (location.pathname === '/' || limitedOnIndex) void navigate(homePathFor(user), { replace: true });
    });
  }, [started, refreshToken, dispatch, navigate, resume, store, location.pathname]);

  if (!started) return <Spinner label="Starting…" />;
  return (
    <>
      <SessionFeatures />
      {children}
    </>
  );
}
