import type { DomainEvent } from '@cti/contracts';

import type { NotificationsExecutor } from '../db';

import type { ChangeDraft } from './change-parts';
import { insertAlertsForFollowers, insertChange } from './repository';

/**
 * Stores a change and queues one alert for each of its followers (all followers for a
 * change of no country), in the consumer's transaction. The change is keyed by its
 * event's id and each alert by follower and change: an event seen twice adds nothing.
 * Returns how many alerts were queued.
 */
export async function recordChange(trx: NotificationsExecutor, event: DomainEvent, draft: ChangeDraft): Promise<number> {
  const changeId = await insertChange(trx, event, draft);
  if (!changeId) return 0;
  return insertAlertsForFollowers(trx, changeId, draft.groupId, event.occurredAt);
}
