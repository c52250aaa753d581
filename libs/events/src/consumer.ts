import { context, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg } from 'nats';

import type { DomainEvent } from '@cti/contracts';
import type { Kysely, Transaction } from '@cti/db';

import type { EventBus } from './connection';
import type { EventTables } from './outbox';
import { coveringSubject, subjectMatches } from './subjects';
import { contextFromHeaders, continueTraceIn } from './trace-context';

export interface ConsumerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Handles one event in the transaction that also records it as processed, typed over the consuming service's tables. */
export type EventHandler<DB extends EventTables = EventTables> = (event: DomainEvent, trx: Transaction<DB>) => Promise<void>;

/**
 * Handles several events, in delivery order and each once, in the one transaction that also
 * records them all as processed.
 */
export type BatchEventHandler<DB extends EventTables = EventTables> = (events: DomainEvent[], trx: Transaction<DB>) => Promise<void>;

/** Batched consumption: one transaction (and one commit) for many events. */
export interface BatchOptions<DB extends EventTables = EventTables> {
  handle: BatchEventHandler<DB>;
  /** The most events one transaction takes (default 250). */
  maxEvents?: number;
}

/** What became of one delivered event, for metrics. */
export interface ProcessingSample {
  consumer: string;
  type: string;
  outcome: 'handled' | 'duplicate' | 'failed';
  durationMs: number;
}

export interface DurableConsumerOptions<DB extends EventTables = EventTables> {
  bus: EventBus;
  db: Kysely<DB>;
  /** Durable name: the consuming service (plus a purpose when it has several). */
  durable: string;
  /**
   * The events this consumer handles: canonical event types or patterns (`evt.identity.group.*`,
   * `evt.>`). The server is asked for the narrowest one subject covering them all (NATS 2.9 takes
   * one filter subject per consumer); any other event it delivers is acked at once, without a
   * transaction.
   */
  filter: string[];
  /**
   * Types or patterns the filter covers that this consumer does not handle (audit skips the
   * entries it publishes itself): acked on delivery without a transaction or a processed mark.
   */
  except?: string[];
  /** Handles one event; with `batch`, the path of a batch that failed, retried one event at a time. */
  handle: EventHandler<DB>;
  /**
   * Takes the events that arrived while the previous transaction was being written (up to
   * `maxEvents`) in one transaction, acked after its commit. Without it, one transaction per event.
   */
  batch?: BatchOptions<DB>;
  logger: ConsumerLogger;
  ackWaitMs?: number;
  /**
   * Called after a transaction that handled events committed: the handlers may have written
   * events to the outbox, which the service's relay publishes when kicked (else at its next poll).
   */
  committed?: () => void;
  /** Test seam: runs after the handler committed and before the ack (per event, in a batch too). */
  beforeAck?: (event: DomainEvent) => Promise<void>;
  /** Called once per delivered event with its outcome and processing time. */
  observe?: (sample: ProcessingSample) => void;
  /**
   * Whether handlers run inside their event's trace context (default true), so that code
   * reading the active context (`app.log`, `callService`) carries the event's trace and request
   * id. Either way the handler's transaction continues that trace: the events it writes to the
   * outbox carry it (`continueTraceIn`). Off in a service that never enters contexts, as on
   * Node 20 entering one turns on async hooks for the whole process (a cost on every request).
   */
  entersContext?: boolean;
}

const tracer = trace.getTracer('@cti/events');

/** How long the acks of skipped messages are gathered before they are sent together (far inside any ack wait). */
const SKIPPED_ACKS_EVERY_MS = 20;

/**
 * A durable pull consumer that handles each event once: the event id is recorded in
 * `processed_events` in the same transaction as the handler's writes, and the message
 * is acked only after that commit. A redelivery after a crash finds the id and is
 * only acked.
 */
export class DurableConsumer<DB extends EventTables = EventTables> {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private readonly handledSubjects = new Map<string, boolean>();
  private skippedAcks: JsMsg[] = [];
  readonly stats = { handled: 0, duplicates: 0, failed: 0, skipped: 0, lastProcessingMs: 0, reattached: 0 };

  constructor(private readonly options: DurableConsumerOptions<DB>) {}

  /** Creates or updates the durable and starts pulling; keeps it pulling until `stop()`. */
  async start(): Promise<void> {
    const messages = await this.attach();
    this.loop = this.supervise(messages);
  }

