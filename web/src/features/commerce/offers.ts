import type { PlanKey } from '@cti/access';
import type { Product } from '@cti/contracts';

/** The products sold at the point of interest, found by name as commerce reads them (its grants). */
export type OfferKind = PlanKey | 'Country' | 'Certified';

const MATCH: Record<OfferKind, (name: string) => boolean> = {
  Enhanced: (n) => /enhanced/i.test(n),
  Standard: (n) => /standard/i.test(n),
  Country: (n) => /country/i.test(n) && !/cft/i.test(n),
  Certified: (n) => /cft download/i.test(n),
};

/** The active product of a kind, if the shop has one. */
export const productOf = (products: readonly Product[], kind: OfferKind): Product | undefined =>
  products.find((p) => !p.Deleted && MATCH[kind](p.Name));

/** The checkout route for a product (/checkout/{productId} with its params), for some countries and a period. */
export function checkoutLink(product: Product, groupIds: readonly string[] = [], periodId?: string | null): string {
  const query = new URLSearchParams({ updatesRole: String(product.UpdatesRole) });
  if (product.planId) query.set('planId', product.planId);
  if (groupIds.length) query.set('groupId', groupIds.join(','));
  if (periodId) query.set('periodId', periodId);
  return `/checkout/${encodeURIComponent(product.Id)}?${query}`;
}
