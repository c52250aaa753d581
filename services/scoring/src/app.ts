import { defineService } from '@cti/service-kit';
import { migrations } from '../migrations';

/** Scoring: scoring inputs, scores, categories, index lists, scorecards, score history, map data, ASU. */
export const scoringService = defineService({
  name: 'scoring',
  defaultPort: 8083,
  migrations,
  async plugin() {
    // features register here
  },
});
