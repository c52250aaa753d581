import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import { NotificationMessages, type NotificationItem } from '@cti/contracts';

import { Button, Spinner } from '../../components/form/fields';
import { PageHeader } from '../../components/layout/PageHeader';
import { useToast } from '../../components/toast/use-toast';
import { formatDateTime, relativeTime } from '../../lib/dates';

import { AlertSettingsForm } from './components/AlertSettingsForm';
import { useLazyNotificationsQuery, useMarkReadMutation, useNotificationsQuery } from './notifications-api';
import './notifications.css';

/**
 * /notifications: the user's alerts, newest first, each one line saying what changed and
 * why, linking to the scorecard; unread ones marked; how alerts come by e-mail.
 */
export default function NotificationsPage() {
  const first = useNotificationsQuery(undefined);
  const [loadMore, more] = useLazyNotificationsQuery();
  const [older, setOlder] = useState<NotificationItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [markRead] = useMarkReadMutation();
  const toast = useToast();

  // a fresh first page (after marking read, or a new alert) starts the list again
  useEffect(() => {
    setOlder([]);
    setCursor(first.data?.NextCursor ?? null);
  }, [first.data]);

  const items = [...(first.data?.Items ?? []), ...older];
  const unread = first.data?.UnreadCount ?? 0;

  const next = async () => {
    if (!cursor) return;
    const result = await loadMore(cursor);
    if (result.data) {
      setOlder((o) => [...o, ...result.data!.Items]);
      setCursor(result.data.NextCursor);
    } else toast.danger(NotificationMessages.loadFailed);
  };
  const read = async (ids: string[] | 'all') => {
    const result = await markRead(ids === 'all' ? { All: true } : { Ids: ids });
    if ('error' in result) toast.danger(NotificationMessages.loadFailed);
  };

  return (
    <section aria-labelledby="alerts-title" className="notifications-page">
      <PageHeader
        title="Alerts"
        titleId="alerts-title"
        actions={
          unread > 0 && (
            <Button variant="secondary" onClick={() => void read('all')}>
              Mark all as read
            </Button>
          )
        }
      />
      <p className="muted">
        {unread ? `${unread} unread. ` : ''}Alerts about the countries you follow. <Link to="/user/account#following-title">Following</Link>
      </p>
      {first.isLoading ? (
        <Spinner />
      ) : first.isError ? (
        <p className="notice notice-danger">{NotificationMessages.loadFailed}</p>
      ) : !items.length ? (
        <p className="empty-state">No alerts yet. Follow a country on the Compliance Index to hear when its scorecard changes.</p>
      ) : (
        <ol className="alert-list" aria-label="Alerts">
          {items.map((item) => (
            <li key={item.Id} className={`alert-item card${item.Read ? '' : ' is-unread'}`}>
              <p className="alert-line">
                {!item.Read && <span className="visually-hidden">Unread: </span>}
                <Link to={item.Link} onClick={() => !item.Read && void read([item.Id])}>
                  {item.Line}
                </Link>
              </p>
              <p className="small muted">
                <time dateTime={item.CreatedAt} title={formatDateTime(item.CreatedAt)}>
                  {relativeTime(item.CreatedAt)}
                </time>
                {!item.Read && (
                  <>
                    {' · '}
                    <Button variant="link" onClick={() => void read([item.Id])}>
                      Mark as read
                    </Button>
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {cursor && (
        <Button variant="secondary" onClick={() => void next()} busy={more.isFetching}>
          Older alerts
        </Button>
      )}
      <div className="card section">
        <h2 className="h4">How alerts reach you</h2>
        <AlertSettingsForm />
      </div>
    </section>
  );
}
