import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg } from 'nats';
import type { Kysely, Transaction } from '@cti/db';
import type { DomainEvent } from '@cti/contracts';
import type { EventBus } from './connection';
import type { EventTables } from './outbox';
import { subjectMatches } from './subjects';

export interface ConsumerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type EventHandler = (event: DomainEvent, trx: Transaction<any>) => Promise<void>;

export interface DurableConsumerOptions {
  bus: EventBus;
  db: Kysely<any>;
  /** Durable name: the consuming service (plus a purpose when it has several). */
  durable: string;
  /** Canonical event types or patterns (`evt.identity.group.*`, `evt.>`). */
  filter: string[];
  handle: EventHandler;
  logger: ConsumerLogger;
  ackWaitMs?: number;
  /** Test seam: runs after the handler committed and before the ack. */
  beforeAck?: (event: DomainEvent) => Promise<void>;
}

/**
 * A durable pull consumer that handles each event once: the event id is recorded in
 * `processed_events` in the same transaction as the handler's writes, and the message
 * is acked only after that commit. A redelivery after a crash finds the id and is
 * only acked.
 */
export class DurableConsumer {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private readonly db: Kysely<EventTables>;
  readonly stats = { handled: 0, duplicates: 0, failed: 0, lastProcessingMs: 0 };

  constructor(private readonly options: DurableConsumerOptions) {
    this.db = options.db as Kysely<EventTables>;
  }

  async start(): Promise<void> {
    const { bus, durable, filter } = this.options;
    const subjects = filter.map((f) => bus.subjects.toSubject(f));
    // NATS 2.9 has one filter subject per consumer: several filters consume the
    // whole stream and skip the rest here.
    const filterSubject = subjects.length === 1 ? subjects[0] : bus.subjects.all;
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filterSubject,
      ack_wait: nanos(this.options.ackWaitMs ?? 30_000),
      max_deliver: -1,
    };
    try {
      await bus.jsm.consumers.add(bus.subjects.stream, config);
    } catch {
      await bus.jsm.consumers.update(bus.subjects.stream, durable, {
        filter_subject: filterSubject,
        ack_wait: config.ack_wait,
      });
    }
    const consumer = await bus.js.consumers.get(bus.subjects.stream, durable);
    this.messages = await consumer.consume({ max_messages: 64 });
    this.loop = this.run(this.messages, subjects);
  }

  private async run(messages: ConsumerMessages, subjects: string[]): Promise<void> {
    for await (const msg of messages) {
      if (this.stopping) break;
      if (!subjects.some((s) => subjectMatches(s, msg.subject))) {
        msg.ack();
        continue;
      }
      await this.process(msg);
    }
  }

  private async process(msg: JsMsg): Promise<void> {
    const started = Date.now();
    let event: DomainEvent;
    try {
      event = JSON.parse(new TextDecoder().decode(msg.data)) as DomainEvent;
    } catch (err) {
      this.options.logger.error({ err, subject: msg.subject }, 'dropping an event that is not JSON');
      msg.term();
      return;
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('processedEvents')
          .values({ consumer: this.options.durable, eventId: event.id })
          .onConflict((oc) => oc.doNothing())
          .returning('eventId')
          .executeTakeFirst();
        if (!fresh) {
          this.stats.duplicates++;
          return;
        }
        await this.options.handle(event, trx as Transaction<any>);
        this.stats.handled++;
      });
      if (this.options.beforeAck) await this.options.beforeAck(event);
      msg.ack();
      this.stats.lastProcessingMs = Date.now() - started;
    } catch (err) {
      if (this.stopping) return; // not acked: redelivered to the next instance
      this.stats.failed++;
      this.options.logger.warn({ err, eventId: event.id, type: event.type }, 'event handling failed; will be redelivered');
      msg.nak(Math.min(1000 * msg.info.redeliveryCount, 30_000));
    }
  }

  /** Stops pulling, lets the message in hand finish and ack, then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.messages?.stop();
    await this.loop?.catch(() => undefined);
  }
}
