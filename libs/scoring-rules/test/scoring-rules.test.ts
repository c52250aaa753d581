import {
  asuConclusion,
  asuConditions,
  complianceCategory,
  complianceScore,
  enforceabilityCategory,
  enforceabilityScore,
  isValidInput,
  roundToHalf,
  VARIABLES,
  WEIGHTS,
} from '@cti/scoring-rules';

const all = (n: number) => ({ A: n, B: n, C: n, D: n, E: n, F: n });

describe('compliance score', () => {
  it.each([0, 1, 2, 3] as const)('level %s weights sum to 20 (maximum 100)', (level) => {
    expect(VARIABLES.reduce((s, v) => s + WEIGHTS[level][v], 0)).toBeCloseTo(20);
    expect(complianceScore(all(5), level > 0, level || null)).toBe(100);
  });

  it('uses level-0 weights when isPBA is not ticked, whatever PBA holds', () => {
    const inputs = { A: 4, B: 3, C: 2, D: 5, E: 1, F: 0 };
    expect(complianceScore(inputs, false, 3)).toBe(5 * (4 + 3) + 2.5 * (2 + 5 + 1 + 0));
  });

  it('uses the PBA level weights when ticked', () => {
    const inputs = { A: 4, B: 3, C: 2, D: 5, E: 1, F: 0 };
    expect(complianceScore(inputs, true, 1)).toBe(roundToHalf(20 + 5.6 * 3 + 2.5 * 7 + 2.2 * 1));
    expect(complianceScore(inputs, true, 2)).toBe(roundToHalf(20 + 18 + 17.5 + 2));
    expect(complianceScore(inputs, true, 3)).toBe(roundToHalf(20 + 6.4 * 3 + 17.5 + 1.8));
  });

  it('rounds to the nearest half', () => {
    expect(roundToHalf(57.2)).toBe(57);
    expect(roundToHalf(57.25)).toBe(57.5);
    expect(roundToHalf(57.74)).toBe(57.5);
    expect(roundToHalf(57.75)).toBe(58);
  });
});

describe('enforceability score', () => {
  it('is 5·A + 8·B + 3.5·(C + D)', () => {
    expect(enforceabilityScore({ A: 1, B: 2, C: 3, D: 4 })).toBe(5 + 16 + 3.5 * 7);
    expect(enforceabilityScore({ A: 5, B: 5, C: 5, D: 5 })).toBe(100);
  });
});

describe('categories at every band edge', () => {
  it.each([
    [100, 'Very High'], [87, 'Very High'], [86.5, 'High'], [75, 'High'], [74.5, 'Medium'], [60, 'Medium'], [59.5, 'Low'], [0, 'Low'],
    [-1, 'Not Defined'], [100.5, 'Not Defined'], [null, 'Not Defined'],
  ])('compliance %s → %s', (score, category) => expect(complianceCategory(score as number | null)).toBe(category));

  it.each([
    [100, 'Very High'], [87, 'Very High'], [86.5, 'High'], [75, 'High'], [74.5, 'Medium'], [50, 'Medium'], [49.5, 'Low'], [0, 'Low'], [101, 'Not Defined'],
  ])('enforceability %s → %s', (score, category) => expect(enforceabilityCategory(score)).toBe(category));
});

describe('inputs and ASU', () => {
  it('accepts 0–5 in steps of .5 only', () => {
    expect([0, 0.5, 2.5, 5].every(isValidInput)).toBe(true);
    expect([-0.5, 5.5, 1.25, NaN, '3'].some(isValidInput)).toBe(false);
  });

  it('derives the three ASU conditions and the conclusion', () => {
    expect(asuConditions({ QualifyingDeclarations: true, A: 4, B: 2.5 })).toEqual({ condition1: 'Yes', condition2: 'Yes', condition3: 'No' });
    expect(asuConditions({ QualifyingDeclarations: false, A: 3.5, B: null })).toEqual({ condition1: 'No', condition2: 'No', condition3: '-' });
    expect(asuConclusion({ Suspended: true, ASU: 'Compliant' })).toBe('Suspended');
    expect(asuConclusion({ Suspended: false, ASU: 'Compliant' })).toBe('Compliant');
  });
});
