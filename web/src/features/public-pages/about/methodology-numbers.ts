import {
  complianceCategory,
  UNSCORED,
  ENFORCEABILITY_VARIABLES,
  ENFORCEABILITY_WEIGHTS,
  INPUT_MAX,
  VARIABLES,
  WEIGHTS,
  type Band,
  type PbaLevel,
} from '@cti/scoring-rules';

/** Numbers as the page prints them: 5.6, 2.5, 0.5 (never 5.60). */
export const formatNumber = (n: number) => String(Number(n.toFixed(4)));

/**
 * A weighted sum written the way the methodology states it: variables sharing a weight
 * are grouped, e.g. 5(A + B) + 2.5(C + D + E + F) or 5A + 8B + 3.5(C + D).
 */
export function formulaOf<V extends string>(variables: readonly V[], weights: Readonly<Record<V, number>>): string {
  const groups: Array<{ weight: number; vars: V[] }> = [];
  for (const v of variables) {
    const last = groups[groups.length - 1];
    if (last && last.weight === weights[v]) last.vars.push(v);
    else groups.push({ weight: weights[v], vars: [v] });
  }
  return groups
    .map((g) => (g.vars.length === 1 ? `${formatNumber(g.weight)}${g.vars[0]}` : `${formatNumber(g.weight)}(${g.vars.join(' + ')})`))
    .join(' + ');
}

/** Highest possible score: every input at its maximum. */
export const maxScore = (weights: Readonly<Record<string, number>>) => Object.values(weights).reduce((s, w) => s + w * INPUT_MAX, 0);

/** Share of the maximum score carried by some variables, in percent. */
export const shareOf = <V extends string>(weights: Readonly<Record<V, number>>, vars: readonly V[]) =>
  Math.round((vars.reduce((s, v) => s + weights[v] * INPUT_MAX, 0) / maxScore(weights)) * 100);

/** "87 to 100", "75 to below 87", "above 0 to below 60" (the top band includes 100, the others exclude their upper bound). */
export const bandRange = (band: Band) => {
  // the lowest band starts above 0: a score of 0 is no score (Unscored), as complianceCategory(0) says
  const from = band.min === 0 && complianceCategory(0) === UNSCORED ? 'above 0' : formatNumber(band.min);
  return band.max === 100 ? `${from} to 100` : `${from} to below ${formatNumber(band.max)}`;
};

/** How a precedent-adjustment level moves weight, relative to level 0, per variable. */
export function weightShift(level: PbaLevel): Array<{ variable: (typeof VARIABLES)[number]; from: number; to: number }> {
  return VARIABLES.filter((v) => WEIGHTS[level][v] !== WEIGHTS[0][v]).map((v) => ({
    variable: v,
    from: WEIGHTS[0][v],
    to: WEIGHTS[level][v],
  }));
}

export const enforceabilityFormula = () => formulaOf(ENFORCEABILITY_VARIABLES, ENFORCEABILITY_WEIGHTS);

/** The CSS modifier of a category badge or swatch ("Very High" → "very-high"). */
export const categoryClass = (category: string) => `category-${category.toLowerCase().replace(/\s+/g, '-')}`;
