import type { DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB, CommerceExecutor } from '../db';

/**
 * Commerce's projection of the questionnaire periods: a certified scorecard is ordered for
 * one period, and the order is named with it ("Sri Lanka — certified scorecard, 2026 2nd Q").
 * A new durable consumer reads the stream from its start, so periods opened before it
 * existed arrive too.
 */
export const periodsConsumer: ConsumerDefinition = {
  name: 'periods',
  filter: ['evt.questionnaire.period.opened'],
  async handle(event: DomainEvent, trx: Transaction<any>) {
    if (event.type !== 'evt.questionnaire.period.opened') return;
    const db = trx as Transaction<CommerceDB>;
    const { periodId, name } = event.data;
    await db
      .insertInto('periods')
      .values({ periodId, name })
      .onConflict((oc) => oc.column('periodId').doUpdateSet({ name }))
      .execute();
  },
};

export async function periodNames(db: CommerceExecutor, periodIds: readonly string[]): Promise<Map<string, string>> {
  if (!periodIds.length) return new Map();
  const rows = await db
    .selectFrom('periods')
    .selectAll()
    .where('periodId', 'in', [...periodIds])
    .execute();
  return new Map(rows.map((r) => [r.periodId, r.name]));
}
