import { useState, type FormEvent } from 'react';

import { canUseApiKeys, type Principal } from '@cti/access';
import { ApiKeyMessages, type CreatedApiKey } from '@cti/contracts';

import { Button, TextField } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';
import { saveDownloadedFile } from '../../lib/file-download';

import { useCreateApiKeyMutation, useEventContractMutation, useMyApiKeysQuery } from './api-keys-api';
import { RevocableApiKeys } from './ApiKeyTable';

/** The key just created: shown once, with how to call the API with it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const example = `curl -H "Authorization: ApiKey ${created.Key}" ${window.location.origin}/api/v1/group/index/list`;
  return (
    <div className="notice notice-success" role="status" aria-labelledby="new-key-title">
      <h3 id="new-key-title">Your new key “{created.Name}”</h3>
      <p>Copy it now: it is shown only once.</p>
      <p>
        <code data-testid="new-api-key">{created.Key}</code>
      </p>
      <p className="muted">
        Try it: <code>{example}</code>
      </p>
      <div className="form-actions">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(created.Key)}>
          Copy key
        </Button>
        <Button variant="link" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * My account's "API keys": subscribers of Standard and above and working-group members
 * create, name, list and revoke read-only keys for `/api/v1` (nobody else sees it).
 */
export function ApiKeysSection({ principal }: { principal: Principal | null }) {
  const entitled = !!principal && canUseApiKeys(principal);
  const toast = useToast();
  const { data: keys = [], isLoading } = useMyApiKeysQuery(undefined, { skip: !entitled });
  const [create, { isLoading: creating }] = useCreateApiKeyMutation();
  const [fetchEventContract, { isLoading: fetchingContract }] = useEventContractMutation();
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (!entitled) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return void toast.danger(ApiKeyMessages.nameRequired);
    const result = await create({ Name: name.trim(), ExpiresOn: expiresOn || null });
    if ('error' in result) return void toast.danger(answerText(result.error) ?? 'An error occured. Please try again later.');
    setCreated(result.data);
    setName('');
    setExpiresOn('');
  };

  const downloadEventContract = async () => {
    const result = await fetchEventContract();
    if ('error' in result) return void toast.danger(answerText(result.error) ?? 'An error occured. Please try again later.');
    saveDownloadedFile(result.data);
  };

  return (
    <section className="section" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p className="muted">
        Read the index from your own programs at <code>/api/v1/…</code> with a personal key. A key reads exactly what you may see today,
        never changes anything, and stops the moment you revoke it.
      </p>
      <p>
        <a href="/api/v1/docs" target="_blank" rel="noopener">
          API reference
        </a>{' '}
        (every route, its answers, the rate limit and the exports) ·{' '}
        <Button variant="link" onClick={() => void downloadEventContract()} busy={fetchingContract}>
          Event contract (AsyncAPI)
        </Button>{' '}
        for teams given the platform’s <code>integrations</code> NATS account
      </p>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Create an API key">
        <TextField
          label="Key name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          hint="What the key is for, e.g. Pricing model."
        />
        <TextField
          label="Expires on"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          hint="Optional: the last day the key works."
        />
        <div className="form-actions">
          <Button type="submit" busy={creating}>
            Create key
          </Button>
        </div>
      </form>
      {isLoading ? <p className="muted">Loading…</p> : <RevocableApiKeys keys={keys} />}
    </section>
  );
}
