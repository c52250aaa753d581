import type { GroupIndexRow, HistoricalScoreRow } from '@cti/contracts';
import { averageByPeriod, indexStanding } from '@cti/scoring-rules';

import { ReadModelKeys } from '../read-models/build';
import type { ReadModelCache } from '../read-models/cache';

import type { ScorecardContext } from './scorecard-html';

/**
 * A printed scorecard's context, from the read models every replica keeps: the country's rank
 * among the countries scored in its period and their average (the index list), and the average
 * of each period (the historical data) for the history chart's reference line.
 */
export async function scorecardContext(cache: ReadModelCache, groupId: string): Promise<ScorecardContext> {
  const [list, history] = await Promise.all([cache.get(ReadModelKeys.indexList), cache.get(ReadModelKeys.history)]);
  return {
    standing: list ? indexStanding(list.value<GroupIndexRow[]>(), groupId) : null,
    averages: history ? averageByPeriod(history.value<HistoricalScoreRow[]>()) : new Map(),
  };
}
