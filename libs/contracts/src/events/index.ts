import type Type from 'typebox';

import { AuditEvents } from './audit';
import { CommerceEvents } from './commerce';
import { DocumentsEvents } from './documents';
import type { EventActor } from './envelope';
import { IdentityEvents } from './identity';
import { NotificationsEvents } from './notifications';
import { QuestionnaireEvents } from './questionnaire';
import { ScoringEvents } from './scoring';

export * from './envelope';
export { AuditEntry, AUDIT_GENESIS_HASH, auditChainText } from './audit';
export { ScorecardFacts } from './scoring';
export { AlertEmailMode } from './notifications';
export { INTEGRATION_EVENT_TYPES } from './integrations';
export { IdentityEvents, QuestionnaireEvents, ScoringEvents, DocumentsEvents, CommerceEvents, AuditEvents, NotificationsEvents };

/** Every event of the platform: its type (= subject) and the schema of its data. */
export const EventSchemas = {
  ...IdentityEvents,
  ...QuestionnaireEvents,
  ...ScoringEvents,
  ...DocumentsEvents,
  ...CommerceEvents,
  ...AuditEvents,
  ...NotificationsEvents,
};
export type EventType = keyof typeof EventSchemas;
export type EventData<T extends EventType> = Type.Static<(typeof EventSchemas)[T]>;

/** A typed domain event as published and consumed. */
export type DomainEvent<T extends EventType = EventType> = {
  [K in T]: {
    id: string;
    type: K;
    occurredAt: string;
    actor: EventActor | null;
    data: EventData<K>;
  };
}[T];

/** What a use-case hands to the outbox; id and time are stamped there. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; actor: EventActor | null; data: EventData<K> };
}[T];
