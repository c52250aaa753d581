import { useApiKeysOfUserQuery } from './api-keys-api';
import { RevocableApiKeys } from './ApiKeyTable';

/** Admin, in the user modal: the user's API keys, each revocable after the same question as on My account. */
export function UserApiKeys({ userId }: { userId: string }) {
  const { data: keys = [], isLoading } = useApiKeysOfUserQuery(userId);
  return (
    <fieldset className="plain">
      <legend>API keys</legend>
      {isLoading ? <p className="muted">Loading…</p> : <RevocableApiKeys keys={keys} userId={userId} />}
    </fieldset>
  );
}
