import { Link } from 'react-router';

import { NotificationMessages } from '@cti/contracts';

import { Button, Spinner } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { formatDate } from '../../../lib/dates';
import { useFollowsQuery, useUnfollowMutation } from '../notifications-api';

import { AlertSettingsForm } from './AlertSettingsForm';
import '../notifications.css';

/** My account's Following list: the countries the user gets alerts about, and how. */
export function FollowingList() {
  const { data: follows, isLoading, isError } = useFollowsQuery();
  const [unfollow] = useUnfollowMutation();
  const toast = useToast();
  const stop = async (groupId: string, country: string) => {
    const result = await unfollow(groupId);
    if ('error' in result) toast.danger(NotificationMessages.followFailed);
    else toast.success(NotificationMessages.unfollowed(country));
  };
  return (
    <section className="section following" aria-labelledby="following-title">
      <h2 id="following-title">Following</h2>
      <p className="muted">
        You get an alert when a country you follow changes: its score or category, the watchlist, a notice, its ASU eligibility, new
        documents, a new period&apos;s scores. Follow a country from the Compliance Index, its scorecard or the map.
      </p>
      {isLoading ? (
        <Spinner />
      ) : isError ? (
        <p className="notice notice-danger">{NotificationMessages.loadFailed}</p>
      ) : !follows?.length ? (
        <p className="empty-state">You do not follow any country yet.</p>
      ) : (
        <ul className="following-list" aria-label="Countries you follow">
          {follows.map((f) => (
            <li key={f.GroupId}>
              {f.Visible ? <Link to={`/index/${f.GroupId}`}>{f.Group}</Link> : <span>{f.Group}</span>}
              <small className="muted"> since {formatDate(f.Since)}</small>
              {!f.Visible && (
                <small className="notice-inline"> Your access no longer includes this country: its alerts are held back.</small>
              )}
              <Button variant="link" onClick={() => void stop(f.GroupId, f.Group)} aria-label={`Stop following ${f.Group}`}>
                Stop following
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AlertSettingsForm />
    </section>
  );
}
