/** Where a tab keeps its lock id across a reload (sessionStorage belongs to one tab). */
const KEY = 'cti.tabLockId';

let current: string | null = null;

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** A version 4 UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newLockId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * This tab's lock id: section locks belong to a tab, not to a user. A reload keeps the id
 * (the tab still holds what it held); a duplicated tab, which copies sessionStorage, must
 * not share it. So the id is taken out of sessionStorage while the page lives and written
 * back as the page goes (pagehide): a tab duplicated meanwhile finds none and makes its own.
 */
export function tabLockId(): string {
  if (current) return current;
  const stored = storage()?.getItem(KEY) ?? null;
  storage()?.removeItem(KEY);
  const id = stored && /^[0-9a-f-]{36}$/i.test(stored) ? stored : newLockId();
  current = id;
  window.addEventListener('pagehide', () => storage()?.setItem(KEY, id));
  // back from the back/forward cache: the page lives again, its id leaves storage again
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) storage()?.removeItem(KEY);
  });
  return id;
}
