import type { ScorecardFacts } from '@cti/contracts';

import type { ScoringExecutor } from '../db';

import { findLatestComplianceScores } from './repository';

/**
 * What a country's Compliance Index scorecard shows: its latest scored period, in the
 * order the read models use (periods by creation, then name). Null before its first score.
 */
export async function displayedScorecard(db: ScoringExecutor, groupId: string): Promise<ScorecardFacts | null> {
  const row = await findLatestComplianceScores(db, groupId);
  if (!row) return null;
  return {
    periodId: row.periodId,
    periodName: row.periodName,
    A: row.a,
    B: row.b,
    C: row.c,
    D: row.d,
    E: row.e,
    F: row.f,
    isPBA: row.isPba,
    PBA: row.isPba ? row.pba : null,
    score: row.score,
    category: row.category,
    watchlist: row.watchlist,
    isSpecialNotice: row.isSpecialNotice,
    notice: row.notice,
    suspended: row.suspended,
    qualifyingDeclarations: row.qualifyingDeclarations,
    asu: row.asu,
  };
}
