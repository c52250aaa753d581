import type { DomainEvent } from '@cti/contracts';

import { projectCountry } from '../countries/projection';
import type { NotificationsExecutor } from '../db';
import { markBounced } from '../delivery/dispatcher';
import { findDelivery } from '../delivery/repository';

import { documentChange, scorecardChange, type ChangeDraft } from './change-parts';
import { recordChange } from './record-change';

/** The events notifications consumes, in one durable consumer (so a country arrives before its scores). */
export const CONSUMED_EVENTS = [
  'evt.identity.group.created',
  'evt.identity.group.updated',
  'evt.scoring.scores.saved',
  'evt.documents.document.added',
  'evt.identity.mail.failed',
] as const;

/**
 * One event, in the consumer's transaction (run once per event id): country names, a
 * change worth an alert with one alert per follower, or a bounce of an alert e-mail.
 * Returns how many alerts it queued.
 */
export async function handleEvent(trx: NotificationsExecutor, event: DomainEvent): Promise<number> {
  let draft: ChangeDraft | null = null;
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated':
      await projectCountry(trx, event);
      return 0;
    case 'evt.scoring.scores.saved': {
      // events recorded before scoring told the scorecard before and after say too little
      const card = event.data.scorecard;
      if (card) draft = scorecardChange(event.data.groupId, card.before, card.after);
      break;
    }
    case 'evt.documents.document.added':
      draft = documentChange(event.data);
      break;
    case 'evt.identity.mail.failed': {
      const key = event.data.idempotencyKey;
      if (!key || !/^[0-9a-f-]{36}$/i.test(key)) return 0;
      const delivery = await findDelivery(trx, key);
      if (delivery) await markBounced(trx, delivery, event.data.mailId, event.data.error);
      return 0;
    }
    default:
      return 0;
  }
  return draft ? recordChange(trx, event, draft) : 0;
}