  /**
   * The one subject the server filters on: the narrowest covering every filter, or the whole
   * stream when that is all it narrows to (`evt.*.*.*`), as a consumer of events from several
   * services reads it.
   */
  filterSubject(): string {
    const { bus, filter } = this.options;
    const covering = coveringSubject(filter.map((f) => bus.subjects.toSubject(f)));
    return covering
      .split('.')
      .slice(1)
      .every((token) => token === '*' || token === '>')
      ? bus.subjects.all
      : covering;
  }

  private async attach(): Promise<ConsumerMessages> {
    const { bus, durable } = this.options;
    const filterSubject = this.filterSubject();
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
    this.messages = await consumer.consume({ max_messages: Math.max(64, this.batchSize()) });
    return this.messages;
  }

  /**
   * Runs the pull loop and, should it ever end without `stop()` (the durable or the stream
   * vanished with a NATS server that lost its storage, a terminal pull error), attaches
   * again with backoff. Reconnections themselves are handled inside the pull loop.
   */
  private async supervise(first: ConsumerMessages): Promise<void> {
    let messages: ConsumerMessages | null = first;
    let failures = 0;
    while (!this.stopping) {
      if (messages) {
        const attachedAt = Date.now();
        try {
          await this.run(messages);
        } catch (err) {
          if (!this.stopping) this.options.logger.warn({ err, consumer: this.options.durable }, 'event consumer stopped pulling');
        }
        if (Date.now() - attachedAt > 60_000) failures = 0;
      }
      if (this.stopping) return;
      failures++;
      const delay = Math.min(250 * 2 ** failures, 10_000);
      this.options.logger.warn({ consumer: this.options.durable, retryInMs: delay }, 'event consumer detached; attaching again');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      if (this.stopping) return;
      try {
        await this.options.bus.ensureStream();
        messages = await this.attach();
        this.stats.reattached++;
        this.options.logger.info({ consumer: this.options.durable }, 'event consumer attached again');
      } catch (err) {
        messages = null;
        this.options.logger.warn({ err, consumer: this.options.durable }, 'event consumer could not attach');
      }
    }
  }

  private batchSize(): number {
    return this.options.batch ? (this.options.batch.maxEvents ?? 250) : 1;
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    if (this.options.batch) return this.runBatched(messages, this.options.batch);
    for await (const msg of messages) if (this.takes(msg)) await this.process(msg);
  }

  /** Whether this consumer handles the events of a subject, remembered per subject (a stream has few). */
  private handles(subject: string): boolean {
    let handled = this.handledSubjects.get(subject);
    if (handled === undefined) {
      const { bus, filter, except = [] } = this.options;
      const matches = (patterns: string[]) => patterns.some((p) => subjectMatches(bus.subjects.toSubject(p), subject));
      handled = matches(filter) && !matches(except);
      // subjects come from publishers: a flood of made-up ones must not grow this without end
      if (this.handledSubjects.size >= 1000) this.handledSubjects.clear();
      this.handledSubjects.set(subject, handled);
    }
    return handled;
  }

  /**
   * Whether a delivered message is one to handle. One delivered while stopping is handed back
   * at once (rather than after its ack wait); one this consumer does not handle (outside its
   * filters, or in `except`) is acked at once and skipped, without touching the database.
   */
  private takes(msg: JsMsg): boolean {
    if (this.stopping) msg.nak();
    else if (!this.handles(msg.subject)) {
      this.ackSkipped(msg);
      this.stats.skipped++;
    } else return true;
    return false;
  }

  /**
   * Acks a skipped message with the others skipped within `SKIPPED_ACKS_EVERY_MS`. An ack is a
   * publish, and the client writes to its socket once per microtask queue it drains; messages
   * arriving one by one, acking each at once costs a socket write (and a read on the server) per
   * message, where a whole-stream consumer skips most of the stream. Nothing waits for these acks
   * but the server's count of unacked messages, and a skipped message redelivered is skipped again.
   */
  private ackSkipped(msg: JsMsg): void {
    if (this.skippedAcks.push(msg) === 1) setTimeout(() => this.flushSkippedAcks(), SKIPPED_ACKS_EVERY_MS);
  }

  private flushSkippedAcks(): void {
    const msgs = this.skippedAcks;
    this.skippedAcks = [];
    for (const msg of msgs) settle(() => msg.ack());
  }

