import { isPublicCountry, type IndexAccessSettings } from '@cti/access';
import type {
  AsuRow,
  EnforceabilityHistoryRow,
  EnforceabilityRow,
  EnforceabilityScorecard,
  GroupIndexRow,
  HistoricalScoreRow,
  MapCountry,
  MapData,
  PublicHeadline,
  PublicIndexSummary,
  ScoreHistoryRow,
  Scorecard,
  ScorecardAccessView,
} from '@cti/contracts';
import {
  asuConditions,
  asuValue,
  complianceCategory,
  enforceabilityCategory,
  explainScoreChange,
  isScored,
  mapCategory,
  pbaLevel,
  PBA_LEVEL_NAMES,
  periodYear,
} from '@cti/scoring-rules';

import type { ComplianceRow, CountryRow, EnforceabilityRecord, PeriodRow, Snapshot } from './snapshot';

/** Keys of the stored read models. */
export const ReadModelKeys = {
  indexList: 'index:list',
  asu: 'index:asu',
  map: 'index:map',
  publicSummary: 'index:public',
  history: 'index:history',
  enforceabilityList: 'enforceability:list',
  scorecard: (groupId: string) => `scorecard:${groupId}`,
  scores: (groupId: string) => `scores:${groupId}`,
  enforceability: (groupId: string) => `enforceability:${groupId}`,
  enforceabilityScores: (groupId: string) => `enforceability-scores:${groupId}`,
} as const;

/** The stored (unmasked) answers carry full access; each request narrows it. */
export const FULL_ACCESS: ScorecardAccessView = {
  open: true,
  details: true,
  watchlist: true,
  annotations: true,
  documents: true,
  history: true,
  cftDownload: true,
};

/** Periods in order with their position, so "latest" is a comparison of numbers. */
class PeriodOrder {
  private readonly index = new Map<string, number>();
  constructor(readonly periods: PeriodRow[]) {
    periods.forEach((p, i) => this.index.set(p.periodId, i));
  }
  rank = (periodId: string) => this.index.get(periodId) ?? -1;
  name = (periodId: string) => this.periods[this.rank(periodId)]?.name ?? '';
  year = (periodId: string) => {
    const p = this.periods[this.rank(periodId)];
    return p ? periodYear(p.name, p.createdAt) : null;
  };
}

/** A country's records oldest period first. */
function byGroup<T extends { groupId: string; periodId: string }>(rows: T[], order: PeriodOrder): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    if (order.rank(row.periodId) < 0) continue;
    const list = map.get(row.groupId) ?? [];
    list.push(row);
    map.set(row.groupId, list);
  }
  for (const list of map.values()) list.sort((a, b) => order.rank(a.periodId) - order.rank(b.periodId));
  return map;
}

/**
 * The ASU columns: Condition 1 is Yes/No from the qualifying declarations for
 * every country; conditions 2 and 3 and the conclusion need a score (an Unscored country,
 * none or 0, has a dash and no conclusion).
 */
function asuColumns(latest: ComplianceRow | undefined) {
  const scored = latest && isScored(latest.score) ? latest : undefined;
  const row = { QualifyingDeclarations: latest?.qualifyingDeclarations ?? false, A: scored?.a ?? null, B: scored?.b ?? null };
  const c = asuConditions(row);
  return { ...row, ASU: scored ? asuValue(row) : null, Condition1: c.condition1, Condition2: c.condition2, Condition3: c.condition3 };
}

const country = (c: CountryRow) => ({ groupId: c.groupId, countryId: c.countryId });

/**
 * The country's own columns that open every list row (index, ASU, enforceability). Spread
 * first, so the keys keep their order: the answers' bytes, and so their ETags, follow it.
 */
const listRowCountry = (c: CountryRow) => ({ GroupId: c.groupId, Group: c.name, LogoPath: c.logoPath, CountryId: c.countryId });

/** The country's own columns that open both scorecards (spread first, like the list rows'). */
const scorecardCountry = (c: CountryRow) => ({
  GroupId: c.groupId,
  Name: c.name,
  LogoPath: c.logoPath,
  CountryId: c.countryId,
  Contracting: c.contracting,
});

