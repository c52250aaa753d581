import type { EventActor, IndexCountryRow } from '@cti/contracts';
import { ScoringMessages } from '@cti/contracts';
import { appendToOutbox, NotFound } from '@cti/service-kit';

import { inWriteTransaction, type ScoringWriteDeps, type TraceContext } from '../context';
import { rebuildReadModels } from '../read-models/rebuild';
import type { CountryRow } from '../read-models/snapshot';

import { findCountry, setContracting } from './repository';

export const indexCountryOf = (c: CountryRow): IndexCountryRow => ({
  GroupId: c.groupId,
  Name: c.name,
  CountryId: c.countryId,
  LogoPath: c.logoPath,
  Contracting: c.contracting,
});

/**
 * An admin decides whether a country is a contracting state (Compliance Index) or not
 * (Enforceability Index). Its scores stay; it just moves between the indexes.
 */
export async function reclassifyCountry(
  deps: ScoringWriteDeps,
  context: TraceContext,
  groupId: string,
  contracting: boolean,
  actor: EventActor | null,
): Promise<IndexCountryRow> {
  return inWriteTransaction(deps, context, async (trx) => {
    const country = await findCountry(trx, groupId);
    if (!country) throw new NotFound(ScoringMessages.countryFailed);
    if (country.contracting !== contracting) {
      await setContracting(trx, groupId, contracting);
      await appendToOutbox(trx, {
        type: 'evt.scoring.country.reclassified',
        actor,
        data: { groupId, groupName: country.name, contracting },
      });
      await rebuildReadModels(trx, deps.settings, { groupIds: [groupId] });
    }
    return indexCountryOf({ ...country, contracting });
  });
}