  /**
   * Reads messages into a queue while a writer takes whatever the queue holds (up to
   * `maxEvents`) as one transaction: under a trickle every event is written at once on its
   * own, under load the batches grow with the time a commit takes. Reading pauses while two
   * batches wait, so queued messages stay well inside their ack wait.
   */
  private async runBatched(messages: ConsumerMessages, batch: BatchOptions<DB>): Promise<void> {
    const maxEvents = this.batchSize();
    const queue: JsMsg[] = [];
    let pulling = true;
    let arrived: (() => void) | null = null;
    let taken: (() => void) | null = null;
    const wakeWriter = () => {
      arrived?.();
      arrived = null;
    };
    const wakeReader = () => {
      taken?.();
      taken = null;
    };
    const writer = (async () => {
      for (;;) {
        if (queue.length === 0) {
          if (!pulling) return;
          await new Promise<void>((resolve) => (arrived = resolve));
          continue;
        }
        const next = queue.splice(0, this.stopping ? queue.length : maxEvents);
        wakeReader();
        // delivered but not started: hand them back at once rather than after ack_wait
        if (this.stopping) for (const msg of next) settle(() => msg.nak());
        else
          await this.processBatch(next, batch.handle).catch((err: unknown) =>
            // what was not acked is redelivered after its ack wait
            this.options.logger.warn({ err, consumer: this.options.durable }, 'event batch interrupted'),
          );
      }
    })();
    try {
      for await (const msg of messages) {
        if (!this.takes(msg)) continue;
        queue.push(msg);
        wakeWriter();
        while (queue.length >= 2 * maxEvents && !this.stopping) await new Promise<void>((resolve) => (taken = resolve));
      }
    } finally {
      pulling = false;
      wakeWriter();
      await writer;
    }
  }