function indexRow(c: CountryRow, latest: ComplianceRow | undefined, order: PeriodOrder, settings: IndexAccessSettings): GroupIndexRow {
  return {
    ...listRowCountry(c),
    Watchlist: latest?.watchlist ?? false,
    Score: latest?.score ?? 0,
    Category: complianceCategory(latest?.score),
    IsSpecialNotice: latest?.isSpecialNotice ?? false,
    QualifyingDeclarations: latest?.qualifyingDeclarations ?? false,
    Suspended: latest?.suspended ?? false,
    ASU: asuColumns(latest).ASU,
    PBA: latest?.isPba ? latest.pba : null,
    Period: latest ? order.name(latest.periodId) : null,
    PeriodId: latest?.periodId ?? null,
    Scored: isScored(latest?.score),
    IsPublic: isPublicCountry(country(c), settings),
    IsDemo: latest?.isDemo ?? false,
  };
}

function scorecard(c: CountryRow, latest: ComplianceRow | undefined, order: PeriodOrder, annotation: string | null): Scorecard {
  const level = latest ? pbaLevel(latest.isPba, latest.pba) : 0;
  return {
    ...scorecardCountry(c),
    Scored: isScored(latest?.score),
    Score: latest?.score ?? 0,
    Category: complianceCategory(latest?.score),
    ASU: asuColumns(latest).ASU,
    Suspended: latest?.suspended ?? false,
    isPBA: latest ? latest.isPba : null,
    PBA: latest?.isPba ? latest.pba : null,
    PBALevel: level === 0 ? null : PBA_LEVEL_NAMES[level],
    A: latest?.a ?? null,
    B: latest?.b ?? null,
    C: latest?.c ?? null,
    D: latest?.d ?? null,
    E: latest?.e ?? null,
    F: latest?.f ?? null,
    IsSpecialNotice: latest?.isSpecialNotice ?? false,
    Notice: latest?.notice ?? null,
    Watchlist: latest?.watchlist ?? false,
    QualifyingDeclarations: latest?.qualifyingDeclarations ?? false,
    ExplanatoryComments: latest?.explanatoryComments ?? null,
    ImprovingScore: latest?.improvingScore ?? null,
    Acknowledgements: latest?.acknowledgements ?? null,
    AnnotationName: annotation,
    Period: latest ? order.name(latest.periodId) : null,
    PeriodId: latest?.periodId ?? null,
    QuestionnaireId: latest?.questionnaireId ?? null,
    UpdatedOn: latest?.updatedAt ?? null,
    IsDemo: latest?.isDemo ?? false,
    Access: FULL_ACCESS,
  };
}

const inputsOf = (r: ComplianceRow) => ({
  A: r.a,
  B: r.b,
  C: r.c,
  D: r.d,
  E: r.e,
  F: r.f,
  isPBA: r.isPba,
  PBA: r.pba,
  Score: r.score,
  Category: complianceCategory(r.score),
});

function scoreHistory(rows: ComplianceRow[], order: PeriodOrder): ScoreHistoryRow[] {
  return rows.map((r, i) => ({
    PeriodId: r.periodId,
    Period: order.name(r.periodId),
    Year: order.year(r.periodId),
    Score: r.score,
    Category: complianceCategory(r.score),
    A: r.a,
    B: r.b,
    C: r.c,
    D: r.d,
    E: r.e,
    F: r.f,
    isPBA: r.isPba,
    PBA: r.isPba ? r.pba : null,
    Suspended: r.suspended,
    Watchlist: r.watchlist,
    Notice: r.isSpecialNotice || r.watchlist ? r.notice : null,
    ExplanatoryComments: r.explanatoryComments,
    Explanation: i === 0 ? null : explainScoreChange(inputsOf(rows[i - 1]), inputsOf(r)),
  }));
}

function enforceabilityRow(c: CountryRow, latest: EnforceabilityRecord | undefined, order: PeriodOrder): EnforceabilityRow {
  return {
    ...listRowCountry(c),
    Score: latest?.score ?? 0,
    Category: enforceabilityCategory(latest?.score),
    Scored: isScored(latest?.score),
    Period: latest ? order.name(latest.periodId) : null,
    PeriodId: latest?.periodId ?? null,
    IsDemo: latest?.isDemo ?? false,
  };
}

