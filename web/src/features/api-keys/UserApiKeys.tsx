import type { ApiKeyView } from '@cti/contracts';

import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { useApiKeysOfUserQuery, useRevokeApiKeyMutation } from './api-keys-api';
import { ApiKeyTable } from './ApiKeyTable';

/** Admin, in the user modal: the user's API keys, each revocable. */
export function UserApiKeys({ userId }: { userId: string }) {
  const toast = useToast();
  const { data: keys = [], isLoading } = useApiKeysOfUserQuery(userId);
  const [revoke, { isLoading: revoking }] = useRevokeApiKeyMutation();
  const onRevoke = async (key: ApiKeyView) => {
    const result = await revoke({ keyId: key.Id, userId });
    if ('error' in result) return void toast.danger(answerText(result.error) ?? 'An error occured. Please try again later.');
    toast.success(`The key “${key.Name}” was revoked.`);
  };
  return (
    <fieldset className="plain">
      <legend>API keys</legend>
      {isLoading ? <p className="muted">Loading…</p> : <ApiKeyTable keys={keys} onRevoke={(k) => void onRevoke(k)} busy={revoking} />}
    </fieldset>
  );
}
