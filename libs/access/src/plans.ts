import { canDownloadSupportingDocument } from './document-rules';
import {
  canDownloadCft,
  canOpenScorecard,
  canSeeAnnotations,
  canSeeHistoricalCharts,
  canSeeScorecardDetails,
  canSeeScorecardDocuments,
  canSeeWatchlist,
  type IndexCountry,
} from './index-rules';
import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';
import { satisfiesRule } from './route-guard';
import { RouteRules } from './rules';

/**
 * The plans sold as the access rules see them, so a screen can say which
 * plan includes something a user may not open, and what a user could move up to. Which
 * plan includes what is never listed by hand: it is asked of the same rule functions that
 * decide access, with a stand-in subscriber of each plan.
 */
export type PlanKey = 'Standard' | 'Enhanced';

export interface PlanOffer {
  key: PlanKey;
  /** "Standard plan" */
  label: string;
  /** The spec's price per annum, in US dollars (the product's own price wins when known). */
  price: number;
}

export const PLAN_OFFERS: Readonly<Record<PlanKey, PlanOffer>> = {
  Standard: { key: 'Standard', label: 'Standard plan', price: 10_000 },
  Enhanced: { key: 'Enhanced', label: 'Enhanced plan', price: 20_000 },
};

/** The per-country subscription's price per country per annum, in US dollars. */
export const COUNTRY_PRICE = 2_000;

/** The plans cheapest first. */
const PLAN_ORDER: readonly PlanKey[] = ['Standard', 'Enhanced'];

const standIn = (roles: RoleName[], groups: string[] = []): Principal => ({
  roles: roles.map((r) => RoleIds[r]),
  groups,
  isAdmin: false,
  isGroupManager: false,
  isAcid: false,
  email: '',
  free: false,
});

/** Plans whose subscribers pass `allowed`, cheapest first (empty when no plan includes it). */
export function plansIncluding(allowed: (p: Principal) => boolean): PlanKey[] {
  return PLAN_ORDER.filter((plan) => allowed(standIn([plan])));
}

/** Whether buying one country (the per-country subscription: its country viewer) opens it. */
export const countryPurchaseOpens = (allowed: (p: Principal) => boolean, groupId: string): boolean =>
  allowed(standIn(['CountryViewer'], [groupId]));

/** What a user holds, as a plan: the best role they have, and what they could move up to. */
export interface CurrentPlan {
  kind: 'Admin' | 'Member' | 'Enhanced' | 'Standard' | 'Country' | 'Respondent' | 'Free' | 'None';
  /** "Enhanced plan", "Working group member", "Free access"… */
  label: string;
  /** The next plan up that is for sale, or null when nothing sold adds to what they hold. */
  upgradeTo: PlanKey | null;
}

const holds = (p: Principal, role: RoleName) => p.roles.includes(RoleIds[role]);

export function currentPlan(p: Principal): CurrentPlan {
  if (p.isAdmin || holds(p, 'Admin')) return { kind: 'Admin', label: 'Administrator', upgradeTo: null };
  // Enhanced equals member access: nothing sold adds to either
  if (holds(p, 'AWGMember')) return { kind: 'Member', label: 'Working group member', upgradeTo: null };
  if (holds(p, 'Enhanced')) return { kind: 'Enhanced', label: PLAN_OFFERS.Enhanced.label, upgradeTo: null };
  if (holds(p, 'Standard')) return { kind: 'Standard', label: PLAN_OFFERS.Standard.label, upgradeTo: 'Enhanced' };
  if (holds(p, 'CountryViewer')) return { kind: 'Country', label: 'Country access', upgradeTo: 'Standard' };
  // law firms answer the questionnaire pro bono: their access comes with the work, nothing is sold to them
  if (holds(p, 'CountryRespondent')) return { kind: 'Respondent', label: 'Country respondent', upgradeTo: null };
  if (p.free || holds(p, 'FreeAccess')) return { kind: 'Free', label: 'Free access', upgradeTo: 'Standard' };
  return { kind: 'None', label: 'No Compliance Index plan', upgradeTo: null };
}

/**
 * Whether the product offers this user anything to buy (the header's Upgrade and cart, the
 * index's offer): not to admins, who hold everything, nor to country respondents, whose
 * access comes with the questionnaire they answer.
 */
export const offersPurchases = (p: Principal | null): boolean => !!p && !p.isAdmin && !holds(p, 'Admin') && !holds(p, 'CountryRespondent');

/** Whether the header offers "Upgrade": a plan for sale adds to what the user holds. */
export const canUpgrade = (p: Principal | null): boolean => !!p && offersPurchases(p) && currentPlan(p).upgradeTo !== null;

/** The columns of the pricing page's feature table: free access, per country (for the countries bought) and the two plans. */
export type PricingColumn = 'Free' | 'Country' | 'Standard' | 'Enhanced';
export const PRICING_COLUMNS: readonly PricingColumn[] = ['Free', 'Country', 'Standard', 'Enhanced'];

export interface PlanFeatureRow {
  feature: string;
  includedIn: Readonly<Record<PricingColumn, boolean>>;
}

/** A country none of the special rules opens (not the public scorecard, no open annotations). */
const ORDINARY_COUNTRY: IndexCountry = { groupId: 'a-bought-country', countryId: 'ZZ' };

const columnPrincipal = (column: PricingColumn): Principal =>
  column === 'Free'
    ? { ...standIn(['FreeAccess']), free: true }
    : column === 'Country'
      ? standIn(['CountryViewer'], [ORDINARY_COUNTRY.groupId])
      : standIn([column]);

/**
 * The pricing page's ✓/✗ table: each feature asked of the rules that decide it, for a
 * stand-in of each column (the per-country column about a country bought), so the table
 * cannot promise what access does not give.
 */
export function planFeatureTable(): PlanFeatureRow[] {
  const c = ORDINARY_COUNTRY;
  const features: Array<[string, (p: Principal) => boolean]> = [
    ['Score and category of every contracting state, and the compliance map', (p) => satisfiesRule(p, RouteRules.index)],
    ['Full country scorecards: scores A to F and the explanatory texts', (p) => canOpenScorecard(p, c) && canSeeScorecardDetails(p, c)],
    ['Watchlist notices', (p) => canSeeWatchlist(p, c)],
    ['Historical data tables', (p) => satisfiesRule(p, RouteRules.historicalData)],
    ['Score history charts', (p) => canSeeHistoricalCharts(p, c)],
    ['Annotations', (p) => canSeeAnnotations(p, c)],
    ['Documents listed on a country’s scorecard', (p) => canSeeScorecardDocuments(p, c)],
    ['Supporting-document downloads', (p) => canDownloadSupportingDocument(p, { access: 'Global', countryId: null })],
    ['Certified-for-transaction scorecards included', canDownloadCft],
  ];
  return features.map(([feature, allowed]) => ({
    feature,
    includedIn: Object.fromEntries(PRICING_COLUMNS.map((column) => [column, allowed(columnPrincipal(column))])) as Record<
      PricingColumn,
      boolean
    >,
  }));
}