function enforceabilityScorecard(c: CountryRow, latest: EnforceabilityRecord | undefined, order: PeriodOrder): EnforceabilityScorecard {
  return {
    ...scorecardCountry(c),
    HasScores: !!latest,
    A: latest?.a ?? null,
    B: latest?.b ?? null,
    C: latest?.c ?? null,
    D: latest?.d ?? null,
    ExplanatoryComments: latest?.explanatoryComments ?? null,
    ImprovingScore: latest?.improvingScore ?? null,
    Acknowledgements: latest?.acknowledgements ?? null,
    Score: latest?.score ?? 0,
    Category: enforceabilityCategory(latest?.score),
    Period: latest ? order.name(latest.periodId) : null,
    PeriodId: latest?.periodId ?? null,
    UpdatedOn: latest?.updatedAt ?? null,
    IsDemo: latest?.isDemo ?? false,
    Access: FULL_ACCESS,
  };
}

const MAX_HEADLINES = 6;
const statesText = (n: number) => (n === 1 ? 'One contracting state was' : `${n} contracting states were`);

/**
 * The public landing's facts. Headlines are the category moves of each state's newest
 * period against its one before (or its first score), and per period how many states were
 * placed on the watchlist: counted, never named, as the watchlist is for its roles only.
 */
function publicSummary(
  rows: GroupIndexRow[],
  mapCountries: MapCountry[],
  compliance: Map<string, ComplianceRow[]>,
  order: PeriodOrder,
): PublicIndexSummary {
  const scored = rows.filter((r) => r.Scored && r.PeriodId);
  const latestRank = Math.max(-1, ...scored.map((r) => order.rank(r.PeriodId!)));
  const headlines: Array<PublicHeadline & { rank: number }> = [];
  const placedOnWatchlist = new Map<number, number>();
  for (const r of rows) {
    const history = (compliance.get(r.GroupId) ?? []).filter((h) => isScored(h.score));
    history.forEach((h, i) => {
      if (h.watchlist && !history[i - 1]?.watchlist) {
        const rank = order.rank(h.periodId);
        placedOnWatchlist.set(rank, (placedOnWatchlist.get(rank) ?? 0) + 1);
      }
    });
    const last = history.at(-1);
    if (!last) continue;
    const before = history.at(-2);
    const to = complianceCategory(last.score);
    const from = before ? complianceCategory(before.score) : null;
    if (from === to) continue;
    headlines.push({
      Kind: 'category',
      Period: order.name(last.periodId),
      Text: from ? `${r.Group} moved from ${from} to ${to}` : `${r.Group} was scored for the first time: ${to}`,
      rank: order.rank(last.periodId),
    });
  }
  for (const [rank, count] of placedOnWatchlist) {
    headlines.push({
      Kind: 'watchlist',
      Period: order.periods[rank].name,
      Text: `${statesText(count)} placed on the watchlist`,
      rank,
    });
  }
  headlines.sort((a, b) => b.rank - a.rank || (a.Kind === b.Kind ? a.Text.localeCompare(b.Text) : a.Kind === 'watchlist' ? -1 : 1));
  return {
    Period: latestRank >= 0 ? order.periods[latestRank].name : null,
    StatesCovered: rows.length,
    StatesScored: scored.length,
    Countries: mapCountries.map((c) => ({ GroupId: c.GroupId, Name: c.Name, CountryId: c.CountryId, MapCategory: c.MapCategory })),
    Headlines: headlines.slice(0, MAX_HEADLINES).map(({ rank: _rank, ...h }) => h),
  };
}

export interface BuildScope {
  /** Per-country models to build; all countries when absent. */
  groupIds?: readonly string[];
}

/**
 * Every read model derived from one snapshot: the lists (always) and the per-country
 * answers of the scope. A country shows its latest scored period.
 */
