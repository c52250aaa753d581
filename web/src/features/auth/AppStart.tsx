import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Spinner } from '../../components/form/fields';
import { useRefreshMutation } from './auth-api';
import { appStarted, loggedOut, selectIsFree, selectRefreshToken, selectStarted, sessionRefreshed } from './auth-slice';

/** Login-flow routes keep their place at start (accounts §2 "App start"). */
const LOGIN_FLOW = '/user/flow';

/**
 * App start: a stored session is refreshed first; a non-admin who must agree goes to
 * /agree, one arriving on /login goes to /index; a failed refresh logs out.
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
        else if (location.pathname === '/login' || location.pathname === '/') navigate('/index', { replace: true });
      }
    });
  }, [started, refreshToken, isFree, dispatch, navigate, refresh, location.pathname]);

  if (!started) return <Spinner label="Starting…" />;
  return <>{children}</>;
}
