import type { ComplianceInputs, PbaLevel } from '@cti/scoring-rules';

/** One worked example of the methodology: the inputs and the published arithmetic, written out by hand. */
export interface WorkedExample {
  id: string;
  title: string;
  inputs: ComplianceInputs;
  level: PbaLevel;
  qualifyingDeclarations: boolean;
  /** The weighted sum as the methodology writes it out. */
  arithmetic: string;
  sum: number;
  score: number;
  category: string;
  asu: string;
}

/**
 * The methodology's worked examples. These are text, not computed: the scorecard's
 * what-if simulator and a test check that the scoring rules reproduce them exactly.
 */
export const WORKED_EXAMPLES: readonly WorkedExample[] = [
  {
    id: 'example-no-adjustment',
    title: 'No precedent adjustment, rounded up',
    inputs: { A: 4, B: 3.5, C: 3, D: 2.5, E: 4, F: 3 },
    level: 0,
    qualifyingDeclarations: true,
    arithmetic: '5 × (4 + 3.5) + 2.5 × (3 + 2.5 + 4 + 3) = 37.5 + 31.25',
    sum: 68.75,
    score: 69,
    category: 'Medium',
    asu: 'Eligible',
  },
  {
    id: 'example-level-2',
    title: 'Level II adjustment',
    inputs: { A: 5, B: 4.5, C: 4, D: 4, E: 3.5, F: 3 },
    level: 2,
    qualifyingDeclarations: true,
    arithmetic: '5 × 5 + 6 × 4.5 + 2.5 × (4 + 4) + 2 × (3.5 + 3) = 25 + 27 + 20 + 13',
    sum: 85,
    score: 85,
    category: 'High',
    asu: 'Eligible',
  },
  {
    id: 'example-level-1',
    title: 'Level I adjustment, rounded down, ASU conditions not met',
    inputs: { A: 3.5, B: 2.5, C: 3, D: 3.5, E: 2.5, F: 2 },
    level: 1,
    qualifyingDeclarations: false,
    arithmetic: '5 × 3.5 + 5.6 × 2.5 + 2.5 × (3 + 3.5) + 2.2 × (2.5 + 2) = 17.5 + 14 + 16.25 + 9.9',
    sum: 57.65,
    score: 57.5,
    category: 'Low',
    asu: 'Not Eligible',
  },
  {
    id: 'example-level-3',
    title: 'Level III adjustment',
    inputs: { A: 4.5, B: 5, C: 4.5, D: 5, E: 4, F: 4.5 },
    level: 3,
    qualifyingDeclarations: true,
    arithmetic: '5 × 4.5 + 6.4 × 5 + 2.5 × (4.5 + 5) + 1.8 × (4 + 4.5) = 22.5 + 32 + 23.75 + 15.3',
    sum: 93.55,
    score: 93.5,
    category: 'Very High',
    asu: 'Eligible',
  },
];
