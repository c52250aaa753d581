import type { DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB, CommerceExecutor } from '../db';

/**
 * Commerce's projection of identity's country groups: what the per-country
 * subscription can be bought for, and the names purchases are shown with.
 */
export const countriesConsumer: ConsumerDefinition = {
  name: 'countries',
  filter: ['evt.identity.group.*'],
  async handle(event: DomainEvent, trx: Transaction<any>) {
    if (event.type !== 'evt.identity.group.created' && event.type !== 'evt.identity.group.updated') return;
    const db = trx as Transaction<CommerceDB>;
    const { groupId, name, type } = event.data;
    if (type !== 'Country') {
      await db.deleteFrom('countries').where('groupId', '=', groupId).execute();
      return;
    }
    await db
      .insertInto('countries')
      .values({ groupId, name })
      .onConflict((oc) => oc.column('groupId').doUpdateSet({ name }))
      .execute();
  },
};

export const listCountries = (db: CommerceExecutor) => db.selectFrom('countries').selectAll().orderBy('name').execute();

export async function countryNames(db: CommerceExecutor, groupIds: readonly string[]): Promise<Map<string, string>> {
  if (!groupIds.length) return new Map();
  const rows = await db
    .selectFrom('countries')
    .selectAll()
    .where('groupId', 'in', [...groupIds])
    .execute();
  return new Map(rows.map((r) => [r.groupId, r.name]));
}
