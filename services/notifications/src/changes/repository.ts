import type { DomainEvent } from '@cti/contracts';
import { insertOnce, sql } from '@cti/db';

import type { NotificationsExecutor } from '../db';

import type { ChangeDraft } from './change-parts';

/** Stores the change an event made; returns its id, or undefined when the event was seen before. */
export async function insertChange(trx: NotificationsExecutor, event: DomainEvent, draft: ChangeDraft): Promise<string | undefined> {
  const change = await insertOnce(
    trx,
    'changes',
    {
      eventId: event.id,
      eventType: event.type,
      groupId: draft.groupId,
      parts: JSON.stringify(draft.parts),
      document: JSON.stringify(draft.document),
      link: draft.link,
      occurredAt: event.occurredAt,
    },
    'eventId',
  )
    .returning('id')
    .executeTakeFirst();
  return change?.id;
}

/**
 * One alert of a change for each follower of its country (every follower for a change of
 * no country), created when the event occurred; returns how many were added.
 */
export async function insertAlertsForFollowers(
  trx: NotificationsExecutor,
  changeId: string,
  groupId: string | null,
  occurredAt: string,
): Promise<number> {
  // one statement, set-based: a country with 10,000 followers is one insert
  const followers = groupId ? sql`select user_id from follows where group_id = ${groupId}` : sql`select distinct user_id from follows`;
  // users who turned alert e-mails off get theirs in the app only
  const result = await sql`
    insert into alerts (user_id, change_id, created_at, email_state)
    select f.user_id, ${changeId}::uuid, ${occurredAt}::timestamptz,
           case when s.email_mode = 'off' then 'skipped' else 'pending' end
    from (${followers}) f left join user_settings s on s.user_id = f.user_id
    on conflict (user_id, change_id) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
