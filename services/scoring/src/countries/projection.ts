import type { IndexAccessSettings } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';
import { projectCountryGroup } from '@cti/events';

import type { ScoringExecutor } from '../db';
import { rebuildReadModels } from '../read-models/rebuild';

import { countryRefresh, findCountry, upsertCountry } from './repository';

/**
 * Which index a country first seen stands on: true for the Compliance Index (contracting
 * states). Scoring's own choice, set once; admins change it later (`reclassifyCountry`).
 */
export type ContractingOf = (country: { name: string; countryId: string | null }) => boolean;

/** A new country stands on the Compliance Index unless an admin moves it. */
export const onComplianceIndex: ContractingOf = () => true;

const codeOf = (countryId: string | null) => (countryId ? countryId.toUpperCase() : null);

/**
 * Keeps the projection of identity's Country groups (`countries`) and the read models that
 * show them, in the consumer's transaction: a group that stops being a Country leaves
 * `countries` and both indexes.
 */
export async function projectCountry(
  trx: ScoringExecutor,
  event: DomainEvent,
  options: { settings: IndexAccessSettings; contractingOf: ContractingOf },
): Promise<void> {
  const result = await projectCountryGroup(trx, event, {
    table: 'countries',
    row: (g) => {
      const facts = { name: g.name, countryId: codeOf(g.countryId), logoPath: g.logoPath };
      return { ...facts, contracting: options.contractingOf(facts) };
    },
    update: (g) => countryRefresh({ name: g.name, countryId: codeOf(g.countryId), logoPath: g.logoPath }),
  });
  // a group that stopped being a country leaves both indexes: every read model is rebuilt
  if (result.change !== 'none')
    await rebuildReadModels(trx, options.settings, result.change === 'upserted' ? { groupIds: [result.groupId] } : {});
}

/**
 * Records a country another service's event names before identity's own group event has
 * arrived; that event fills in its code and flag later.
 */
export async function ensureCountry(trx: ScoringExecutor, groupId: string, name: string, contractingOf: ContractingOf): Promise<void> {
  if (await findCountry(trx, groupId)) return;
  await upsertCountry(trx, { groupId, name, countryId: null, logoPath: null }, contractingOf({ name, countryId: null }));
}
