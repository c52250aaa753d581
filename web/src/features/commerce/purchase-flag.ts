import { browserStorage, StorageKeys } from '../../app/session-storage';

/**
 * Whether the signed-in user has made purchases, remembered in browser storage per
 * user: the menu shows Purchase History only to non-free users with purchases
 * and decides synchronously. The first time a user is asked about in a
 * page load, their purchase history is looked up once in the background, so a new
 * browser learns it too; checkout and the history page keep it up to date.
 */
const key = (email: string) => `cti.hasPurchases.${email.toLowerCase()}`;
const looked = new Set<string>();

export function rememberPurchases(email: string, any: boolean): void {
  browserStorage.set(key(email), any ? 'true' : null);
}

async function lookUp(email: string): Promise<void> {
  const token = browserStorage.get(StorageKeys.authToken);
  if (!token) return;
  const res = await fetch('/api/purchase', { headers: { authorization: `Bearer ${token}` } });
  if (res.ok) rememberPurchases(email, ((await res.json()) as unknown[]).length > 0);
}

export function hasPurchases(email: string): boolean {
  if (!looked.has(email.toLowerCase())) {
    looked.add(email.toLowerCase());
    void lookUp(email).catch(() => undefined);
  }
  return browserStorage.get(key(email)) === 'true';
}
