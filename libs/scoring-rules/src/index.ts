/**
 * Scoring rules of the Compliance and Enforceability indexes (the questionnaire validation rules,
 * the index validation rules and business limits), pure and shared by the scoring service, the web editors and the
 * methodology page, so text and code cannot disagree.
 */

import { UNSCORED } from './index-list';

/** Inputs are 0 to 5 in steps of .5. */
export const INPUT_MIN = 0;
export const INPUT_MAX = 5;
export const INPUT_STEP = 0.5;

export const isValidInput = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= INPUT_MIN && value <= INPUT_MAX && Number.isInteger(value / INPUT_STEP);

export type Variable = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
export const VARIABLES: readonly Variable[] = ['A', 'B', 'C', 'D', 'E', 'F'];
export type ComplianceInputs = Record<Variable, number>;

/**
 * What each Compliance Index variable is called in the methodology. Screens, charts,
 * editors and exports name a variable "A · Implementation in national law", never the
 * letter alone.
 */
export const VARIABLE_NAMES: Readonly<Record<Variable, string>> = {
  A: 'Implementation in national law',
  B: 'Compliance in practice',
  C: 'Respect for foreign law and forums',
  D: 'Rule-based contract interpretation',
  E: 'Application of new commercial laws',
  F: 'Timely repossession',
};

/** "A · Implementation in national law" (the letter stays: the methodology's formula uses it). */
export const variableLabel = (v: Variable) => `${v} · ${VARIABLE_NAMES[v]}`;

/** Precedent-adjustment levels: 0 when isPBA is not ticked, else 1, 2 or 3. */
export type PbaLevel = 0 | 1 | 2 | 3;

/** Weights of A–F per level; every level sums to 20, so the maximum score is 100. */
export const WEIGHTS: Readonly<Record<PbaLevel, Readonly<Record<Variable, number>>>> = {
  0: { A: 5, B: 5, C: 2.5, D: 2.5, E: 2.5, F: 2.5 },
  1: { A: 5, B: 5.6, C: 2.5, D: 2.5, E: 2.2, F: 2.2 },
  2: { A: 5, B: 6, C: 2.5, D: 2.5, E: 2, F: 2 },
  3: { A: 5, B: 6.4, C: 2.5, D: 2.5, E: 1.8, F: 1.8 },
};

/** PBA option labels: 1, 2, 3 are the adjustments .3, .5, .7 (levels I, II, III). */
export const PBA_LABELS: Readonly<Record<1 | 2 | 3, string>> = { 1: '.3', 2: '.5', 3: '.7' };
export const PBA_LEVEL_NAMES: Readonly<Record<1 | 2 | 3, string>> = { 1: 'Level I', 2: 'Level II', 3: 'Level III' };

/** Rounded to the nearest half (x.25 → x.5, x.75 → x+1). */
export const roundToHalf = (value: number) => Math.round(value * 2 + 1e-9) / 2;

export const pbaLevel = (isPBA: boolean, pba: number | null | undefined): PbaLevel =>
  isPBA && (pba === 1 || pba === 2 || pba === 3) ? pba : 0;

/** Compliance score = Σ weight·input at the level (methodology: 5(A+B) + 2.5(C+D+E+F) at level 0). */
export function complianceScore(inputs: ComplianceInputs, isPBA: boolean, pba: number | null | undefined): number {
  const weights = WEIGHTS[pbaLevel(isPBA, pba)];
  return roundToHalf(VARIABLES.reduce((sum, v) => sum + weights[v] * inputs[v], 0));
}

export type EnforceabilityVariable = 'A' | 'B' | 'C' | 'D';
export const ENFORCEABILITY_VARIABLES: readonly EnforceabilityVariable[] = ['A', 'B', 'C', 'D'];
export type EnforceabilityInputs = Record<EnforceabilityVariable, number>;
export const ENFORCEABILITY_WEIGHTS: Readonly<Record<EnforceabilityVariable, number>> = { A: 5, B: 8, C: 3.5, D: 3.5 };

