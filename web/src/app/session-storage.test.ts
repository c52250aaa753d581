import { followStoredSession, loadStoredSession, storeSession, StorageKeys, type StoredSession } from './session-storage';

/*
 * Tabs see another tab's writes to storage key by key, and in Chromium a moment after
 * they happen. A tab that took half of another tab's renewal (the new access token, the
 * old refresh token) and wrote it back put a spent refresh token into storage: the next
 * renewal presented it and, past the server's grace window, ended the session in every tab.
 */

const user = { Id: 'u1', Name: 'U' } as unknown as StoredSession['user'];
const session = (token: string, refreshToken: string): StoredSession => ({ user, token, refreshToken, isFree: false });

beforeEach(() => window.localStorage.clear());

describe('a tab following the session another tab stored', () => {
  const mine = { user, refreshToken: 'r1' };

  it('waits while a renewal is half-way (new access token, refresh token not yet there)', () => {
    expect(followStoredSession(session('t2', 'r1'), mine)).toBe('wait');
  });

  it('takes the session over once the new refresh token is there', () => {
    expect(followStoredSession(session('t2', 'r2'), mine)).toBe('adopt');
  });

  it('signs out once every key is gone, not while a sign-out is half-way', () => {
    expect(followStoredSession({ user: null, token: 't1', refreshToken: 'r1', isFree: false }, mine)).toBe('wait');
    expect(followStoredSession({ user: null, token: null, refreshToken: null, isFree: false }, mine)).toBe('sign out');
    expect(followStoredSession({ user: null, token: null, refreshToken: null, isFree: false }, { user: null, refreshToken: null })).toBe(
      'wait',
    );
  });
});

describe('storing the session', () => {
  const writes: string[] = [];
  const setItem = Storage.prototype.setItem;
  beforeEach(() => {
    writes.length = 0;
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      writes.push(key);
      setItem.call(this, key, value);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('writes the refresh token last, so a tab that sees it sees the whole session', () => {
    storeSession(session('t1', 'r1'));
    expect(writes.at(-1)).toBe(StorageKeys.refreshToken);
    expect(loadStoredSession()).toMatchObject({ token: 't1', refreshToken: 'r1' });
  });

  it('writes nothing that storage already holds (a session taken from storage is not written back)', () => {
    storeSession(session('t1', 'r1'));
    writes.length = 0;
    storeSession(loadStoredSession());
    expect(writes).toEqual([]);
    storeSession(session('t2', 'r2'));
    expect(writes).toEqual([StorageKeys.authToken, StorageKeys.refreshToken]);
  });
});