export function buildReadModels(snapshot: Snapshot, settings: IndexAccessSettings, scope: BuildScope = {}): Map<string, unknown> {
  const order = new PeriodOrder(snapshot.periods);
  const compliance = byGroup(snapshot.compliance, order);
  const enforceability = byGroup(snapshot.enforceability, order);
  const contracting = snapshot.countries.filter((c) => c.contracting);
  const others = snapshot.countries.filter((c) => !c.contracting);
  const latestCompliance = (groupId: string) => compliance.get(groupId)?.at(-1);
  const latestEnforceability = (groupId: string) => enforceability.get(groupId)?.at(-1);
  const annotations = new Map(snapshot.annotations.map((a) => [`${a.annotationType}:${a.groupId}:${a.periodId}`, a.name] as const));
  const models = new Map<string, unknown>();

  const rows = contracting.map((c) => indexRow(c, latestCompliance(c.groupId), order, settings));
  models.set(ReadModelKeys.indexList, rows);

  const asu: AsuRow[] = contracting.map((c) => {
    const latest = latestCompliance(c.groupId);
    return {
      ...listRowCountry(c),
      Watchlist: latest?.watchlist ?? false,
      Suspended: latest?.suspended ?? false,
      ...asuColumns(latest),
      Scored: isScored(latest?.score),
      IsPublic: isPublicCountry(country(c), settings),
    };
  });
  models.set(ReadModelKeys.asu, asu);

  const mapCountries: MapCountry[] = rows
    .filter((r) => r.CountryId)
    .map((r) => ({
      GroupId: r.GroupId,
      Name: r.Group,
      CountryId: r.CountryId!.toUpperCase(),
      Score: r.Score,
      MapCategory: mapCategory({ Score: r.Score, Suspended: r.Suspended }),
      Category: r.Category,
      Watchlist: r.Watchlist,
      IsPublic: r.IsPublic,
    }));
  const map: MapData = { Period: snapshot.periods.at(-1)?.name ?? null, Countries: mapCountries };
  models.set(ReadModelKeys.map, map);
  models.set(ReadModelKeys.publicSummary, publicSummary(rows, mapCountries, compliance, order));

  const history: HistoricalScoreRow[] = [];
  for (const c of contracting) {
    for (const r of compliance.get(c.groupId) ?? []) {
      history.push({
        GroupId: c.groupId,
        Country: c.name,
        CountryId: c.countryId,
        LogoPath: c.logoPath,
        PeriodId: r.periodId,
        Period: order.name(r.periodId),
        Year: order.year(r.periodId),
        Score: r.score,
        Category: complianceCategory(r.score),
        MapCategory: mapCategory({ Score: r.score, Suspended: r.suspended }),
        Watchlist: r.watchlist,
      });
    }
  }
  models.set(ReadModelKeys.history, history);

  models.set(
    ReadModelKeys.enforceabilityList,
    others.map((c) => enforceabilityRow(c, latestEnforceability(c.groupId), order)),
  );

  const inScope = scope.groupIds ? snapshot.countries.filter((c) => scope.groupIds!.includes(c.groupId)) : snapshot.countries;
  for (const c of inScope) {
    const latest = latestCompliance(c.groupId);
    const annotation = latest ? (annotations.get(`1:${c.groupId}:${latest.periodId}`) ?? null) : null;
    models.set(ReadModelKeys.scorecard(c.groupId), scorecard(c, latest, order, annotation));
    models.set(ReadModelKeys.scores(c.groupId), scoreHistory(compliance.get(c.groupId) ?? [], order));
    models.set(ReadModelKeys.enforceability(c.groupId), enforceabilityScorecard(c, latestEnforceability(c.groupId), order));
    models.set(
      ReadModelKeys.enforceabilityScores(c.groupId),
      (enforceability.get(c.groupId) ?? []).map((r): EnforceabilityHistoryRow => ({
        PeriodId: r.periodId,
        Period: order.name(r.periodId),
        Year: order.year(r.periodId),
        Score: r.score,
        Category: enforceabilityCategory(r.score),
        A: r.a,
        B: r.b,
        C: r.c,
        D: r.d,
      })),
    );
  }
  return models;
}