/** What each Enforceability Index variable is called in its methodology. */
export const ENFORCEABILITY_VARIABLE_NAMES: Readonly<Record<EnforceabilityVariable, string>> = {
  A: 'Respect for foreign law and forums',
  B: 'Rule-based contract interpretation',
  C: 'Repossession outside insolvency',
  D: 'Repossession in insolvency',
};

/** Enforceability score = 5·A + 8·B + 3.5·(C + D). */
export function enforceabilityScore(inputs: EnforceabilityInputs): number {
  return roundToHalf(5 * inputs.A + 8 * inputs.B + 3.5 * (inputs.C + inputs.D));
}

export { indexSortScore, UNSCORED } from './index-list';

export type Category = 'Very High' | 'High' | 'Medium' | 'Low' | typeof UNSCORED | 'Not Defined';

export interface Band {
  category: 'Very High' | 'High' | 'Medium' | 'Low';
  /** inclusive */
  min: number;
  /** exclusive, except the top band which includes 100 */
  max: number;
}

/** Low starts above 0: a score of 0 is no score (the spec's category rule). */
export const COMPLIANCE_BANDS: readonly Band[] = [
  { category: 'Very High', min: 87, max: 100 },
  { category: 'High', min: 75, max: 87 },
  { category: 'Medium', min: 60, max: 75 },
  { category: 'Low', min: 0, max: 60 },
];

export const ENFORCEABILITY_BANDS: readonly Band[] = [
  { category: 'Very High', min: 87, max: 100 },
  { category: 'High', min: 75, max: 87 },
  { category: 'Medium', min: 50, max: 75 },
  { category: 'Low', min: 0, max: 50 },
];

/** Whether a score counts as a score at all: above 0 (a country with 0 is shown as Unscored). */
export const isScored = (score: number | null | undefined): score is number =>
  typeof score === 'number' && Number.isFinite(score) && score > 0;

function categoryIn(bands: readonly Band[], score: number | null | undefined): Category {
  if (score === null || score === undefined || score === 0) return UNSCORED;
  if (!Number.isFinite(score)) return 'Not Defined';
  for (const band of bands) {
    if (score >= band.min && (score < band.max || (band.max === 100 && score === 100))) return band.category;
  }
  return 'Not Defined';
}

/**
 * The category of a score, the one rule every screen uses (index list, map, scorecard,
 * ASU, Excel, methodology, the editors): the band of a score above 0, Unscored for 0 or
 * no score, Not Defined outside 0 to 100.
 */
export const complianceCategory = (score: number | null | undefined) => categoryIn(COMPLIANCE_BANDS, score);
export const enforceabilityCategory = (score: number | null | undefined) => categoryIn(ENFORCEABILITY_BANDS, score);

/** ASU conditions: 1 = qualifying declarations made; 2 = A ≥ 4; 3 = B ≥ 3. */
export const ASU_A_THRESHOLD = 4;
export const ASU_B_THRESHOLD = 3;
export type ConditionResult = 'Yes' | 'No' | '-';

export function asuConditions(row: {
  QualifyingDeclarations: boolean | null | undefined;
  A: number | null | undefined;
  B: number | null | undefined;
}): {
  condition1: ConditionResult;
  condition2: ConditionResult;
  condition3: ConditionResult;
} {
  const atLeast = (v: number | null | undefined, t: number): ConditionResult => (typeof v === 'number' ? (v >= t ? 'Yes' : 'No') : '-');
  return {
    condition1: row.QualifyingDeclarations ? 'Yes' : 'No',
    condition2: atLeast(row.A, ASU_A_THRESHOLD),
    condition3: atLeast(row.B, ASU_B_THRESHOLD),
  };
}

/** Conclusion column: Suspended when suspended, else the ASU value. */
export const asuConclusion = (row: { Suspended: boolean; ASU: string | null | undefined }) =>
  row.Suspended ? 'Suspended' : (row.ASU ?? '');

/**
 * ASU value of a scored country: it meets the Aircraft Sector Understanding test when
 * all three conditions hold. Unscored countries (no A and B) have no ASU value.
 */
