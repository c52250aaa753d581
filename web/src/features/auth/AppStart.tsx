import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLimitedToAccount } from '@cti/access';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { SessionFeatures } from '../../app/session-features';
import { Spinner } from '../../components/form/fields';
import { useRefreshMutation } from './auth-api';
import { appStarted, loggedOut, selectIsFree, selectRefreshToken, selectStarted, sessionRefreshed } from './auth-slice';
import { landingPathFor } from './landing';

/** Login-flow routes keep their place at start (accounts §2 "App start"). */
const LOGIN_FLOW = '/user/flow';

/**
 * App start (accounts §2): a stored session is refreshed first; then a non-admin not on
 * the login-flow route goes to /agree when they must agree, otherwise one arriving on
 * /login goes on to the index (or the account page when that is all they may see); a
 * failed refresh logs out.
 */
export function AppStart({ children }: { children: ReactNode }) {
  const started = useAppSelector(selectStarted);
  const refreshToken = useAppSelector(selectRefreshToken);
  const isFree = useAppSelector(selectIsFree);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [refresh] = useRefreshMutation();
  const once = useRef(false);

  useEffect(() => {
    if (once.current || started) return;
    once.current = true;
    if (!refreshToken) {
      dispatch(appStarted());
      return;
    }
    void refresh({ token: refreshToken, isFree }).then((result) => {
      if ('error' in result) {
        dispatch(loggedOut());
        navigate('/login', { replace: true });
        return;
      }
      dispatch(sessionRefreshed(result.data));
      dispatch(appStarted());
      const user = result.data;
      if (!user.IsAdmin && !location.pathname.startsWith(LOGIN_FLOW)) {
        if (user.MustAgreeCTC) navigate('/agree', { replace: true });
        else if (location.pathname === '/login' || location.pathname === '/') navigate(landingPathFor(user), { replace: true });
        else if (isLimitedToAccount({ roles: user.Roles }) && location.pathname === '/index') navigate('/user/account', { replace: true });
      }
    });
  }, [started, refreshToken, isFree, dispatch, navigate, refresh, location.pathname]);

  if (!started) return <Spinner label="Starting…" />;
  return (
    <>
      <SessionFeatures />
      {children}
    </>
  );
}
