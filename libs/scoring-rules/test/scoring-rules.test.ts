import {
  averageByPeriod,
  indexStanding,
  ordinal,
  periodsInOrder,
  standingText,
  asuConclusion,
  asuConditions,
  asuValue,
  explainScoreChange,
  formatMove,
  formatPoints,
  indexSortScore,
  MAP_LEGEND,
  mapCategory,
  periodYear,
  complianceCategory,
  complianceScore,
  enforceabilityCategory,
  enforceabilityScore,
  isValidInput,
  isScored,
  complianceBreakdown,
  complianceOutcome,
  enforceabilityBreakdown,
  formatExactPoints,
  formatRounding,
  ENFORCEABILITY_VARIABLES,
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
    [100, 'Very High'],
    [87, 'Very High'],
    [86.5, 'High'],
    [75, 'High'],
    [74.5, 'Medium'],
    [60, 'Medium'],
    [59.5, 'Low'],
    [0.5, 'Low'],
    [0, 'Unscored'],
    [-1, 'Not Defined'],
    [100.5, 'Not Defined'],
    [null, 'Unscored'],
  ])('compliance %s → %s', (score, category) => expect(complianceCategory(score)).toBe(category));

  it.each([
    [100, 'Very High'],
    [87, 'Very High'],
    [86.5, 'High'],
    [75, 'High'],
    [74.5, 'Medium'],
    [50, 'Medium'],
    [49.5, 'Low'],
    [0.5, 'Low'],
    [0, 'Unscored'],
    [101, 'Not Defined'],
  ])('enforceability %s → %s', (score, category) => expect(enforceabilityCategory(score)).toBe(category));
});

describe('inputs and ASU', () => {
  it('accepts 0–5 in steps of .5 only', () => {
    expect([0, 0.5, 2.5, 5].every(isValidInput)).toBe(true);
    expect([-0.5, 5.5, 1.25, NaN, '3'].some(isValidInput)).toBe(false);
  });

  it('derives the three ASU conditions and the conclusion', () => {
    expect(asuConditions({ QualifyingDeclarations: true, A: 4, B: 2.5 })).toEqual({
      condition1: 'Yes',
      condition2: 'Yes',
      condition3: 'No',
    });
    expect(asuConditions({ QualifyingDeclarations: false, A: 3.5, B: null })).toEqual({
      condition1: 'No',
      condition2: 'No',
      condition3: '-',
    });
    expect(asuConclusion({ Suspended: true, ASU: 'Compliant' })).toBe('Suspended');
    expect(asuConclusion({ Suspended: false, ASU: 'Compliant' })).toBe('Compliant');
  });
});

describe('compliance score at every level for mixed inputs', () => {
  const inputs = { A: 3.5, B: 2.5, C: 4, D: 1.5, E: 0.5, F: 5 };
  it.each([
    [0, 5 * 3.5 + 5 * 2.5 + 2.5 * 4 + 2.5 * 1.5 + 2.5 * 0.5 + 2.5 * 5],
    [1, 5 * 3.5 + 5.6 * 2.5 + 2.5 * 4 + 2.5 * 1.5 + 2.2 * 0.5 + 2.2 * 5],
    [2, 5 * 3.5 + 6 * 2.5 + 2.5 * 4 + 2.5 * 1.5 + 2 * 0.5 + 2 * 5],
    [3, 5 * 3.5 + 6.4 * 2.5 + 2.5 * 4 + 2.5 * 1.5 + 1.8 * 0.5 + 1.8 * 5],
  ] as const)('level %s gives the rounded weighted sum', (level, raw) => {
    expect(complianceScore(inputs, level > 0, level || null)).toBe(roundToHalf(raw));
  });

  it('ignores a PBA outside 1–3 even when ticked', () => {
    expect(complianceScore(inputs, true, 7)).toBe(complianceScore(inputs, false, null));
  });

  it('is 0 for all-zero inputs at every level', () => {
    for (const level of [0, 1, 2, 3]) expect(complianceScore(all(0), level > 0, level)).toBe(0);
  });
});