export type AsuValue = 'Eligible' | 'Not Eligible';
export function asuValue(row: {
  QualifyingDeclarations: boolean | null | undefined;
  A: number | null | undefined;
  B: number | null | undefined;
}): AsuValue | null {
  const c = asuConditions(row);
  if (c.condition2 === '-' || c.condition3 === '-') return null;
  return c.condition1 === 'Yes' && c.condition2 === 'Yes' && c.condition3 === 'Yes' ? 'Eligible' : 'Not Eligible';
}

/** Map legend, in legend order. */
export const MAP_LEGEND = ['Very High', 'High', 'Medium', 'Low', 'Suspended', 'Insufficient Legal Analysis', 'No data available'] as const;
export type MapCategory = (typeof MAP_LEGEND)[number];

/**
 * Map class of a country: suspended first; an Unscored country (no score, or 0) has
 * insufficient legal analysis; one missing from the index has no data.
 */
export function mapCategory(
  row: { Score: number | null | undefined; Suspended: boolean | null | undefined } | null | undefined,
): MapCategory {
  if (!row) return 'No data available';
  if (row.Suspended) return 'Suspended';
  const category = complianceCategory(row.Score);
  return category === UNSCORED || category === 'Not Defined' ? 'Insufficient Legal Analysis' : category;
}

/** Year of a period: the first four-digit year in its name ("2024 1st Q"), else of its creation. */
export function periodYear(name: string, createdAt?: string | null): number | null {
  const match = /\b(19|20)\d{2}\b/.exec(name);
  if (match) return Number(match[0]);
  if (createdAt) {
    const year = new Date(createdAt).getUTCFullYear();
    return Number.isFinite(year) ? year : null;
  }
  return null;
}

/** What an explained history entry compares: one period's inputs of a country. */
export interface ScoredInputs extends ComplianceInputs {
  isPBA: boolean;
  PBA: number | null;
  Score: number;
  Category: Category;
}

export interface VariableMove {
  variable: Variable;
  from: number;
  to: number;
  /** Points this variable moved the (unrounded) score: weight·to − weight·from at each side's level. */
  points: number;
}

