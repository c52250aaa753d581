import type { DomainEvent } from '@cti/contracts';
import type { AuditExecutor } from '../db';
import { describeEvent } from './describe-event';

/** Stores one event as one audit row; the consumer guarantees once-only per event id. */
export async function recordEvent(trx: AuditExecutor, event: DomainEvent): Promise<void> {
  const row = describeEvent(event);
  await trx
    .insertInto('auditRows')
    .values({
      eventId: event.id,
      eventType: event.type,
      action: row.action,
      value: row.value,
      country: event.actor?.groupNames.join(', ') ?? '',
      name: event.actor?.name ?? 'System',
      actorUserId: event.actor?.userId ?? null,
      stamp: event.occurredAt,
      questionId: row.questionId ?? null,
      questionnaireId: row.questionnaireId ?? null,
      groupId: row.groupId ?? null,
    })
    .onConflict((oc) => oc.column('eventId').doNothing())
    .execute();
}
