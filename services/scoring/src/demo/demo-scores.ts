import type { SaveEnforceabilityBody, SaveQuestionnaireScoresBody } from '@cti/contracts';
import { DEMO_COUNTRY } from '@cti/demo-data';
import { INPUT_MAX, INPUT_MIN } from '@cti/scoring-rules';

/**
 * Demo scores, deterministic per country and period: the same demo installation always
 * shows the same index. A country's level comes from its code; each period moves one or
 * two variables by half a point, so histories have changes worth explaining. Every text
 * says it is demo data.
 */

/** FNV-1a: a stable small hash, so demo data does not depend on Math.random. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const clamp = (v: number) => Math.min(INPUT_MAX, Math.max(INPUT_MIN, v));
const LEVELS = [4.5, 4, 3.5, 3, 2.5, 2] as const;

/** Demo scenarios the screens need: an unscored country, a zero score, a suspended one. */
export const DEMO_SCENARIOS = { unscored: 'MZ', zero: 'CM', suspended: 'AO' } as const;

export interface DemoCountryRef {
  name: string;
  countryId: string | null;
}

function inputs<K extends string>(country: DemoCountryRef, period: string, variables: readonly K[]): Record<K, number> {
  const code = (country.countryId ?? country.name).toUpperCase();
  const base = LEVELS[stableHash(code) % LEVELS.length];
  const out = {} as Record<K, number>;
  for (const v of variables) {
    const spread = ((stableHash(`${code}:${v}`) % 3) - 1) * 0.5;
    const drift = stableHash(`${code}:${v}:${period}`) % 7;
    out[v] = clamp(base + spread + (drift === 0 ? -0.5 : drift === 1 ? 0.5 : 0));
  }
  return out;
}

const demoText = (what: string, country: string, period: string) =>
  `<p><em>Demo data.</em> ${what} for ${country} in ${period} are illustrative only and are not an assessment of ${country}.</p>`;

/** Scoring inputs of a contracting state; null for the demo's unscored country. */
export function demoComplianceScores(country: DemoCountryRef, period: string): Omit<SaveQuestionnaireScoresBody, 'Id'> | null {
  const code = (country.countryId ?? '').toUpperCase();
  if (code === DEMO_SCENARIOS.unscored) return null;
  const h = stableHash(code || country.name);
  const values =
    code === DEMO_SCENARIOS.zero
      ? { A: 0, B: 0, C: 0, D: 0, E: 0, F: 0 }
      : inputs(country, period, ['A', 'B', 'C', 'D', 'E', 'F'] as const);
  // the demo accounts' country is on the watchlist, so its notices can be shown
  const watchlist = country.name === DEMO_COUNTRY || stableHash(`${code}:watch:${period}`) % 12 === 0;
  const isPBA = h % 5 === 0;
  return {
    ...values,
    Suspended: code === DEMO_SCENARIOS.suspended,
    isPBA,
    PBA: isPBA ? (h % 3) + 1 : null,
    QualifyingDeclarations: h % 10 < 7,
    Watchlist: watchlist,
    IsSpecialNotice: watchlist || h % 15 === 0,
    Notice: watchlist
      ? `<p><em>Demo data.</em> ${country.name} is on watch in ${period} due to ongoing material developments whose impact has not yet been assessed; read this scorecard with added caution.</p>`
      : h % 15 === 0
        ? `<p><em>Demo data.</em> A special notice for ${country.name} in ${period}.</p>`
        : null,
    ExplanatoryComments: demoText('Explanatory comments', country.name, period),
    ImprovingScore: demoText('Ways of improving the score', country.name, period),
    Acknowledgements: demoText('Acknowledgements', country.name, period),
  };
}

/** Enforceability inputs of a country outside the treaty. */
export function demoEnforceabilityScores(country: DemoCountryRef, period: string): Omit<SaveEnforceabilityBody, 'GroupId' | 'PeriodId'> {
  return {
    ...inputs(country, period, ['A', 'B', 'C', 'D'] as const),
    ExplanatoryComments: demoText('Explanatory comments', country.name, period),
    ImprovingScore: demoText('Ways of improving the score', country.name, period),
    Acknowledgements: demoText('Acknowledgements', country.name, period),
  };
}