describe('enforceability score edges', () => {
  it('rounds to the nearest half', () => {
    // 3.5 · (0.5 + 0) = 1.75 → 2
    expect(enforceabilityScore({ A: 0, B: 0, C: 0.5, D: 0 })).toBe(2);
    expect(enforceabilityScore({ A: 0, B: 0, C: 0, D: 0 })).toBe(0);
  });
});

describe('ASU value', () => {
  it('is Eligible only when all three conditions hold', () => {
    expect(asuValue({ QualifyingDeclarations: true, A: 4, B: 3 })).toBe('Eligible');
    expect(asuValue({ QualifyingDeclarations: false, A: 5, B: 5 })).toBe('Not Eligible');
    expect(asuValue({ QualifyingDeclarations: true, A: 3.5, B: 5 })).toBe('Not Eligible');
    expect(asuValue({ QualifyingDeclarations: true, A: 5, B: 2.5 })).toBe('Not Eligible');
  });
  it('is absent for an unscored country', () => {
    expect(asuValue({ QualifyingDeclarations: true, A: null, B: null })).toBeNull();
  });
});

describe('index sorting and map classes', () => {
  it('adds one point for special-notice rows', () => {
    expect(indexSortScore({ Score: 80, IsSpecialNotice: true })).toBe(81);
    expect(indexSortScore({ Score: 80, IsSpecialNotice: false })).toBe(80);
    expect(indexSortScore({ Score: null, IsSpecialNotice: false })).toBe(0);
  });

  it.each([
    [{ Score: 90, Suspended: false }, 'Very High'],
    [{ Score: 87, Suspended: false }, 'Very High'],
    [{ Score: 86.5, Suspended: false }, 'High'],
    [{ Score: 60, Suspended: false }, 'Medium'],
    [{ Score: 59.5, Suspended: false }, 'Low'],
    [{ Score: 0.5, Suspended: false }, 'Low'],
    [{ Score: 0, Suspended: false }, 'Insufficient Legal Analysis'],
    [{ Score: null, Suspended: false }, 'Insufficient Legal Analysis'],
    [{ Score: 95, Suspended: true }, 'Suspended'],
    [null, 'No data available'],
  ] as const)('%j is %s on the map', (row, expected) => expect(mapCategory(row)).toBe(expected));

  it('lists the legend in the spec order', () => {
    expect(MAP_LEGEND).toEqual(['Very High', 'High', 'Medium', 'Low', 'Suspended', 'Insufficient Legal Analysis', 'No data available']);
  });
});

describe('period year', () => {
  it('reads the year from the name, else from the creation date', () => {
    expect(periodYear('2024 1st Q')).toBe(2024);
    expect(periodYear('March 2023')).toBe(2023);
    expect(periodYear('Spring', '2022-03-01T00:00:00Z')).toBe(2022);
    expect(periodYear('Spring')).toBeNull();
  });
});

describe('explained score change', () => {
  const base: { A: number; B: number; C: number; D: number; E: number; F: number; isPBA: boolean; PBA: number | null } = {
    A: 4,
    B: 3,
    C: 2,
    D: 5,
    E: 1,
    F: 0,
    isPBA: false,
    PBA: null,
  };
  const scored = (inputs: typeof base) => {
    const Score = complianceScore(inputs, inputs.isPBA, inputs.PBA);
    return { ...inputs, Score, Category: complianceCategory(Score) };
  };

  it('names each variable that moved and the points it moved', () => {
    const e = explainScoreChange(scored(base), scored({ ...base, A: 5, E: 0.5 }));
    expect(e.moves).toEqual([
      { variable: 'A', from: 4, to: 5, points: 5 },
      { variable: 'E', from: 1, to: 0.5, points: -1.25 },
    ]);
    expect(formatMove(e.moves[0])).toBe('A 4→5, +5.0');
    expect(formatMove(e.moves[1])).toBe('E 1→0.5, −1.25');
    expect(formatPoints(2.5)).toBe('+2.5');
    expect(formatPoints(-0.25)).toBe('−0.25');
    expect(e.levelPoints).toBe(0);
    // 3.75 unrounded, rounded scores differ by 4
    expect(e.delta).toBe(4);
    expect(e.roundingPoints).toBe(0.25);
  });

  it('reports the category change', () => {
    const low = { ...base, A: 2, B: 2, C: 2, D: 2, E: 2, F: 2 };
    const e = explainScoreChange(scored(low), scored({ ...low, A: 5, B: 5 }));
    expect(e.categoryFrom).toBe('Low');
    expect(e.categoryTo).toBe('Medium');
  });

  it('separates a change of precedent-adjustment level from input moves', () => {
    const e = explainScoreChange(scored(base), scored({ ...base, isPBA: true, PBA: 2 }));
    expect(e.moves).toEqual([]);
    expect(e.levelFrom).toBe(0);
    expect(e.levelTo).toBe(2);
    // B +1·3, E −0.5·1, F −0.5·0
    expect(e.levelPoints).toBe(2.5);
    expect(e.delta).toBe(e.levelPoints + e.roundingPoints);
  });

  it('adds up to the score delta', () => {
    const e = explainScoreChange(scored({ ...base, isPBA: true, PBA: 3 }), scored({ ...base, B: 4.5, F: 2, isPBA: true, PBA: 1 }));
    const sum = e.moves.reduce((s, m) => s + m.points, 0) + e.levelPoints + e.roundingPoints;
    expect(sum).toBeCloseTo(e.delta);
  });
});

