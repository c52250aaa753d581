import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB } from '../db';

import { forgetCertifiedScorecard, upsertCertifiedScorecard } from './repository';

/**
 * Commerce's projection of what each country's scorecard shows now (scoring's
 * `evt.scoring.scores.saved` carries the scorecard after the save): the documents service
 * certifies that scorecard, so a certified scorecard can be delivered for that period only,
 * and checkout sells nothing else. A save without the scorecard (events recorded before it
 * was added) tells nothing about it and is skipped.
 */
export const certifiedScorecardsConsumer: ConsumerDefinition<CommerceDB> = {
  name: 'certified-scorecards',
  filter: ['evt.scoring.scores.saved'],
  async handle(event, trx) {
    if (event.type !== 'evt.scoring.scores.saved' || !event.data.scorecard) return;
    const after = event.data.scorecard.after;
    if (!after) {
      await forgetCertifiedScorecard(trx, event.data.groupId);
      return;
    }
    await upsertCertifiedScorecard(trx, {
      groupId: event.data.groupId,
      periodId: after.periodId,
      periodName: after.periodName,
      score: after.score,
    });
  },
};
