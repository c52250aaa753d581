import type { DomainEvent } from '@cti/contracts';
import { sql } from '@cti/db';

import type { NotificationsExecutor } from '../db';

import type { ChangeDraft } from './change-parts';

/**
 * Stores a change and queues one alert for each of its followers (all followers for a
 * change of no country), in the consumer's transaction. The change is keyed by its
 * event's id and each alert by follower and change: an event seen twice adds nothing.
 * Returns how many alerts were queued.
 */
export async function recordChange(trx: NotificationsExecutor, event: DomainEvent, draft: ChangeDraft): Promise<number> {
  const change = await trx
    .insertInto('changes')
    .values({
      eventId: event.id,
      eventType: event.type,
      groupId: draft.groupId,
      parts: JSON.stringify(draft.parts),
      document: JSON.stringify(draft.document),
      link: draft.link,
      occurredAt: event.occurredAt,
    })
    .onConflict((oc) => oc.column('eventId').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!change) return 0;
  // one statement, set-based: a country with 10,000 followers is one insert
  const followers = draft.groupId
    ? sql`select user_id from follows where group_id = ${draft.groupId}`
    : sql`select distinct user_id from follows`;
  // users who turned alert e-mails off get theirs in the app only
  const result = await sql`
    insert into alerts (user_id, change_id, created_at, email_state)
    select f.user_id, ${change.id}::uuid, ${event.occurredAt}::timestamptz,
           case when s.email_mode = 'off' then 'skipped' else 'pending' end
    from (${followers}) f left join user_settings s on s.user_id = f.user_id
    on conflict (user_id, change_id) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
