import type { DomainEvent, EventType } from '@cti/contracts';
import { sql } from '@cti/db';
import { connectEventBus } from '@cti/events';
import type { EventsFacade, ServiceApp } from '@cti/service-kit';

import { eventually } from './eventually';
import { infrastructureFromEnv, natsCredentialsOf } from './infrastructure';

/**
 * The events of one type (or `evt.<service>.>`) in the app's stream, oldest first, read
 * with a throwaway ordered consumer as the tests' harness (a service may read only what it
 * consumes). Waits until at least `atLeast` are there.
 */
export async function publishedEvents<T extends EventType>(
  app: { events: Pick<EventsFacade, 'bus'> },
  type: T | `evt.${string}.>`,
  atLeast = 1,
  timeoutMs = 20_000,
): Promise<DomainEvent<T>[]> {
  const bus = await connectEventBus({
    servers: infrastructureFromEnv().natsUrl,
    name: 'published-events',
    credentials: natsCredentialsOf(),
    subjects: app.events.bus.subjects,
    createStream: false,
  });
  const read = async () => {
    const info = await bus.jsm.streams.info(bus.subjects.stream);
    if (info.state.messages === 0) return [];
    const consumer = await bus.js.consumers.get(bus.subjects.stream, { filterSubjects: bus.subjects.toSubject(type) });
    const out: DomainEvent<T>[] = [];
    const messages = await consumer.fetch({ max_messages: 10_000, expires: 1000 });
    for await (const m of messages) {
      out.push(JSON.parse(new TextDecoder().decode(m.data)) as DomainEvent<T>);
      if (m.info.pending === 0) break;
    }
    return out;
  };
  try {
    return await eventually(async () => {
      const events = await read();
      return events.length >= atLeast ? events : null;
    }, timeoutMs);
  } finally {
    await bus.close();
  }
}

/**
 * The headers (trace context, request id) the newest outbox row of `type` was written with, in
 * the app's own schema; null while there is no such row.
 */
export async function outboxHeadersOf(app: Pick<ServiceApp, 'db'>, type: EventType): Promise<Record<string, string> | null> {
  const { rows } = await sql<{ headers: Record<string, string> | null }>`
    select headers from outbox where type = ${type} order by seq desc limit 1`.execute(app.db);
  return rows[0]?.headers ?? null;
}
