import { useSyncExternalStore } from 'react';

import { browserStorage, loadStoredSession, StorageKeys } from '../../app/session-storage';
import { mustAgreeToTerms } from '../auth/landing';

/**
 * Whether the signed-in user has made purchases, remembered in browser storage per
 * user: the menu shows Purchase History and My Account to buyers, and names a free user who
 * bought something by their name, and decides synchronously. The first time a user is asked
 * about in a page load, their purchase history is looked up once in the background, so a new
 * browser learns it too; checkout and the history page keep it up to date, and whoever shows
 * it re-renders when it changes (`useHasPurchases`). Nothing is looked up while the terms
 * still hold the user (every service refuses their token until they agree): the look-up
 * happens on the first ask after they agree.
 */
const key = (email: string) => `cti.hasPurchases.${email.toLowerCase()}`;
const looked = new Set<string>();
const listeners = new Set<() => void>();

export function rememberPurchases(email: string, any: boolean): void {
  const before = browserStorage.get(key(email)) === 'true';
  browserStorage.set(key(email), any ? 'true' : null);
  if (before !== any) for (const listener of listeners) listener();
}

async function lookUp(email: string): Promise<void> {
  const token = browserStorage.get(StorageKeys.authToken);
  if (!token) return;
  const res = await fetch('/api/purchase', { headers: { authorization: `Bearer ${token}` } });
  if (res.ok) rememberPurchases(email, ((await res.json()) as unknown[]).length > 0);
}

const termsHold = () => {
  const { user } = loadStoredSession();
  return !!user && mustAgreeToTerms(user);
};

export function hasPurchases(email: string): boolean {
  if (!looked.has(email.toLowerCase()) && !termsHold()) {
    looked.add(email.toLowerCase());
    void lookUp(email).catch(() => undefined);
  }
  return browserStorage.get(key(email)) === 'true';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** `hasPurchases`, re-rendering the caller when it changes (a purchase just completed, the first look-up answered). */
export function useHasPurchases(email: string | null | undefined): boolean {
  return useSyncExternalStore(subscribe, () => !!email && hasPurchases(email));
}
