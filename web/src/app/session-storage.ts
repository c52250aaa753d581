import type { SessionUser } from '@cti/contracts';

/** The user record stored without its tokens (those have their own keys). */
export type StoredUser = Omit<SessionUser, 'Token' | 'RefreshToken'>;

/** Browser-storage keys of the stored session (accounts §3 "Stored session"). */
export const StorageKeys = {
  user: 'cti.user',
  authToken: 'cti.authToken',
  refreshToken: 'cti.refreshToken',
  freeUser: 'cti.isFreeUser',
  questionnaireFilter: 'cti.questionnaireFilter',
  currentQuestionnaire: 'cti.currentQuestionnaire',
} as const;

export interface StoredSession {
  user: StoredUser | null;
  token: string | null;
  refreshToken: string | null;
  isFree: boolean;
}

const read = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function loadStoredSession(): StoredSession {
  let user: StoredUser | null = null;
  try {
    const raw = read(StorageKeys.user);
    user = raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    user = null;
  }
  return {
    user,
    token: read(StorageKeys.authToken),
    refreshToken: read(StorageKeys.refreshToken),
    isFree: read(StorageKeys.freeUser) === 'true',
  };
}

export function storeSession(session: StoredSession): void {
  const set = (key: string, value: string | null) =>
    value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value);
  set(StorageKeys.user, session.user ? JSON.stringify(session.user) : null);
  set(StorageKeys.authToken, session.token);
  set(StorageKeys.refreshToken, session.refreshToken);
  set(StorageKeys.freeUser, session.isFree ? 'true' : null);
}

/** Logout clears tokens, user, questionnaire filter, current questionnaire and the free flag. */
export function clearStoredSession(): void {
  for (const key of Object.values(StorageKeys)) window.localStorage.removeItem(key);
}
