import { projectPeriod } from '@cti/events';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB } from '../db';

/**
 * Commerce's projection of the questionnaire periods: a certified scorecard is ordered for
 * one period, and the order is named with it ("Sri Lanka — certified scorecard, 2026 2nd Q").
 * A new durable consumer reads the stream from its start, so periods opened before it
 * existed arrive too.
 */
export const periodsConsumer: ConsumerDefinition<CommerceDB> = {
  name: 'periods',
  filter: ['evt.questionnaire.period.opened'],
  async handle(event, trx) {
    await projectPeriod(trx, event, { table: 'periods', row: ({ name }) => ({ name }) });
  },
};
