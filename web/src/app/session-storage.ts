import type { SessionUser } from '@cti/contracts';

/** The user record stored without its tokens (those have their own keys). */
export type StoredUser = Omit<SessionUser, 'Token' | 'RefreshToken'>;

/** Browser-storage keys of the stored session (the "Stored session" shape). */
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

/**
 * The browser's localStorage when the page may use it. A page framed by another site
 * with third-party storage blocked, or a privacy mode, throws a SecurityError on the
 * mere access: the app then keeps its session in memory for this page only (it does
 * not survive a reload and is not shared with other tabs) and says so on the login page.
 */
function localStorageOrNull(): Storage | null {
  try {
    const storage = window.localStorage;
    const probe = '__cti_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

let backing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = null;
let blocked = false;

function storage() {
  if (!backing) {
    const real = localStorageOrNull();
    blocked = !real;
    backing = real ?? new MemoryStorage();
  }
  return backing;
}

/** Whether the browser refuses this page its storage (the session then lives in memory only). */
export function storageBlocked(): boolean {
  storage();
  return blocked;
}

/**
 * Browser storage for every feature of the app: never throws (quota, privacy modes,
 * blocked third-party storage); reads answer null when nothing can be read.
 */
export const browserStorage = {
  get(key: string): string | null {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) storage().removeItem(key);
      else storage().setItem(key, value);
    } catch {
      // full or refused: the value lives as long as the page's own state
    }
  },
};

export function loadStoredSession(): StoredSession {
  let user: StoredUser | null;
  try {
    const raw = browserStorage.get(StorageKeys.user);
    user = raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    user = null;
  }
  return {
    user,
    token: browserStorage.get(StorageKeys.authToken),
    refreshToken: browserStorage.get(StorageKeys.refreshToken),
    isFree: browserStorage.get(StorageKeys.freeUser) === 'true',
  };
}

/**
 * Writes the session, only the keys whose value changed, the refresh token last: other
 * tabs see storage change key by key (and, in Chromium, a moment later than it happens),
 * so a tab that sees a new refresh token sees the whole session with it. A tab that took
 * its session from storage writes nothing back: its view may be half of another tab's
 * renewal, and writing that half back would put a spent refresh token in storage.
 */
export function storeSession(session: StoredSession): void {
  const write = (key: string, value: string | null) => {
    if (browserStorage.get(key) !== value) browserStorage.set(key, value);
  };
  write(StorageKeys.user, session.user ? JSON.stringify(session.user) : null);
  write(StorageKeys.authToken, session.token);
  write(StorageKeys.freeUser, session.isFree ? 'true' : null);
  write(StorageKeys.refreshToken, session.refreshToken);
}

/** Logout clears tokens, user, questionnaire filter, current questionnaire and the free flag. */
export function clearStoredSession(): void {
  for (const key of Object.values(StorageKeys)) browserStorage.set(key, null);
}

/**
 * What a tab does when another tab of the site changed the stored session: take it over
 * once its refresh token changed (written last, so the rest is there), sign out once every
 * key is gone, and otherwise wait: a renewal or sign-out seen half-way is not a session.
 */
export function followStoredSession(
  stored: StoredSession,
  current: { user: unknown; refreshToken: string | null },
): 'adopt' | 'sign out' | 'wait' {
  if (!stored.user && !stored.token && !stored.refreshToken) return current.user ? 'sign out' : 'wait';
  if (!stored.user || !stored.token || !stored.refreshToken) return 'wait';
  return stored.refreshToken !== current.refreshToken ? 'adopt' : 'wait';
}

/** Whether a storage event (another tab of this site) touched the stored session. */
export const touchesSession = (key: string | null) =>
  key === null || key === StorageKeys.authToken || key === StorageKeys.refreshToken || key === StorageKeys.user;