  /**
   * One transaction for a batch: marks every event id processed, hands the fresh ones (first
   * delivery of each id, in delivery order) to the batch handler, commits, then acks them all.
   * When the transaction fails, its events are retried one at a time, so a poison event fails
   * (and is redelivered) alone while the others are written.
   */
  private async processBatch(msgs: JsMsg[], handleBatch: BatchEventHandler<DB>): Promise<void> {
    const started = Date.now();
    const delivered: Array<{ msg: JsMsg; event: DomainEvent }> = [];
    for (const msg of msgs) {
      const event = this.parse(msg);
      if (event) delivered.push({ msg, event });
    }
    if (!delivered.length) return;
    const links = delivered.flatMap(({ msg }) => {
      const spanContext = trace.getSpanContext(contextFromHeaders(headersOf(msg)));
      return spanContext ? [{ context: spanContext }] : [];
    });
    const span = tracer.startSpan(`process batch ${this.options.durable}`, {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.consumer.group.name': this.options.durable,
        'messaging.batch.message_count': delivered.length,
      },
      links,
    });
    // an id without its string (not an event) fails the batch's insert and then fails alone
    const idOf = (event: DomainEvent) => String(event.id).toLowerCase();
    const ids = new Set<string>();
    const firsts = delivered.filter(({ event }) => !ids.has(idOf(event)) && ids.add(idOf(event)));
    let fresh: DomainEvent[] = [];
    const batchContext = trace.setSpan(context.active(), span);
    try {
      await this.inContext(batchContext, () =>
        this.options.db.transaction().execute(async (trx) => {
          continueTraceIn(trx, batchContext);
          const markedIds = await this.markProcessed(
            trx,
            firsts.map(({ event }) => event.id),
          );
          fresh = firsts.filter(({ event }) => markedIds.has(idOf(event))).map(({ event }) => event);
          if (fresh.length) await handleBatch(fresh, trx);
        }),
      );
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      if (!this.stopping) {
        this.options.logger.warn(
          { err, consumer: this.options.durable, events: delivered.length },
          'event batch failed; handling its events one at a time',
        );
      }
      for (const { msg } of delivered) {
        if (this.stopping) settle(() => msg.nak());
        else await this.process(msg);
      }
      return;
    }
    span.end();
    const durationMs = Date.now() - started;
    if (fresh.length) this.options.committed?.();
    const handled = new Set(fresh);
    try {
      if (this.options.beforeAck) for (const event of fresh) await this.options.beforeAck(event);
      for (const { msg } of delivered) msg.ack();
    } catch (err) {
      // committed but not acked: the redelivery finds the events processed and is only acked
      this.stats.failed += delivered.length;
      this.options.logger.warn({ err, consumer: this.options.durable }, 'event batch committed but not acked; will be redelivered');
      for (const { msg } of delivered) settle(() => msg.nak());
      return;
    }
    this.stats.handled += fresh.length;
    this.stats.duplicates += delivered.length - fresh.length;
    this.stats.lastProcessingMs = durationMs;
    for (const { event } of delivered) {
      this.options.observe?.({
        consumer: this.options.durable,
        type: event.type,
        outcome: handled.has(event) ? 'handled' : 'duplicate',
        durationMs,
      });
    }
  }

  /** The event a message carries; a message that is not JSON is dropped for good (term). */
  private parse(msg: JsMsg): DomainEvent | null {
    try {
      return JSON.parse(new TextDecoder().decode(msg.data)) as DomainEvent;
    } catch (err) {
      this.options.logger.error({ err, subject: msg.subject }, 'dropping an event that is not JSON');
      msg.term();
      return null;
    }
  }

  /**
   * Marks event ids processed by this consumer in the caller's transaction; answers the ids
   * (lower case) marked now, leaving out those marked before (a redelivery).
   */
  private async markProcessed(trx: Transaction<DB>, eventIds: string[]): Promise<Set<string>> {
    // TypeScript cannot see the kit's tables in a DB known only as a type parameter
    // (every concrete service DB is assignable), so the kit's own query widens to them
    const marked = await (trx as Transaction<EventTables>)
      .insertInto('processedEvents')
      .values(eventIds.map((eventId) => ({ consumer: this.options.durable, eventId })))
      .onConflict((oc) => oc.doNothing())
      .returning('eventId')
      .execute();
    return new Set(marked.map((m) => m.eventId.toLowerCase()));
  }

  private async process(msg: JsMsg): Promise<void> {
    // the handler runs in the trace (and with the request id) of the transaction that wrote the event
    const parent = contextFromHeaders(headersOf(msg));
    const span = tracer.startSpan(
      `process ${msg.subject}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': msg.subject,
          'messaging.consumer.group.name': this.options.durable,
        },
      },
      parent,
    );
    const eventContext = trace.setSpan(parent, span);
    try {
      await this.inContext(eventContext, () => this.handleMessage(msg, span, eventContext));
    } finally {
      span.end();
    }
  }

  /** Runs `work` inside `ctx` unless this consumer hands contexts on instead (`entersContext`). */
  private inContext<T>(ctx: Context, work: () => Promise<T>): Promise<T> {
    return this.options.entersContext === false ? work() : context.with(ctx, work);
  }

  private async handleMessage(msg: JsMsg, span: Span, eventContext: Context): Promise<void> {
    const started = Date.now();
    const event = this.parse(msg);
    if (!event) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'not JSON' });
      return;
    }
    span.setAttribute('messaging.message.id', event.id);
    let outcome: ProcessingSample['outcome'] = 'handled';
    try {
      await this.options.db.transaction().execute(async (trx) => {
        continueTraceIn(trx, eventContext);
        if (!(await this.markProcessed(trx, [event.id])).size) {
          outcome = 'duplicate';
          this.stats.duplicates++;
          return;
        }
        await this.options.handle(event, trx);
        this.stats.handled++;
      });
      if (outcome === 'handled') this.options.committed?.();
      if (this.options.beforeAck) await this.options.beforeAck(event);
      msg.ack();
      this.stats.lastProcessingMs = Date.now() - started;
    } catch (err) {
      outcome = 'failed';
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      if (this.stopping) {
        // not acked: handed back to the next instance
        msg.nak();
        return;
      }
      this.stats.failed++;
      this.options.logger.warn({ err, eventId: event.id, type: event.type }, 'event handling failed; will be redelivered');
      msg.nak(Math.min(1000 * msg.info.redeliveryCount, 30_000));
    } finally {
      this.options.observe?.({ consumer: this.options.durable, type: event.type, outcome, durationMs: Date.now() - started });
    }
  }

  get durable(): string {
    return this.options.durable;
  }

  /** Events not yet delivered (`pending`) and delivered but not acked (`ackPending`), per JetStream. */
  async lag(): Promise<{ pending: number; ackPending: number }> {
    const info = await this.options.bus.jsm.consumers.info(this.options.bus.subjects.stream, this.options.durable);
    return { pending: info.num_pending, ackPending: info.num_ack_pending };
  }

  /** Stops pulling, lets the message (or batch) in hand finish and ack, hands back the rest, then returns. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.messages?.stop();
    this.wake?.();
    await this.loop?.catch(() => undefined);
    this.flushSkippedAcks();
  }
}

/** A message's headers by lower-case name (trace context, request id). */
function headersOf(msg: JsMsg): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const [key, values] of msg.headers ?? []) if (values[0] !== undefined) carrier[key.toLowerCase()] = values[0];
  return carrier;
}

/** Acks and naks are fire-and-forget publishes; on a connection already closed they throw, and the server redelivers anyway. */
function settle(send: () => void): void {
  try {
    send();
  } catch {
    // the message is redelivered after its ack wait
  }
}
