import type { RoleName } from '@cti/access';

/** What buying a product gives, read from its name (the spec names products, not their roles). */
export interface ProductKind {
  roles: RoleName[];
  /** Bought per country: one or more country groups, priced per country. */
  perCountry: boolean;
  /**
   * A single-country certified-for-transaction scorecard order: one country (and the
   * period its scorecard shows), no role; the documents service keeps the order.
   */
  certifiedScorecard: boolean;
}

/**
 * Enhanced and Standard subscriptions grant their role; the per-country subscription
 * grants CountryViewer of the bought countries; the CFT package grants CFTPackage
 * (certified scorecards of every country); "CFT Download" is one country's certified
 * scorecard and grants no role; carbon-calculator access grants ACCFullAccess.
 */
export function kindOf(productName: string): ProductKind {
  const name = productName.toLowerCase();
  const kind = (roles: RoleName[], more: Partial<ProductKind> = {}): ProductKind => ({
    roles,
    perCountry: false,
    certifiedScorecard: false,
    ...more,
  });
  if (name.includes('cft') && name.includes('package')) return kind(['CFTPackage']);
  if (name.includes('cft download')) return kind([], { certifiedScorecard: true });
  if (name.includes('carbon calculator')) return kind(['ACCFullAccess']);
  if (name.includes('enhanced')) return kind(['Enhanced']);
  if (name.includes('standard')) return kind(['Standard']);
  if (name.includes('country')) return kind(['CountryViewer'], { perCountry: true });
  return kind([]);
}

export interface Grant {
  roles: string[];
  groupIds: string[];
  expiresOn: string | null;
}

export function grantOf(productName: string, groupIds: readonly string[], expiresOn: string | null): Grant {
  const kind = kindOf(productName);
  return { roles: [...kind.roles], groupIds: kind.perCountry ? [...groupIds] : [], expiresOn };
}

/** The two plans a subscriber can move between (upgrade/downgrade pair of the plan catalogue). */
export const isPlanChangePair = (from: string, to: string) => {
  const tiers = [kindOf(from).roles[0], kindOf(to).roles[0]];
  return tiers.includes('Enhanced') && tiers.includes('Standard');
};
