import { seesEveryWatchlist, type IndexAccessSettings, type Principal } from '@cti/access';
import { MAX_COMPARED_COUNTRIES, ScoringMessages, type CompareScores, type ScoreHistoryRow, type Scorecard } from '@cti/contracts';
import { pbaLevel, PBA_LEVEL_NAMES, periodsInOrder } from '@cti/scoring-rules';
import { BadRequest, NotFound } from '@cti/service-kit';

import { ReadModelKeys } from './build';
import type { ReadModelCache } from './cache';
import { accessFor } from './views';

/** The group ids of a compare request: comma-separated, blanks and repeats dropped, 1 to 8 of them. */
export function comparedGroupIds(groups: string): string[] {
  const ids = [
    ...new Set(
      groups
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length < 1 || ids.length > MAX_COMPARED_COUNTRIES) throw new BadRequest(ScoringMessages.compareCount);
  return ids;
}

/** A country's stored scorecard and score history (the read models), or null when there is none. */
export type CountryModels = (groupId: string) => Promise<{ card: Scorecard; history: ScoreHistoryRow[] } | null>;

/** The compared countries' read models, from this replica's cache. */
export const countryModelsIn =
  (cache: ReadModelCache): CountryModels =>
  async (groupId) => {
    const card = await cache.get(ReadModelKeys.scorecard(groupId));
    const history = card && (await cache.get(ReadModelKeys.scores(groupId)));
    return card && history ? { card: card.value<Scorecard>(), history: history.value<ScoreHistoryRow[]>() } : null;
  };

/**
 * The compare view of some Compliance Index countries, narrowed per country to what the caller
 * may see: every period's score and category (the historical data page shows them to the same
 * roles); the variables where the caller sees the country's details, for past periods only
 * where they also see its history (the scorecard shows the latest period's). Unknown countries
 * and those on the Enforceability Index are refused, so a link never compares fewer than it names.
 */
export async function compareCountries(
  groupIds: readonly string[],
  modelsOf: CountryModels,
  p: Principal,
  settings: IndexAccessSettings,
): Promise<CompareScores> {
  const found = await Promise.all(groupIds.map((id) => modelsOf(id)));
  const countries = found.map((models) => {
    if (!models) throw new NotFound(ScoringMessages.countryFailed);
    const { card, history } = models;
    if (!card.Contracting) throw new NotFound(ScoringMessages.notOnComplianceIndex);
    const access = accessFor(p, card, settings);
    const latest = history.at(-1)?.PeriodId;
    return {
      GroupId: card.GroupId,
      Name: card.Name,
      CountryId: card.CountryId,
      LogoPath: card.LogoPath,
      Access: { history: access.history, details: access.details },
      Periods: history.map((h) => {
        const variables = access.details && (access.history || h.PeriodId === latest);
        const level = pbaLevel(h.isPBA, h.PBA);
        return {
          PeriodId: h.PeriodId,
          Period: h.Period,
          Score: h.Score,
          Category: h.Category,
          A: variables ? h.A : null,
          B: variables ? h.B : null,
          C: variables ? h.C : null,
          D: variables ? h.D : null,
          E: variables ? h.E : null,
          F: variables ? h.F : null,
          PBALevel: variables && level !== 0 ? PBA_LEVEL_NAMES[level] : null,
        };
      }),
    };
  });
  return {
    Periods: periodsInOrder(countries.map((c) => c.Periods)).map((p) => ({ PeriodId: p.PeriodId, Name: p.Period })),
    Countries: countries,
  };
}

/** Historical rows for someone who may not see every watchlist (no role of the page today, but never leak one). */
export const historyFor = (p: Principal) => (rows: Array<{ Watchlist: boolean }>) =>
  seesEveryWatchlist(p) ? rows : rows.map((r) => ({ ...r, Watchlist: false }));
