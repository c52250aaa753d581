import { Link } from 'react-router';
import { usePrincipal } from '../../../app/hooks';
import { useUnreadCountQuery } from '../notifications-api';
import '../notifications.css';

const POLL_MS = 60_000;

/** The header's link to the alerts, with the number of unread ones. */
export function UnreadBadge() {
  const principal = usePrincipal();
  const { data } = useUnreadCountQuery(undefined, { skip: !principal, pollingInterval: POLL_MS });
  if (!principal) return null;
  const count = data?.Count ?? 0;
  const label = count ? `Alerts, ${count} unread` : 'Alerts';
  return (
    <Link to="/notifications" className="alerts-link" aria-label={label} title={label}>
      <span className="alerts-bell" aria-hidden="true" />
      <span className="alerts-word">Alerts</span>
      {count > 0 && (
        <span className="unread-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