export interface ScoreChangeExplanation {
  scoreFrom: number;
  scoreTo: number;
  /** scoreTo − scoreFrom. */
  delta: number;
  moves: VariableMove[];
  /** Set when the precedent adjustment level changed (it reweights B, E and F). */
  levelFrom: PbaLevel;
  levelTo: PbaLevel;
  /** Points the change of level alone moved the score with unchanged inputs. */
  levelPoints: number;
  /** What rounding to the nearest half added or removed. */
  roundingPoints: number;
  categoryFrom: Category;
  categoryTo: Category;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const contribution = (inputs: ComplianceInputs, level: PbaLevel, v: Variable) => WEIGHTS[level][v] * inputs[v];

/**
 * Why a score changed between two periods: each variable's move and the points it
 * moved, the effect of a precedent-adjustment level change, and of rounding. The
 * parts add up to the score delta.
 */
export function explainScoreChange(previous: ScoredInputs, next: ScoredInputs): ScoreChangeExplanation {
  const levelFrom = pbaLevel(previous.isPBA, previous.PBA);
  const levelTo = pbaLevel(next.isPBA, next.PBA);
  const moves: VariableMove[] = [];
  let variablePoints = 0;
  for (const v of VARIABLES) {
    if (previous[v] === next[v]) continue;
    // moves are valued at the new level; the level change is reported on its own
    const points = round2(contribution(next, levelTo, v) - WEIGHTS[levelTo][v] * previous[v]);
    variablePoints += points;
    moves.push({ variable: v, from: previous[v], to: next[v], points });
  }
  const rawFrom = VARIABLES.reduce((s, v) => s + contribution(previous, levelFrom, v), 0);
  const rawFromAtNewLevel = VARIABLES.reduce((s, v) => s + contribution(previous, levelTo, v), 0);
  const levelPoints = round2(rawFromAtNewLevel - rawFrom);
  const delta = round2(next.Score - previous.Score);
  return {
    scoreFrom: previous.Score,
    scoreTo: next.Score,
    delta,
    moves,
    levelFrom,
    levelTo,
    levelPoints,
    roundingPoints: round2(delta - variablePoints - levelPoints),
    categoryFrom: previous.Category,
    categoryTo: next.Category,
  };
}

/** Points with one decimal, or two when the second is needed (1.25, not 1.3). */
export const formatPoints = (points: number) => {
  const abs = Math.abs(points);
  return `${points >= 0 ? '+' : '−'}${Number.isInteger(Math.round(abs * 100) / 10) ? abs.toFixed(1) : abs.toFixed(2)}`;
};

/** "A 4→5, +5.0" */
export const formatMove = (m: VariableMove) => `${m.variable} ${m.from}→${m.to}, ${formatPoints(m.points)}`;

/** Level names of a PBA level (0 is no adjustment). */
export const pbaLevelName = (level: PbaLevel) => (level === 0 ? 'No adjustment' : PBA_LEVEL_NAMES[level]);

/** One variable's line of a scorecard's points table. */
export interface PointsRow<V extends string = string> {
  variable: V;
  value: number;
  weight: number;
  /** weight × value, exact: inputs are multiples of .5 and weights of .1, so points are multiples of .05. */
  points: number;
}

/** A score taken apart: the variables' points, their sum, what rounding to the half added, the score. */
export interface ScoreBreakdown<V extends string = string> {
  rows: PointsRow<V>[];
  sum: number;
  /** score − sum: what rounding to the nearest half added (+) or removed (−); 0 when none. */
  rounding: number;
  score: number;
}

/** Sums in hundredths of a point (integers), so 5.6 × 3.5 is 19.6 and not 19.599999999999998. */
function breakdown<V extends string>(
  variables: readonly V[],
  weights: Readonly<Record<V, number>>,
  inputs: Partial<Record<V, number | null>>,
) {
  const rows = variables.map((variable) => {
    const value = inputs[variable] ?? 0;
    const weight = weights[variable];
    const hundredths = Math.round(Math.round(weight * 100) * value);
    return { variable, value, weight, points: hundredths / 100, hundredths };
  });
  const sumHundredths = rows.reduce((s, r) => s + r.hundredths, 0);
  const sum = sumHundredths / 100;
  const score = roundToHalf(sum);
  return {
    rows: rows.map(({ hundredths: _h, ...row }) => row),
    sum,
    rounding: Math.round(score * 100 - sumHundredths) / 100,
    score,
  };
}

/** The compliance score's points table: rows and rounding add up to `complianceScore`. */
export const complianceBreakdown = (
  inputs: Partial<Record<Variable, number | null>>,
  isPBA: boolean,
  pba: number | null | undefined,
): ScoreBreakdown<Variable> => breakdown(VARIABLES, WEIGHTS[pbaLevel(isPBA, pba)], inputs);

/** The enforceability score's points table: rows and rounding add up to `enforceabilityScore`. */
export const enforceabilityBreakdown = (
  inputs: Partial<Record<EnforceabilityVariable, number | null>>,
): ScoreBreakdown<EnforceabilityVariable> => breakdown(ENFORCEABILITY_VARIABLES, ENFORCEABILITY_WEIGHTS, inputs);

/** Exact points with two decimals ("12.25", "19.60", "5.00"): the rows of a points table add up as shown. */
export const formatExactPoints = (points: number) => (Math.round(points * 100) / 100).toFixed(2);

/** The rounding line of a points table ("+0.25", "−0.05"). */
export const formatRounding = (points: number) => `${points < 0 ? '−' : '+'}${formatExactPoints(Math.abs(points))}`;

/** What a set of compliance inputs comes to: the score, its category and the ASU conclusion. */
export interface ComplianceOutcome {
  score: number;
  category: Category;
  /** Eligible / Not Eligible when scored; null for a score of 0 (Unscored). */
  asu: AsuValue | null;
  /** What the ASU column shows: Suspended when suspended, else the ASU value, else '-'. */
  asuConclusion: string;
  breakdown: ScoreBreakdown<Variable>;
}

/**
 * The outcome of a questionnaire's scoring inputs, computed the way the scoring service
 * scores a save (score, category, ASU value): used by the what-if simulator.
 */
export function complianceOutcome(row: {
  inputs: ComplianceInputs;
  isPBA: boolean;
  PBA: number | null | undefined;
  QualifyingDeclarations: boolean;
  Suspended: boolean;
}): ComplianceOutcome {
  const score = complianceScore(row.inputs, row.isPBA, row.PBA);
  const asu = isScored(score) ? asuValue({ QualifyingDeclarations: row.QualifyingDeclarations, A: row.inputs.A, B: row.inputs.B }) : null;
  return {
    score,
    category: complianceCategory(score),
    asu,
    asuConclusion: asuConclusion({ Suspended: row.Suspended, ASU: asu }) || '-',
    breakdown: complianceBreakdown(row.inputs, row.isPBA, row.PBA),
  };
}

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "112th". */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** One country of an index list, as the standing reads it. */
export interface StandingRow {
  GroupId: string;
  Score: number;
  PeriodId: string | null;
}

/** Where a country stands among the countries scored in the same period. */
export interface IndexStanding {
  /** 1 for the highest score; countries with the same score share a rank (1, 2, 2, 4). */
  rank: number;
  /** How many countries were scored in that period. */
  of: number;
  /** Whether another country has the same score (and so the same rank). */
  tied: boolean;
  /** The average score of those countries, to one decimal. */
  average: number;
}

/**
 * A scored country's rank among the countries scored in its period, and their average: the
 * context a scorecard gives its score. Null for a country without a score.
 */
export function indexStanding(rows: readonly StandingRow[], groupId: string): IndexStanding | null {
  const own = rows.find((r) => r.GroupId === groupId);
  if (!own || !isScored(own.Score) || !own.PeriodId) return null;
  const peers = rows.filter((r) => r.PeriodId === own.PeriodId && isScored(r.Score));
  const total = peers.reduce((sum, r) => sum + r.Score, 0);
  return {
    rank: 1 + peers.filter((r) => r.Score > own.Score).length,
    of: peers.length,
    tied: peers.some((r) => r.GroupId !== groupId && r.Score === own.Score),
    average: Math.round((total / peers.length) * 10) / 10,
  };
}

/** "14th of 51", "joint 3rd of 51". */
export const standingText = (s: IndexStanding) => `${s.tied ? 'joint ' : ''}${ordinal(s.rank)} of ${s.of}`;

/** The average of the scored countries of each period, by period id (one decimal): the reference line of the history charts. */
export function averageByPeriod(rows: ReadonlyArray<{ PeriodId: string; Score: number }>): Map<string, number> {
  const sums = new Map<string, { total: number; n: number }>();
  for (const r of rows) {
    if (!isScored(r.Score)) continue;
    const s = sums.get(r.PeriodId) ?? { total: 0, n: 0 };
    sums.set(r.PeriodId, { total: s.total + r.Score, n: s.n + 1 });
  }
  return new Map([...sums].map(([period, s]) => [period, Math.round((s.total / s.n) * 10) / 10]));
}

/**
 * Every period named in some countries' histories, oldest first. Each history lists its own
 * periods in order, and periods follow one another on one line, so a period comes after every
 * period listed before it in any history (a country scored only lately still places its
 * periods right).
 */
export function periodsInOrder<P extends { PeriodId: string }>(histories: ReadonlyArray<ReadonlyArray<P>>): P[] {
  const first = new Map<string, P>();
  const earlier = new Map<string, Set<string>>();
  for (const history of histories) {
    history.forEach((p, i) => {
      if (!first.has(p.PeriodId)) first.set(p.PeriodId, p);
      const before = earlier.get(p.PeriodId) ?? new Set<string>();
      for (const e of history.slice(0, i)) before.add(e.PeriodId);
      earlier.set(p.PeriodId, before);
    });
  }
  const left = new Set(first.keys());
  const placed: P[] = [];
  while (left.size) {
    const ready = [...left].find((id) => [...(earlier.get(id) ?? [])].every((e) => !left.has(e))) ?? [...left][0];
    placed.push(first.get(ready)!);
    left.delete(ready);
  }
  return placed;
}
