import {
  connect,
  Events,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
  type StreamInfo,
} from 'nats';

import { inboxPrefixOf } from './bus-access';
import { SubjectSpace } from './subjects';

export interface EventBusOptions {
  servers: string;
  name: string;
  /**
   * The NATS user and its password (each service has its own: infra/nats/users.conf). Without a
   * password the connection is anonymous, which only a server without users accepts.
   */
  credentials?: { user: string; password: string };
  subjects: SubjectSpace;
  /** Stream replicas: 1 on a single server, 3 on the production cluster. */
  replicas?: number;
  /** Told when the connection is lost and when it is back (for the log). */
  onConnectionChange?: (connected: boolean) => void;
  /** Wait for the first server however long it takes (default); false: fail at once, the caller tries again. */
  waitOnFirstConnect?: boolean;
  /**
   * Create the events stream when it is missing (default). A process that only reads (the gateway)
   * passes false: the stream's replicas are the services' setting (EVENTS_REPLICAS), not its own.
   */
  createStream?: boolean;
}

export interface EventBus {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  subjects: SubjectSpace;
  isConnected(): boolean;
  /**
   * Tells `listener` when the connection is lost (false) and when it is back (true), in the same
   * turn as `isConnected()` changes, until the returned function is called.
   */
  watchConnection(listener: (connected: boolean) => void): () => void;
  /** Creates the events stream when it is missing (a NATS server that came back without its storage). */
  ensureStream(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to NATS (waiting for the first server unless told not to, and reconnecting forever after)
 * and makes sure the events stream exists (unless told not to).
 */
export async function connectEventBus(options: EventBusOptions): Promise<EventBus> {
  const { credentials } = options;
  const nc = await connect({
    servers: options.servers.split(','),
    name: options.name,
    ...(credentials
      ? // replies and pulled messages come to the user's own inboxes, which no other user may read
        { user: credentials.user, pass: credentials.password, inboxPrefix: inboxPrefixOf(credentials.user) }
      : {}),
    waitOnFirstConnect: options.waitOnFirstConnect ?? true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // no stack captured at every request for errors that rarely happen: the relay publishes each
    // event as a request, and two captured stacks per publish were most of its cost
    noAsyncTraces: true,
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code !== 'AUTHORIZATION_VIOLATION') throw err;
    throw new Error(
      credentials
        ? `NATS refused the credentials of user "${credentials.user}" (NATS_USER, NATS_PASSWORD): the server's users (infra/nats/users.conf) know that user with another password, or not at all`
        : 'NATS refused an anonymous connection: give the service its NATS user and password (NATS_USER, NATS_PASSWORD)',
      { cause: err },
    );
  });
  let connected = true;
  const watchers = new Set<(connected: boolean) => void>();
  if (options.onConnectionChange) watchers.add(options.onConnectionChange);
  const changed = (up: boolean) => {
    connected = up;
    for (const watcher of watchers) watcher(up);
  };
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect && connected) changed(false);
      if (s.type === Events.Reconnect && !connected) changed(true);
    }
  })();
  const jsm = await nc.jetstreamManager();
  if (options.createStream ?? true) await ensureStream(jsm, options.subjects, options.replicas ?? 1);
  const js = nc.jetstream();
  return {
    nc,
    js,
    jsm,
    subjects: options.subjects,
    isConnected: () => connected && !nc.isClosed(),
    watchConnection(listener) {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
    ensureStream: () => ensureStream(jsm, options.subjects, options.replicas ?? 1),
    async close() {
      if (nc.isClosed()) return;
      // drain flushes pending publishes and acks before closing
      await nc.drain().catch(() => nc.close());
    },
  };
}

/**
 * Creates the events stream with `replicas` copies when it is missing; one made earlier with fewer
 * copies (on a single server, before the cluster) is raised to `replicas`.
 */
export async function ensureStream(jsm: JetStreamManager, subjects: SubjectSpace, replicas: number): Promise<void> {
  // (a stream that is missing, or a server that cannot tell, is made: see the catch below)
  const existing: StreamInfo | null = await jsm.streams.info(subjects.stream).catch(() => null);
  if (existing) {
    if (existing.config.num_replicas < replicas) await jsm.streams.update(subjects.stream, { ...existing.config, num_replicas: replicas });
    return;
  }
  try {
    await jsm.streams.add({
      name: subjects.stream,
      subjects: [subjects.all],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      num_replicas: replicas,
      // msgID de-duplication window for the outbox relay's retries
      duplicate_window: nanos(10 * 60 * 1000),
    });
  } catch (err) {
    // another replica may have created it between info and add
    await jsm.streams.info(subjects.stream).catch(() => {
      throw err;
    });
  }
}
