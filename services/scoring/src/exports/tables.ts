import {
  canSeeHistoricalCharts,
  canSeeScorecardDetails,
  canSeeWatchlist,
  canOpenScorecard,
  type IndexAccessSettings,
  type Principal,
} from '@cti/access';
import type {
  AsuRow,
  CompareScores,
  EnforceabilityRow,
  EnforceabilityScorecard,
  GroupIndexRow,
  HistoricalScoreRow,
  ScoreHistoryRow,
  Scorecard,
} from '@cti/contracts';
import { asuConclusion, ENFORCEABILITY_VARIABLES, pbaLevel, pbaLevelName, VARIABLE_NAMES, VARIABLES } from '@cti/scoring-rules';

/** One cell: text, a number, or empty. */
export type Cell = string | number | null;

/**
 * One exported table: its sheet name, its column headers and its rows, produced one at
 * a time so a writer can stream them. Columns the person may see for no row at all are
 * left out; a cell they may not see for one row is empty.
 */
export interface ExportTable {
  sheet: string;
  headers: string[];
  rows: () => AsyncIterable<Cell[]>;
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
/** ISO date (YYYY-MM-DD) of a stored timestamp. */
export const isoDate = (value: string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : null);
const countryOf = (r: { GroupId: string; CountryId: string | null }) => ({ groupId: r.GroupId, countryId: r.CountryId });

/** "A (Implementation in national law)": the variables named as in the methodology. */
export const complianceVariableHeaders = VARIABLES.map((v) => `${v} (${VARIABLE_NAMES[v]})`);
export const PRECEDENT_HEADER = 'Precedent adjustment';

const precedentOf = (isPBA: boolean | null, pba: number | null) => pbaLevelName(pbaLevel(!!isPBA, pba));

/**
 * The Compliance Index list: what /index shows, plus the ASU conclusion and, where the
 * person may see a country's scorecard details, its variables and precedent adjustment.
 */
export function indexListTable(
  p: Principal,
  rows: GroupIndexRow[],
  scorecard: (groupId: string) => Promise<Scorecard | null>,
): ExportTable {
  const watchlist = rows.some((r) => canSeeWatchlist(p, countryOf(r)));
  const details = rows.some((r) => canSeeScorecardDetails(p, countryOf(r)));
  const headers = [
    'Country',
    'ISO code',
    'Period',
    'Score',
    'Category',
    ...(watchlist ? ['Watchlist'] : []),
    'Qualifying declarations',
    'Suspended',
    'ASU',
    ...(details ? [...complianceVariableHeaders, PRECEDENT_HEADER] : []),
    'Updated',
  ];
  return {
    sheet: 'Compliance Index',
    headers,
    rows: async function* () {
      for (const r of rows) {
        const seesDetails = details && canSeeScorecardDetails(p, countryOf(r));
        // the variables live on the scorecard; only read it for someone who may see them
        const card = seesDetails ? await scorecard(r.GroupId) : null;
        yield [
          r.Group,
          r.CountryId,
          r.Period,
          r.Score,
          r.Category,
          ...(watchlist ? [canSeeWatchlist(p, countryOf(r)) ? yesNo(r.Watchlist) : null] : []),
          yesNo(r.QualifyingDeclarations),
          yesNo(r.Suspended),
          asuConclusion({ Suspended: r.Suspended, ASU: r.ASU }) || null,
          ...(details
            ? card && card.Scored
              ? [...VARIABLES.map((v) => card[v]), precedentOf(card.isPBA, card.PBA)]
              : [...VARIABLES.map(() => null), null]
            : []),
          isoDate(card?.UpdatedOn ?? null),
        ];
      }
    },
  };
}

/** One country's score history, oldest period first (who may open it: the scorecard's history rule). */
export function scoreHistoryTable(rows: ScoreHistoryRow[], seesWatchlist: boolean): ExportTable {
  return {
    sheet: 'Score history',
    headers: [
      'Period',
      'Year',
      'Score',
      'Category',
      ...complianceVariableHeaders,
      PRECEDENT_HEADER,
      'Suspended',
      ...(seesWatchlist ? ['Watchlist'] : []),
      'Score change',
    ],
    rows: async function* () {
      for (const r of rows) {
        yield [
          r.Period,
          r.Year,
          r.Score,
          r.Category,
          ...VARIABLES.map((v) => r[v]),
          precedentOf(r.isPBA, r.PBA),
          yesNo(r.Suspended),
          ...(seesWatchlist ? [yesNo(r.Watchlist)] : []),
          r.Explanation ? r.Explanation.delta : null,
        ];
      }
    },
  };
}

/** Historical data: every country's score per period (the historical data page). */
export function historicalTable(rows: HistoricalScoreRow[]): ExportTable {
  return {
    sheet: 'Historical data',
    headers: ['Country', 'ISO code', 'Period', 'Year', 'Score', 'Category'],
    rows: async function* () {
      for (const r of rows) yield [r.Country, r.CountryId, r.Period, r.Year, r.Score, r.Category];
    },
  };
}

/** The compare view's countries: one row per country and period, with the variables where the person may see them. */
export function compareTable(view: CompareScores): ExportTable {
  const variables = view.Countries.some((c) => c.Periods.some((p) => p.A !== null));
  return {
    sheet: 'Compared countries',
    headers: ['Country', 'ISO code', 'Period', 'Score', 'Category', ...(variables ? [...complianceVariableHeaders, PRECEDENT_HEADER] : [])],
    rows: async function* () {
      for (const c of view.Countries) {
        for (const p of c.Periods) {
          yield [
            c.Name,
            c.CountryId,
            p.Period,
            p.Score,
            p.Category,
            ...(variables ? [...VARIABLES.map((v) => p[v]), p.A === null ? null : (p.PBALevel ?? pbaLevelName(0))] : []),
          ];
        }
      }
    },
  };
}

/** The Enforceability Index list, with variables A to D where the person may see the country's details. */
export function enforceabilityTable(
  p: Principal,
  rows: EnforceabilityRow[],
  scorecard: (groupId: string) => Promise<EnforceabilityScorecard | null>,
): ExportTable {
  const details = rows.some((r) => canSeeScorecardDetails(p, countryOf(r)));
  return {
    sheet: 'Enforceability Index',
    headers: ['Country', 'ISO code', 'Period', 'Score', 'Category', ...(details ? [...ENFORCEABILITY_VARIABLES] : []), 'Updated'],
    rows: async function* () {
      for (const r of rows) {
        const card = details && canSeeScorecardDetails(p, countryOf(r)) ? await scorecard(r.GroupId) : null;
        yield [
          r.Group,
          r.CountryId,
          r.Period,
          r.Score,
          r.Category,
          ...(details ? ENFORCEABILITY_VARIABLES.map((v) => (card?.HasScores ? card[v] : null)) : []),
          isoDate(card?.UpdatedOn ?? null),
        ];
      }
    },
  };
}

/** The ASU assessment as its page shows it (rows already narrowed for the person). */
export function asuTable(rows: AsuRow[]): ExportTable {
  const sorted = [...rows].sort((a, b) => a.Group.localeCompare(b.Group));
  const watchlist = rows.some((r) => r.Watchlist);
  return {
    sheet: 'ASU assessment',
    headers: ['Country', 'ISO code', ...(watchlist ? ['Watchlist'] : []), 'Conclusion', 'Condition 1', 'Condition 2', 'Condition 3'],
    rows: async function* () {
      for (const r of sorted) {
        yield [
          r.Group,
          r.CountryId,
          ...(watchlist ? [yesNo(r.Watchlist)] : []),
          asuConclusion({ Suspended: r.Suspended, ASU: r.ASU }) || '-',
          r.Condition1,
          r.Condition2,
          r.Condition3,
        ];
      }
    },
  };
}

/** Whose score history a person may export: the same two rules as the history route. */
export const mayExportHistory = (p: Principal, card: { GroupId: string; CountryId: string | null }, s: IndexAccessSettings) =>
  canOpenScorecard(p, countryOf(card), s) && canSeeHistoricalCharts(p, countryOf(card));
