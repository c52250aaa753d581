import type { CheckoutCache } from '@cti/contracts';

import { browserStorage } from '../../app/session-storage';

/** Browser-storage key of the checkout cache: it survives the trip to the payment provider. */
export const CHECKOUT_CACHE_KEY = 'cti.checkout';

export function readCheckoutCache(): CheckoutCache | null {
  try {
    const raw = browserStorage.get(CHECKOUT_CACHE_KEY);
    const value = raw ? (JSON.parse(raw) as CheckoutCache) : null;
    return value && typeof value.productId === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function writeCheckoutCache(cache: CheckoutCache): void {
  browserStorage.set(CHECKOUT_CACHE_KEY, JSON.stringify(cache));
}

export function clearCheckoutCache(): void {
  browserStorage.set(CHECKOUT_CACHE_KEY, null);
}

/** The checkout route's params (productId plus updatesRole, planId, groupId, periodId in the query). */
export function cacheFromRoute(productId: string, query: URLSearchParams): CheckoutCache {
  return {
    productId,
    updatesRole: query.get('updatesRole') === 'true',
    planId: query.get('planId'),
    groupId: query.get('groupId'),
    periodId: query.get('periodId'),
  };
}

/** Country group ids of the cache's `groupId` (comma-separated for per-country purchases). */
export const groupIdsOf = (cache: CheckoutCache | null) => [
  ...new Set(
    (cache?.groupId ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Where the cart leads: the checkout in progress, else the purchase-access page. */
export function cartTarget(): string {
  const cache = readCheckoutCache();
  if (!cache) return '/purchaseAccess';
  const query = new URLSearchParams();
  if (cache.updatesRole) query.set('updatesRole', 'true');
  for (const key of ['planId', 'groupId', 'periodId'] as const) if (cache[key]) query.set(key, cache[key]);
  const search = query.toString();
  return `/checkout/${encodeURIComponent(cache.productId)}${search ? `?${search}` : ''}`;
}
