import {
  audienceOf,
  canSeeScorecardDetails,
  canSeeWatchlist,
  ScorecardDetailRoles,
  scorecardAccess,
  seesEveryWatchlist,
  RoleIds,
  type IndexAccessSettings,
  type Principal,
  type ScorecardAccess,
} from '@cti/access';
import type { AsuRow, EnforceabilityScorecard, GroupIndexRow, MapData, Scorecard } from '@cti/contracts';
import { oncePerToken } from '@cti/service-kit';

/**
 * What one person may see of the stored (unmasked) answers. Lists are the
 * same for everyone who sees every watchlist and every country's details; others get
 * a variant per role-and-group set, cached beside the stored answer.
 */
export function listAudience(p: Principal): string {
  const everything =
    seesEveryWatchlist(p) && ScorecardDetailRoles.some((r) => p.roles.includes(RoleIds[r]) || (r === 'Admin' && p.isAdmin));
  if (everything) return 'all';
  return `${[...p.roles].sort((a, b) => a - b).join(',')}|${[...p.groups].sort().join(',')}`;
}

/**
 * What a list answers a reader with, worked out once per verified token: the list's variant
 * (`listAudience`) and the audience the gateway may give that answer to (`audienceOf`).
 */
export const listReaderOf = oncePerToken((p: Principal) => ({ variants: listAudience(p), sharing: { audience: audienceOf(p) } }));

const of = (row: { GroupId: string; CountryId: string | null }) => ({ groupId: row.GroupId, countryId: row.CountryId });

export const indexListFor = (p: Principal) => (rows: GroupIndexRow[]) =>
  rows.map((r) => (r.Watchlist && !canSeeWatchlist(p, of(r)) ? { ...r, Watchlist: false } : r));

export const asuListFor = (p: Principal) => (rows: AsuRow[]) =>
  rows.map((r) => ({
    ...r,
    Watchlist: r.Watchlist && canSeeWatchlist(p, of(r)),
    ...(canSeeScorecardDetails(p, of(r)) ? {} : { A: null, B: null }),
  }));

export const mapFor =
  (p: Principal) =>
  (map: MapData): MapData => ({
    ...map,
    Countries: map.Countries.map((c) =>
      c.Watchlist && !canSeeWatchlist(p, { groupId: c.GroupId, countryId: c.CountryId }) ? { ...c, Watchlist: false } : c,
    ),
  });

export const accessKey = (a: ScorecardAccess) =>
  Object.values(a)
    .map((v) => (v ? '1' : '0'))
    .join('');

export const accessFor = (p: Principal, card: { GroupId: string; CountryId: string | null }, settings: IndexAccessSettings) =>
  scorecardAccess(p, of(card), settings);

/** A scorecard narrowed to what the access allows. */
export function scorecardFor(access: ScorecardAccess) {
  return (card: Scorecard): Scorecard => ({
    ...card,
    ...(access.details
      ? {}
      : {
          A: null,
          B: null,
          C: null,
          D: null,
          E: null,
          F: null,
          isPBA: null,
          PBA: null,
          PBALevel: null,
          ExplanatoryComments: null,
          ImprovingScore: null,
          Acknowledgements: null,
        }),
    ...(access.watchlist ? {} : { Watchlist: false, Notice: null }),
    ...(access.annotations ? {} : { AnnotationName: null }),
    Access: access,
  });
}

export function enforceabilityFor(access: ScorecardAccess) {
  return (card: EnforceabilityScorecard): EnforceabilityScorecard => ({
    ...card,
    ...(access.details
      ? {}
      : { A: null, B: null, C: null, D: null, ExplanatoryComments: null, ImprovingScore: null, Acknowledgements: null }),
    Access: access,
  });
}
