import { Link } from 'react-router';

import { RouteRules, satisfiesRule } from '@cti/access';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { selectUser } from '../../auth/auth-slice';
import { mustAgreeToTerms } from '../../auth/landing';
import { useUnreadCountQuery } from '../notifications-api';
import '../notifications.css';

const POLL_MS = 60_000;

/** The header's link to the alerts, with the number of unread ones. */
export function UnreadBadge() {
  const principal = usePrincipal();
  const user = useAppSelector(selectUser);
  // the alerts are about index countries: shown to those who may read the index, once the terms
  // no longer hold them (every service refuses their token until then)
  const shown = !!principal && satisfiesRule(principal, RouteRules.index) && !(user && mustAgreeToTerms(user));
  const { data } = useUnreadCountQuery(undefined, { skip: !shown, pollingInterval: POLL_MS });
  if (!shown) return null;
  const count = data?.Count ?? 0;
  const label = count ? `Alerts, ${count} unread` : 'Alerts';
  return (
    <Link to="/notifications" className="alerts-link" aria-label={label} title={label}>
      <svg className="alerts-bell" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className="unread-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
