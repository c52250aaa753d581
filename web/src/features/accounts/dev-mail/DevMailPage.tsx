import { useState } from 'react';

import { useAppConfigQuery } from '../../../app/app-config';
import { Button, Spinner } from '../../../components/form/fields';
import { FilterBox } from '../../../components/form/FilterBox';
import { formatDateTime, relativeTime } from '../../../lib/dates';
import { useDevMailboxQuery } from '../accounts-api';

import '../accounts.css';
import { mailFrameDocument } from './mail-frame';

/**
 * /dev/mail: the dev mailbox (development only). Every e-mail the platform sent, newest
 * first, with its links, so free access and the password flows work offline.
 */
export default function DevMailPage() {
  const { data: config } = useAppConfigQuery();
  const [to, setTo] = useState('');
  const production = config?.environment === 'production';
  const {
    data = [],
    isFetching,
    refetch,
    error,
  } = useDevMailboxQuery(to.trim() || undefined, { skip: !config || production, pollingInterval: 3000 });
  const [openId, setOpenId] = useState<string | null>(null);

  if (!config) return <Spinner />;
  if (production || error) {
    return (
      <section className="card narrow" aria-labelledby="mail-title">
        <h1 id="mail-title">Dev mailbox</h1>
        <p>The dev mailbox is not available here: it answers only in development, and only to this machine.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="mail-title">
      <div className="page-header">
        <h1 id="mail-title">Dev mailbox</h1>
        <div className="page-header-actions">
          <Button variant="secondary" onClick={() => void refetch()} busy={isFetching}>
            Refresh
          </Button>
        </div>
      </div>
      <p className="muted">Every e-mail this development installation sent. Nothing leaves the machine.</p>
      <div className="toolbar">
        <FilterBox value={to} onChange={setTo} label="Recipient" placeholder="Only mail to this address…" />
      </div>
      {data.length === 0 ? (
        <p className="empty-state">No e-mails yet.</p>
      ) : (
        <ol className="mail-list" aria-label="E-mails">
          {data.map((m) => (
            <li key={m.Id} className="card mail-item">
              <h2 className="h4">{m.Subject}</h2>
              <p className="small muted">
                To {m.To.join(', ')}
                {m.Cc.length ? `, cc ${m.Cc.join(', ')}` : ''} · {m.Kind} · {m.Status} ·{' '}
                <time dateTime={m.CreatedAt}>{formatDateTime(m.CreatedAt)}</time> ({relativeTime(m.CreatedAt)})
              </p>
              {m.Links.length > 0 && (
                <p className="mail-links">
                  {m.Links.map((l) => (
                    <a key={l.Href} href={l.Href}>
                      {l.Text}
                    </a>
                  ))}
                </p>
              )}
              <Button variant="link" aria-expanded={openId === m.Id} onClick={() => setOpenId(openId === m.Id ? null : m.Id)}>
                {openId === m.Id ? 'Hide message' : 'Show message'}
              </Button>
              {openId === m.Id && (
                <iframe
                  title={`Message: ${m.Subject}`}
                  sandbox="allow-popups allow-top-navigation-by-user-activation"
                  srcDoc={mailFrameDocument(m.Html)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
