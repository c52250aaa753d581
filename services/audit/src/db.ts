import type { Executor, Generated, Kysely } from '@cti/db';
import type { EventTables } from '@cti/events';
import type { ServiceApp } from '@cti/service-kit';

export interface AuditRowsTable {
  id: Generated<string>;
  eventId: string;
  eventType: string;
  action: string;
  value: string;
  country: string;
  name: string;
  actorUserId: string | null;
  stamp: string;
  questionId: string | null;
  questionnaireId: string | null;
  groupId: string | null;
}

export interface AuditDB extends EventTables {
  auditRows: AuditRowsTable;
}

export type AuditExecutor = Executor<AuditDB>;
export const auditDb = (app: ServiceApp) => app.db as Kysely<AuditDB>;
