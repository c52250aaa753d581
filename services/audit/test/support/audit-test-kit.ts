import { randomUUID } from 'node:crypto';

import { RoleIds } from '@cti/access';
import type { DomainEvent, EventActor, EventData, EventType } from '@cti/contracts';
import { eventually, signTestToken } from '@cti/testing';

import type { AuditApp } from '../../src/db';

export const adminToken = signTestToken({
  sub: 'admin-1',
  roles: [RoleIds.Admin],
  isAdmin: true,
  name: 'Ada Admin',
  email: 'admin@example.com',
});

export const actor = (name: string, groupNames: string[] = [], userId = `u-${name.toLowerCase().replace(/\W+/g, '-')}`): EventActor => ({
  userId,
  name,
  email: `${userId}@example.com`,
  groupNames,
});

/** An event envelope as a service's outbox would publish it, with a chosen time. */
export function envelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  who: EventActor | null = null,
  occurredAt = new Date().toISOString(),
): DomainEvent<T> {
  return { id: randomUUID(), type, occurredAt, actor: who, data } as DomainEvent<T>;
}

/** Publishes envelopes on the JetStream of any service of the context (as the outbox relay does: msgID = event id). */
export async function publish(app: { events: Pick<AuditApp['events'], 'bus'> }, ...events: DomainEvent[]): Promise<DomainEvent[]> {
  const { bus } = app.events;
  for (const event of events) {
    await bus.js.publish(bus.subjects.toSubject(event.type), JSON.stringify(event), { msgID: event.id });
  }
  return events;
}

export const day = (offsetDays: number, from = new Date()) => new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
export const today = () => day(0);

export async function auditRowCount(app: AuditApp): Promise<number> {
  const row = await app.db
    .selectFrom('auditRows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until the audit log holds at least `count` rows. */
export const waitForRows = (app: AuditApp, count: number, timeoutMs = 15_000) =>
  eventually(async () => (await auditRowCount(app)) >= count, timeoutMs);

export const answerSaved = (
  over: Partial<EventData<'evt.questionnaire.answer.saved'>> = {},
): EventData<'evt.questionnaire.answer.saved'> => ({
  questionnaireId: 'q-ie-2025',
  groupId: 'g-ie',
  groupName: 'Ireland',
  periodId: 'p-2025',
  periodName: '2025 March',
  sectionId: 9,
  questionId: 'idera-1',
  question: 'Has the State made an IDERA declaration?',
  before: 'No',
  after: 'Yes',
  ...over,
});
