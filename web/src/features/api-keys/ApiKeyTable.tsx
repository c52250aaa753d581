import { useState } from 'react';

import type { ApiKeyView } from '@cti/contracts';

import { Button } from '../../components/form/fields';
import { ConfirmDialog } from '../../components/modal/ConfirmDialog';
import { TableScroll } from '../../components/table/TableScroll';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';

import { useRevokeApiKeyMutation } from './api-keys-api';

/** What revoking asks before it happens. */
export const revokeQuestion = (name: string) => `Revoke the key “${name}”? Programs using it stop working at once.`;

/** State of a key in words: revoked, expired or active. */
export function keyStatus(key: ApiKeyView, today = new Date().toISOString().slice(0, 10)): string {
  if (key.RevokedAt) return `Revoked ${formatDate(key.RevokedAt)}`;
  if (key.ExpiresOn && key.ExpiresOn < today) return `Expired ${formatDate(key.ExpiresOn)}`;
  return 'Active';
}

/**
 * A user's keys, each active one revocable after a yes in the page's own dialog: the owner's
 * on My account, or (with `userId`) an admin's in the user modal; both ask the same question.
 */
export function RevocableApiKeys({ keys, userId }: { keys: ApiKeyView[]; userId?: string }) {
  const toast = useToast();
  const [revoke, { isLoading: revoking }] = useRevokeApiKeyMutation();
  // the key whose revoking waits for a yes
  const [toRevoke, setToRevoke] = useState<ApiKeyView | null>(null);
  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const key = toRevoke;
    const result = await revoke({ keyId: key.Id, ...(userId ? { userId } : {}) });
    setToRevoke(null);
    if ('error' in result) return void toast.danger(answerText(result.error) ?? 'An error occured. Please try again later.');
    toast.success(`The key “${key.Name}” was revoked.`);
  };
  return (
    <>
      <ApiKeyTable keys={keys} onRevoke={setToRevoke} busy={revoking} />
      <ConfirmDialog
        open={!!toRevoke}
        title="Revoke API key"
        confirmLabel="Revoke key"
        busy={revoking}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setToRevoke(null)}
      >
        {toRevoke ? revokeQuestion(toRevoke.Name) : ''}
      </ConfirmDialog>
    </>
  );
}

/** A user's keys with a Revoke button on the active ones. */
function ApiKeyTable({ keys, onRevoke, busy }: { keys: ApiKeyView[]; onRevoke(key: ApiKeyView): void; busy: boolean }) {
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
