import type { Principal } from './principal';
import { RoleIds, type RoleName } from './roles';

/**
 * Per-country access rules of the indexes and scorecards. Each takes the
 * country group being looked at; the special groups are named by ISO country code
 * (identity's CountryId) so a deployment can configure them without knowing ids.
 */
export interface IndexCountry {
  groupId: string;
  /** ISO 3166-1 alpha-2 code (identity's CountryId), any case. */
  countryId: string | null;
}

export interface IndexAccessSettings {
  /** The one group whose scorecard is always open to everyone. */
  publicCountryId: string;
  /** The three groups whose annotations are open to all. */
  openAnnotationCountryIds: readonly string[];
}

export const DEFAULT_INDEX_ACCESS: IndexAccessSettings = {
  publicCountryId: 'GB',
  openAnnotationCountryIds: ['GB', 'US', 'CA'],
};

/** Reads "GB" / "GB,US,CA" settings (service config, app config) into the settings shape. */
export function indexAccessSettings(publicCountryId?: string | null, openAnnotationCountryIds?: string | null): IndexAccessSettings {
  const list = openAnnotationCountryIds
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    publicCountryId: publicCountryId?.trim() || DEFAULT_INDEX_ACCESS.publicCountryId,
    openAnnotationCountryIds: list?.length ? list : DEFAULT_INDEX_ACCESS.openAnnotationCountryIds,
  };
}

const anyRole = (p: Principal, roles: readonly RoleName[]) =>
  roles.some((r) => p.roles.includes(RoleIds[r])) || (roles.includes('Admin') && p.isAdmin);
const sameCode = (a: string | null | undefined, b: string) => !!a && a.toUpperCase() === b.toUpperCase();
const ownGroup = (p: Principal, c: IndexCountry) => p.groups.includes(c.groupId);
/** A CountryViewer or CountryRespondent who belongs to this country's group. */
const viewerOrRespondentOf = (p: Principal, c: IndexCountry) => ownGroup(p, c) && anyRole(p, ['CountryViewer', 'CountryRespondent']);

export const isPublicCountry = (c: IndexCountry, s: IndexAccessSettings = DEFAULT_INDEX_ACCESS) => sameCode(c.countryId, s.publicCountryId);

/** Rows of the permission table, as role lists where the row is role-only. */
export const ScorecardOpenRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'Standard', 'AWGMember'];
export const CftDownloadRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'AWGMember', 'CFTPackage'];
export const WatchlistAllCountriesRoles: readonly RoleName[] = ['Admin', 'Enhanced', 'Standard', 'AWGMember', 'CountryViewer'];
export const AnnotationRoles: readonly RoleName[] = ['Admin', 'AWGMember', 'Enhanced', 'AnnotationAccess'];
export const ScorecardDocumentRoles: readonly RoleName[] = ['Admin', 'AWGMember', 'Enhanced', 'Standard'];
export const ScorecardDetailRoles: readonly RoleName[] = ['Admin', 'AWGMember', 'Enhanced', 'Standard', 'ScoringAccess'];
export const HistoricalChartRoles: readonly RoleName[] = ['Admin', 'AWGMember', 'Enhanced'];

/** Open a country scorecard: the public group, the user's own groups, or the listed roles; else /restricted. */
export const canOpenScorecard = (p: Principal, c: IndexCountry, s: IndexAccessSettings = DEFAULT_INDEX_ACCESS) =>
  isPublicCountry(c, s) || ownGroup(p, c) || anyRole(p, ScorecardOpenRoles);

/** Watchlist click: same people as the scorecard; they go to /index/{GroupId}#notices, others to /restricted. */
export const canFollowWatchlist = canOpenScorecard;

/** Certified-for-transaction download; others are sent to checkout to order. */
export const canDownloadCft = (p: Principal) => anyRole(p, CftDownloadRoles);

/** Watchlist flag and notices: all countries for the listed roles, own groups for respondents. */
export const canSeeWatchlist = (p: Principal, c: IndexCountry) =>
  anyRole(p, WatchlistAllCountriesRoles) || (ownGroup(p, c) && anyRole(p, ['CountryRespondent']));

/** Whether someone sees the watchlist of every country (so one answer serves them all). */
export const seesEveryWatchlist = (p: Principal) => anyRole(p, WatchlistAllCountriesRoles);

export const canSeeAnnotations = (p: Principal, c: IndexCountry, s: IndexAccessSettings = DEFAULT_INDEX_ACCESS) =>
  s.openAnnotationCountryIds.some((code) => sameCode(c.countryId, code)) || anyRole(p, AnnotationRoles) || viewerOrRespondentOf(p, c);

export const canSeeScorecardDocuments = (p: Principal, c: IndexCountry) => anyRole(p, ScorecardDocumentRoles) || viewerOrRespondentOf(p, c);

/** Variables A–F (A–D), precedent adjustment and the explanatory texts. */
export const canSeeScorecardDetails = (p: Principal, c: IndexCountry) => anyRole(p, ScorecardDetailRoles) || viewerOrRespondentOf(p, c);

/** Score history chart and the explained history. */
export const canSeeHistoricalCharts = (p: Principal, c: IndexCountry) => anyRole(p, HistoricalChartRoles) || viewerOrRespondentOf(p, c);

/** Charts of several countries' histories (the compare view, the historical data chart): the roles of the historical charts row. */
export const canChartHistories = (p: Principal) => anyRole(p, HistoricalChartRoles);

/** Everything a scorecard shows, decided once for one person and one country. */
export interface ScorecardAccess {
  open: boolean;
  details: boolean;
  watchlist: boolean;
  annotations: boolean;
  documents: boolean;
  history: boolean;
  cftDownload: boolean;
}

export function scorecardAccess(p: Principal, c: IndexCountry, s: IndexAccessSettings = DEFAULT_INDEX_ACCESS): ScorecardAccess {
  return {
    open: canOpenScorecard(p, c, s),
    details: canSeeScorecardDetails(p, c),
    watchlist: canSeeWatchlist(p, c),
    annotations: canSeeAnnotations(p, c, s),
    documents: canSeeScorecardDocuments(p, c),
    history: canSeeHistoricalCharts(p, c),
    cftDownload: canDownloadCft(p),
  };
}
