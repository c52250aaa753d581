import type { DomainEvent } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import { projectCountryGroup } from '@cti/events';
import type { ConsumerDefinition } from '@cti/service-kit';

import type { QuestionnaireDB } from '../db';

import { upsertDirectoryUser } from './repository';

/**
 * Local projections of identity's data this service needs: Country groups (the
 * countries that get questionnaires, and their names) and users' names and
 * organizations (who acts in demo data). Fed only by identity's events.
 */
export async function projectIdentityEvent(event: DomainEvent, trx: Transaction<QuestionnaireDB>): Promise<void> {
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated':
      await projectCountryGroup(trx, event, {
        table: 'countries',
        row: (g, { occurredAt }) => ({ name: g.name, countryCode: g.countryId, logoPath: g.logoPath, active: true, updatedAt: occurredAt }),
      });
      return;
    case 'evt.identity.user.created':
    case 'evt.identity.user.updated': {
      const { userId, email, name } = event.data;
      const organization = 'organizationName' in event.data ? event.data.organizationName : '';
      await upsertDirectoryUser(trx, { userId, email, name, organization });
      return;
    }
    default:
      return;
  }
}

export const identityConsumer = (): ConsumerDefinition<QuestionnaireDB> => ({
  name: 'identity',
  // the server filters on `evt.identity.*.*`, the subject covering these four; identity's other
  // events (a login each) are acked on arrival without a transaction
  filter: ['evt.identity.group.created', 'evt.identity.group.updated', 'evt.identity.user.created', 'evt.identity.user.updated'],
  handle: (event, trx) => projectIdentityEvent(event, trx),
});
