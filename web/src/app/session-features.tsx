import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

import {
  loggedOut,
  selectIsFree,
  selectRefreshToken,
  selectToken,
  selectUser,
  sessionAdopted,
  signedIn,
} from '../features/auth/auth-slice';
import { useEndSession } from '../features/auth/use-logout';
import { IdleDialog } from '../features/questionnaires/shell/IdleDialog';

import { useAppConfigQuery } from './app-config';
import { broadcastSignOn, isTrustedOrigin, parseSignOnMessage, sessionOfMessage } from './cross-frame';
import { useAppDispatch, useAppSelector } from './hooks';
import { hostRedirectUrl } from './host-routing';
import { followStoredSession, loadStoredSession, storageBlocked, touchesSession } from './session-storage';

/**
 * Cross-frame sign-on: LOGIN and LOGOUT messages from trusted origins sign
 * this site in and out; messages from other origins are logged as errors. This site's
 * own sign-ins, token refreshes and sign-outs are told to the other frames, so a
 * rotated refresh token is never presented twice.
 */
function CrossFrameSignOn() {
  const { data: config } = useAppConfigQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const token = useAppSelector(selectToken);
  const refreshToken = useAppSelector(selectRefreshToken);
  const isFree = useAppSelector(selectIsFree);
  const fromMessage = useRef(false);
  const previousToken = useRef(token);

  useEffect(() => {
    if (!config) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source === window) return;
      if (!isTrustedOrigin(event.origin, config.trustedOrigins, window.location.origin)) {
        console.error(`Ignored a message from an unknown origin: ${event.origin}`);
        return;
      }
      const message = parseSignOnMessage(event.data);
      if (!message) return;
      fromMessage.current = true;
      if (message.ACTION === 'LOGIN') {
        dispatch(signedIn({ session: sessionOfMessage(message), isFree: !!message.isFree }));
      } else {
        dispatch(loggedOut());
        void navigate('/login', { replace: true });
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [config, dispatch, navigate]);

  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    if (fromMessage.current) {
      // what another frame told us is not echoed back
      fromMessage.current = false;
      return;
    }
    if (!config?.trustedOrigins.length) return;
    if (user && token && refreshToken)
      broadcastSignOn({ ACTION: 'LOGIN', user, authToken: token, refreshToken, isFree }, config.trustedOrigins);
    else if (!user) broadcastSignOn({ ACTION: 'LOGOUT' }, config.trustedOrigins);
  }, [token, refreshToken, user, isFree, config]);

  return null;
}

/**
 * The tabs of this site share one session (browser storage): when another tab signs in,
 * renews the tokens or signs out, this tab follows at once, so it never presents a
 * refresh token another tab has already spent (and a sign-out ends every tab).
 */
function SharedSessionAcrossTabs() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const refreshToken = useAppSelector(selectRefreshToken);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (storageBlocked() || !touchesSession(event.key)) return;
      const stored = loadStoredSession();
      const next = followStoredSession(stored, { user, refreshToken });
      if (next === 'adopt') dispatch(sessionAdopted(stored));
      else if (next === 'sign out') dispatch(loggedOut());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch, user, refreshToken]);
  return null;
}

/** Host routing: user-admin routes on the users host, the rest on the index host; off in development. */
function HostRouting() {
  const { data: config } = useAppConfigQuery();
  const location = useLocation();
  useEffect(() => {
    const target = hostRedirectUrl(
      { ...window.location, pathname: location.pathname, search: location.search, hash: location.hash },
      config,
    );
    if (target) window.location.replace(target);
  }, [config, location.pathname, location.search, location.hash]);
  return null;
}

/**
 * Session idle time-out: after 30 minutes without activity "Are you still
 * there?" counts 5 minutes down; No or no answer logs out and goes to /login.
 * Questionnaire pages have their own dialog (back to the country dashboard).
 */
function SessionIdleTimeout() {
  const user = useAppSelector(selectUser);
  const location = useLocation();
  const endSession = useEndSession();
  if (!user || location.pathname.startsWith('/questionnaire/')) return null;
  return <IdleDialog redirectTo="/login" onLeave={endSession} />;
}

/** The session features every page has. */
export function SessionFeatures() {
  return (
    <>
      <SharedSessionAcrossTabs />
      <CrossFrameSignOn />
      <HostRouting />
      <SessionIdleTimeout />
    </>
  );
}
