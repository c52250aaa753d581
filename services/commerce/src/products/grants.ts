import type { RoleName } from '@cti/access';

/** What buying a product gives, read from its name (the spec names products, not their roles). */
export interface ProductKind {
  roles: RoleName[];
  /** Bought per country: one or more country groups, priced per country. */
  perCountry: boolean;
}

/**
 * Enhanced and Standard subscriptions grant their role; the per-country subscription
 * grants CountryViewer of the bought countries; "CFT Download" (certified-for-transaction
 * scorecards) grants CFTPackage; carbon-calculator access grants ACCFullAccess.
 */
export function kindOf(productName: string): ProductKind {
  const name = productName.toLowerCase();
  if (name.includes('cft download')) return { roles: ['CFTPackage'], perCountry: false };
  if (name.includes('carbon calculator')) return { roles: ['ACCFullAccess'], perCountry: false };
  if (name.includes('enhanced')) return { roles: ['Enhanced'], perCountry: false };
  if (name.includes('standard')) return { roles: ['Standard'], perCountry: false };
  if (name.includes('country')) return { roles: ['CountryViewer'], perCountry: true };
  return { roles: [], perCountry: false };
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

/** The two plans a subscriber can move between (upgrade/downgrade pair of §3's plan catalogue). */
export const isPlanChangePair = (from: string, to: string) => {
  const tiers = [kindOf(from).roles[0], kindOf(to).roles[0]];
  return tiers.includes('Enhanced') && tiers.includes('Standard');
};
