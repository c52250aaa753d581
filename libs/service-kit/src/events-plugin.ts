import type { Context } from '@opentelemetry/api';
import fp from 'fastify-plugin';

import type { DomainEvent, EventType } from '@cti/contracts';
import type { Transaction } from '@cti/db';
import {
  connectEventBus,
  continueTraceIn,
  DurableConsumer,
  OutboxRelay,
  SubjectSpace,
  type BatchOptions,
  type EventBus,
  type EventTables,
} from '@cti/events';

import type { DatabaseOf, KitTables } from './db-plugin';

export interface EventsPluginOptions {
  servers: string;
  /** The service's NATS user and password (none: anonymous, on a NATS without users). */
  credentials?: { user: string; password: string };
  serviceName: string;
  stream: string;
  subjectPrefix: string;
  replicas: number;
  /** Whether consumers' handlers run inside their event's trace context (the service's `activeContext`). */
  entersContext: boolean;
}

export interface TransactionOptions {
  /**
   * The trace context the work continues (`requestContext(request)`), in a service that does
   * not run its requests inside their contexts: the events the work writes carry its trace
   * and request id. Without it, the active context.
   */
  context?: Context;
}

/** A consumer a service declares: which events, and what to do with each (in a transaction). */
export interface ConsumerDefinition<DB extends EventTables = KitTables> {
  /** Durable name suffix; the durable is `<service>` or `<service>-<name>`. */
  name?: string;
  /** The events it handles; others the server delivers (see libs/events `DurableConsumer`) are acked without a transaction. */
  filter: Array<EventType | `evt.${string}`>;
  /** Events the filter covers that it does not handle: acked on delivery, without a transaction. */
  except?: Array<EventType | `evt.${string}`>;
  handle: (event: DomainEvent, trx: Transaction<DB>) => Promise<void>;
  /**
   * Handle the events waiting at once in one transaction (a high-rate consumer such as the
   * audit log); `handle` is then what a failed batch's events are retried with, one at a time.
   */
  batch?: BatchOptions<DB>;
  ackWaitMs?: number;
}

export interface EventsFacade<DB extends EventTables = KitTables> {
  bus: EventBus;
  relay: OutboxRelay;
  consumers: DurableConsumer<DB>[];
  /** Declare a durable consumer; it starts when the app is ready and stops on close. */
  consume(def: ConsumerDefinition<DB>): DurableConsumer<DB>;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- declarations merge only when their type parameters match fastify's
  interface FastifyInstance<RawServer, RawRequest, RawReply, Logger, TypeProvider> {
    /** Consumers' handlers get transactions typed over the service's own tables. */
    events: EventsFacade<DatabaseOf<TypeProvider>>;
    /**
     * Runs a use-case in one transaction over the service's tables; the events it appended
     * to the outbox are published as soon as it commits.
     */
    inTransaction<T>(work: (trx: Transaction<DatabaseOf<TypeProvider>>) => Promise<T>, options?: TransactionOptions): Promise<T>;
  }
}

export const eventsPlugin = fp<EventsPluginOptions>(
  async (app, opts) => {
    const subjects = new SubjectSpace(opts.subjectPrefix, opts.stream);
    const bus = await connectEventBus({
      servers: opts.servers,
      name: opts.serviceName,
      credentials: opts.credentials,
      subjects,
      replicas: opts.replicas,
      onConnectionChange: (connected) =>
        connected
          ? app.log.info('NATS connection is back; relay and consumers resume')
          : app.log.warn('NATS connection lost; reconnecting (events wait in the outbox meanwhile)'),
    });
    const relay = new OutboxRelay({ db: app.db, bus, logger: app.log });
    const consumers: DurableConsumer<KitTables>[] = [];
    let started = false;

    const facade: EventsFacade<KitTables> = {
      bus,
      relay,
      consumers,
      consume(def) {
        const consumer = new DurableConsumer({
          bus,
          db: app.db,
          durable: def.name ? `${opts.serviceName}-${def.name}` : opts.serviceName,
          filter: def.filter,
          except: def.except,
          handle: def.handle,
          batch: def.batch,
          logger: app.log,
          ackWaitMs: def.ackWaitMs,
          // what a handler wrote to the outbox leaves at once, as after a request's transaction
          committed: () => relay.kick(),
          observe: app.hasDecorator('metrics') ? (sample) => app.metrics.observeEvent(sample) : undefined,
          entersContext: opts.entersContext,
        });
        consumers.push(consumer);
        if (started)
          consumer.start().catch((err: unknown) => app.log.error({ err, consumer: consumer.durable }, 'event consumer did not start'));
        return consumer;
      },
    };
    app.decorate('events', facade);
    app.decorate(
      'inTransaction',
      async <T>(work: (trx: Transaction<KitTables>) => Promise<T>, options: TransactionOptions = {}): Promise<T> => {
        const result = await app.db.transaction().execute((trx) => {
          if (options.context) continueTraceIn(trx, options.context);
          return work(trx);
        });
        relay.kick();
        return result;
      },
    );
    app.readiness.set('nats', () => bus.isConnected());

    app.addHook('onReady', async () => {
      started = true;
      relay.start();
      await Promise.all(consumers.map((c) => c.start()));
    });
    // Runs before the db plugin's onClose (hooks close in reverse order): consumers
    // finish and ack what they hold, the relay publishes what is pending, NATS drains.
    app.addHook('onClose', async () => {
      await Promise.all(consumers.map((c) => c.stop()));
      await relay.stop();
      await bus.close();
    });
  },
  { name: 'cti-events', dependencies: ['cti-db', 'cti-health'] },
);
