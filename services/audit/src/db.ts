import type { ColumnType, Executor, Generated } from '@cti/db';
import type { KitTables, ServiceApp } from '@cti/service-kit';

export type AuditExecutor = Executor<AuditDB>;
/** The service's Fastify instance: `app.db` and `app.inTransaction` are typed over AuditDB. */
export type AuditApp = ServiceApp<AuditDB>;

/** One row per event, append-only, hash-chained in `seq` order. */
export interface AuditRowsTable {
  seq: number;
  /** The event's id. */
  id: string;
  eventType: string;
  action: string;
  /** HTML description; user text in it is escaped. */
  value: string;
  /** The same description as plain text (search and suggestions). */
  valueText: string;
  /** Full-text vector of valueText, computed by Postgres (generated column); searched with raw `@@` queries. */
  valueSearch: ColumnType<string | null, never, never>;
  /** The actor's groups, comma-separated (the "User Group" column). */
  country: string;
  name: string;
  actorUserId: string | null;
  stamp: string;
  questionId: string | null;
  questionnaireId: string | null;
  groupId: string | null;
  /** HMAC of the previous row's hash and this row's content. */
  hash: Buffer;
  /**
   * The change record of a Response row, from
   * evt.questionnaire.answer.saved: its questionnaire, group, question, user and stamp
   * are the row's own columns; these hold the rest. Null on other rows.
   */
  changeGroupName: string | null;
  changePeriodId: string | null;
  changePeriodName: string | null;
  changeSectionId: number | null;
  changeQuestion: string | null;
  changeBefore: string | null;
  changeAfter: string | null;
}

export interface AuditChainHeadTable {
  id: number;
  lastSeq: number;
  lastHash: Buffer;
}

export interface AuditChainChecksTable {
  id: Generated<string>;
  startedBy: string;
  startedAt: Generated<string>;
  updatedAt: Generated<string>;
  total: number;
  checked: Generated<number>;
  finishedAt: string | null;
  valid: boolean | null;
  /** AuditChainCheck['FirstBroken'] as JSON. */
  firstBroken: unknown;
}

export interface AuditReplayRequestTable {
  id: number;
  requestedAt: string | null;
}

export interface AuditFilterValuesTable {
  key: string;
  value: string;
}

export interface ScoreFactsTable {
  questionnaireId: string;
  groupId: string;
  groupName: string;
  periodId: string;
  periodName: string;
  year: number | null;
  score: number | null;
  category: string;
}

export interface PeriodsTable {
  periodId: string;
  name: string;
  year: number | null;
}

/** A user's e-mail address as identity's latest event about the user gave it (who a login's row names). */
export interface UserEmailsTable {
  userId: string;
  email: string;
}

/** The service's schema as its migrations leave it, with the kit's tables (outbox, processed events, rate limits). */
export interface AuditDB extends KitTables {
  auditRows: AuditRowsTable;
  auditChainHead: AuditChainHeadTable;
  auditChainChecks: AuditChainChecksTable;
  auditReplayRequest: AuditReplayRequestTable;
  auditFilterValues: AuditFilterValuesTable;
  scoreFacts: ScoreFactsTable;
  periods: PeriodsTable;
  userEmails: UserEmailsTable;
}
