import type { ApiKeyView } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { TableScroll } from '../../components/table/TableScroll';
import { formatDate } from '../../lib/dates';

/** State of a key in words: revoked, expired or active. */
export function keyStatus(key: ApiKeyView, today = new Date().toISOString().slice(0, 10)): string {
  if (key.RevokedAt) return `Revoked ${formatDate(key.RevokedAt)}`;
  if (key.ExpiresOn && key.ExpiresOn < today) return `Expired ${formatDate(key.ExpiresOn)}`;
  return 'Active';
}

/** A user's keys with a Revoke button on the active ones (My account, and the users admin). */
export function ApiKeyTable({ keys, onRevoke, busy }: { keys: ApiKeyView[]; onRevoke(key: ApiKeyView): void; busy: boolean }) {
  if (!keys.length) return <p className="muted">No API keys yet.</p>;
  return (
    <TableScroll label="API key list">
      <table className="simple-table" aria-label="API key list">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const status = keyStatus(key);
            return (
              <tr key={key.Id}>
                <td>{key.Name}</td>
                <td>
                  <code>{key.Prefix}…</code>
                </td>
                <td>{formatDate(key.CreatedAt)}</td>
                <td>{key.ExpiresOn ? formatDate(key.ExpiresOn) : 'Never'}</td>
                <td>{key.LastUsedOn ? formatDate(key.LastUsedOn) : 'Never'}</td>
                <td>{status}</td>
                <td>
                  {status === 'Active' && (
                    <Button variant="secondary" busy={busy} onClick={() => onRevoke(key)} aria-label={`Revoke ${key.Name}`}>
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
