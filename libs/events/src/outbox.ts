import { randomUUID } from 'node:crypto';

import type { DomainEvent, NewEvent } from '@cti/contracts';
import { sql, type ColumnType, type Executor, type Generated, type Kysely, type MigrationSet } from '@cti/db';

import { contextHeaders, traceContextOf } from './trace-context';

export interface OutboxTable {
  id: string;
  seq: Generated<number>;
  type: string;
  payload: unknown;
  createdAt: Generated<string>;
  sentAt: string | null;
  attempts: Generated<number>;
  lastError: string | null;
  /** Trace context and request id of the transaction that wrote the event, sent as NATS headers. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}

export interface ProcessedEventsTable {
  consumer: string;
  eventId: string;
  processedAt: Generated<string>;
}

/** Tables every service with events has in its own schema. */
export interface EventTables {
  outbox: OutboxTable;
  processedEvents: ProcessedEventsTable;
}

export const eventsMigrations: MigrationSet = {
  '20260101000100_events_outbox_and_processed_events': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('sent_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      // The relay only ever scans unsent rows, in order.
      await sql`create index outbox_unsent_idx on outbox (seq) where sent_at is null`.execute(db);
      await db.schema
        .createTable('processed_events')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('processed_events').execute();
      await db.schema.dropTable('outbox').execute();
    },
  },
  '20260101000200_events_outbox_headers': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').addColumn('headers', 'jsonb').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('outbox').dropColumn('headers').execute();
    },
  },
};

export interface AppendOptions {
  /**
   * The event id, when it must be derived from what the event reports (an audit entry
   * republished by a rebuild keeps its id); a random one otherwise.
   */
  id?: string;
}

/**
 * Writes an event to the outbox in the caller's transaction, so the event exists
 * exactly when the change it describes was committed.
 */
export async function appendToOutbox<E extends NewEvent>(
  trx: Executor<EventTables>,
  event: E,
  options: AppendOptions = {},
): Promise<DomainEvent> {
  const [envelope] = await appendAllToOutbox(trx, [{ event, ...options }]);
  return envelope;
}

/** Writes several events to the outbox with one statement, in the caller's transaction; they are published in this order. */
export async function appendAllToOutbox(
  trx: Executor<EventTables>,
  entries: ReadonlyArray<{ event: NewEvent } & AppendOptions>,
): Promise<DomainEvent[]> {
  if (!entries.length) return [];
  const occurredAt = new Date().toISOString();
  const envelopes = entries.map(
    ({ event, id }) => ({ id: id ?? randomUUID(), type: event.type, occurredAt, actor: event.actor, data: event.data }) as DomainEvent,
  );
  const headers = contextHeaders(traceContextOf(trx));
  const storedHeaders = Object.keys(headers).length ? { headers: JSON.stringify(headers) } : {};
  await trx
    .insertInto('outbox')
    .values(
      envelopes.map((envelope) => ({
        id: envelope.id,
        type: envelope.type,
        payload: JSON.stringify(envelope),
        sentAt: null,
        lastError: null,
        ...storedHeaders,
      })),
    )
    // a given id is the event's identity: writing it again (a rebuild) adds nothing
    .$if(
      entries.some((e) => e.id !== undefined),
      (qb) => qb.onConflict((oc) => oc.column('id').doNothing()),
    )
    .execute();
  return envelopes;
}