describe('a score of 0 is no score (Low starts above 0)', () => {
  it('is Unscored on the index and Insufficient Legal Analysis on the map, from the same rule', () => {
    expect(complianceCategory(0)).toBe('Unscored');
    expect(enforceabilityCategory(0)).toBe('Unscored');
    expect(mapCategory({ Score: 0, Suspended: false })).toBe('Insufficient Legal Analysis');
    expect(isScored(0)).toBe(false);
    expect(isScored(null)).toBe(false);
    expect(isScored(0.5)).toBe(true);
  });
});

describe('points tables add up to the shown score', () => {
  it('shows exact points: 3.5 × 3.5 is 12.25, not 12.3', () => {
    const b = enforceabilityBreakdown({ A: 4, B: 4, C: 3.5, D: 3.5 });
    expect(b.rows.map((r) => formatExactPoints(r.points))).toEqual(['20.00', '32.00', '12.25', '12.25']);
    expect(b.sum).toBe(76.5);
    expect(b.rounding).toBe(0);
    expect(b.score).toBe(enforceabilityScore({ A: 4, B: 4, C: 3.5, D: 3.5 }));
  });

  it('names what rounding to the half added, so rows and rounding make the score', () => {
    const b = enforceabilityBreakdown({ A: 3, B: 4.5, C: 3.5, D: 3 });
    // 15 + 36 + 12.25 + 10.5 = 73.75 → 74
    expect(b.sum).toBe(73.75);
    expect(b.score).toBe(74);
    expect(formatRounding(b.rounding)).toBe('+0.25');
    const pba = complianceBreakdown({ A: 3.5, B: 3.5, C: 3, D: 2.5, E: 0.5, F: 1.5 }, true, 1);
    expect(pba.rows.find((r) => r.variable === 'B')!.points).toBe(19.6);
    expect(formatRounding(-0.05)).toBe('−0.05');
  });

  it('agrees with the score formulas for every enforceability input and a spread of compliance inputs', () => {
    const steps = Array.from({ length: 11 }, (_, i) => i / 2);
    const hundredths = (n: number) => Math.round(n * 100);
    const addsUp = (b: { rows: Array<{ points: number }>; rounding: number; score: number }) =>
      hundredths(b.rows.reduce((s, r) => s + r.points, 0) + b.rounding) === hundredths(b.score) &&
      b.rows.every((r) => Math.abs(r.points * 20 - Math.round(r.points * 20)) < 1e-9);
    const wrong: unknown[] = [];
    for (const A of steps)
      for (const B of steps)
        for (const C of steps)
          for (const D of steps) {
            const b = enforceabilityBreakdown({ A, B, C, D });
            if (b.score !== enforceabilityScore({ A, B, C, D }) || !addsUp(b)) wrong.push({ A, B, C, D });
          }
    let seed = 7;
    const next = () => steps[(seed = (seed * 1103515245 + 12345) % 2147483648) % 11];
    for (let i = 0; i < 5000; i++) {
      const inputs = { A: next(), B: next(), C: next(), D: next(), E: next(), F: next() };
      for (const level of [0, 1, 2, 3]) {
        const b = complianceBreakdown(inputs, level > 0, level);
        if (b.score !== complianceScore(inputs, level > 0, level) || !addsUp(b)) wrong.push({ ...inputs, level });
      }
    }
    expect(wrong).toEqual([]);
    expect(ENFORCEABILITY_VARIABLES).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('the outcome of a set of inputs (what a save stores and the simulator shows)', () => {
  const base = { isPBA: false, PBA: null, QualifyingDeclarations: true, Suspended: false };

  it('is the score, its category and the ASU value of the same rules', () => {
    expect(complianceOutcome({ ...base, inputs: { A: 4, B: 3.5, C: 3, D: 2.5, E: 4, F: 3 } })).toMatchObject({
      score: 69,
      category: 'Medium',
      asu: 'Eligible',
      asuConclusion: 'Eligible',
    });
    const adjusted = complianceOutcome({ ...base, isPBA: true, PBA: 1, QualifyingDeclarations: false, inputs: all(3) });
    expect(adjusted.score).toBe(complianceScore(all(3), true, 1));
    expect(adjusted.asu).toBe('Not Eligible');
  });

  it('has no ASU value for a score of 0 and shows Suspended for a suspended state', () => {
    expect(complianceOutcome({ ...base, inputs: all(0) })).toMatchObject({ score: 0, category: 'Unscored', asu: null, asuConclusion: '-' });
    expect(complianceOutcome({ ...base, Suspended: true, inputs: all(5) })).toMatchObject({ asu: 'Eligible', asuConclusion: 'Suspended' });
  });
});

describe('where a country stands (the context of a scorecard)', () => {
  const row = (GroupId: string, Score: number, PeriodId: string | null = 'p2') => ({ GroupId, Score, PeriodId });

  it('writes ordinals as English does, the teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 51, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '51st',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('ranks among the countries scored in the same period, ties sharing a rank, with their average', () => {
    const rows = [row('a', 90), row('b', 80), row('c', 80), row('d', 60), row('e', 0), row('old', 99, 'p1'), row('none', 0, null)];
    expect(indexStanding(rows, 'a')).toEqual({ rank: 1, of: 4, tied: false, average: 77.5 });
    expect(indexStanding(rows, 'c')).toEqual({ rank: 2, of: 4, tied: true, average: 77.5 });
    expect(indexStanding(rows, 'd')).toMatchObject({ rank: 4, of: 4 });
    expect(standingText(indexStanding(rows, 'b')!)).toBe('joint 2nd of 4');
    expect(standingText(indexStanding(rows, 'd')!)).toBe('4th of 4');
  });

  it('has no standing for an unscored or unknown country', () => {
    expect(indexStanding([row('a', 0)], 'a')).toBeNull();
    expect(indexStanding([row('a', 70)], 'b')).toBeNull();
  });

  it('averages the scored countries of each period, to one decimal', () => {
    const averages = averageByPeriod([
      { PeriodId: 'p1', Score: 70 },
      { PeriodId: 'p1', Score: 75.5 },
      { PeriodId: 'p1', Score: 0 },
      { PeriodId: 'p2', Score: 61 },
    ]);
    expect([...averages]).toEqual([
      ['p1', 72.8],
      ['p2', 61],
    ]);
  });
});

describe('periods of several histories in order', () => {
  const h = (...ids: string[]) => ids.map((PeriodId) => ({ PeriodId }));

  it('places a period only some countries were scored in where it belongs, whoever is listed first', () => {
    const ids = periodsInOrder([h('p2', 'p3', 'p4'), h('p1', 'p2', 'p3', 'p4'), h('p4', 'p5')]).map((p) => p.PeriodId);
    expect(ids).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('keeps the first row it met of each period, and copes with no history at all', () => {
    const periods = periodsInOrder([[{ PeriodId: 'p1', name: 'a' }], [{ PeriodId: 'p1', name: 'b' }]]);
    expect(periods).toEqual([{ PeriodId: 'p1', name: 'a' }]);
    expect(periodsInOrder([])).toEqual([]);
  });
});
