import { headers as natsHeaders } from 'nats';

import { claimOldestFirst, sql, type Kysely, type Transaction } from '@cti/db';

import type { EventBus } from './connection';
import type { EventTables } from './outbox';

export interface RelayLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface OutboxRelayOptions {
  db: Kysely<EventTables>;
  bus: EventBus;
  logger: RelayLogger;
  batchSize?: number;
  /** Poll interval when idle; `kick()` wakes the relay sooner after a commit. */
  intervalMs?: number;
  publishTimeoutMs?: number;
  /** Sent rows older than this are deleted. */
  retainSentMs?: number;
}

/**
 * Publishes committed outbox rows to JetStream with msgID = row id, so a retry after
 * a timeout (or a crash between publish and marking sent) is dropped as a duplicate
 * by the server. The relays of a service's replicas take turns (one pass at a time per
 * outbox, `lockOutboxForPass`), so the stream gets each outbox in its order whichever
 * replica publishes it.
 */
export class OutboxRelay {
  private readonly db: Kysely<EventTables>;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastCleanup = 0;
  private backingOff = false;
  private kicked = false;
  private readonly opts: Required<Omit<OutboxRelayOptions, 'db' | 'bus' | 'logger'>>;

  constructor(private readonly options: OutboxRelayOptions) {
    this.db = options.db;
    this.opts = {
      batchSize: options.batchSize ?? 100,
      intervalMs: options.intervalMs ?? 500,
      publishTimeoutMs: options.publishTimeoutMs ?? 2000,
      retainSentMs: options.retainSentMs ?? 24 * 3600 * 1000,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /**
   * Ask for an immediate pass (called after a use-case commits); ignored while backing off from
   * failures. A kick during a pass asks for another right after it, since the pass may have
   * read the outbox before that commit.
   */
  kick(): void {
    if (this.backingOff) return;
    this.kicked = true;
    this.wake?.();
  }

  /** Stops the loop after one last attempt to publish what is pending. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.publishBatch().catch(() => 0);
  }

  /** Unsent rows and the age of the oldest, for readiness and metrics. */
  async backlog(): Promise<{ count: number; oldestAgeMs: number }> {
    const row = await this.db
      .selectFrom('outbox')
      .select([sql<number>`count(*)::int`.as('count'), sql<string | null>`min(created_at)`.as('oldest')])
      .where('sentAt', 'is', null)
      .executeTakeFirstOrThrow();
    return { count: row.count, oldestAgeMs: row.oldest ? Date.now() - Date.parse(row.oldest) : 0 };
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let published = 0;
      this.kicked = false;
      try {
        published = await this.publishBatch();
        if (failures) this.options.logger.info({ failures }, 'outbox relay publishes again');
        failures = 0;
        await this.cleanup();
      } catch (err) {
        failures++;
        // once per outage, then every tenth pass: a NATS restart must not flood the log
        if (failures === 1 || failures % 10 === 0) this.options.logger.warn({ err, failures }, 'outbox relay pass failed; will retry');
        // a server that came back without its storage has no stream to publish to
        if (err instanceof OutboxPublishFailed && /no responders|stream not found/i.test(err.reason)) {
          await this.options.bus.ensureStream().catch(() => undefined);
        }
      }
      if (published === this.opts.batchSize || (this.kicked && !failures)) continue;
      const delay = failures ? Math.min(this.opts.intervalMs * 2 ** failures, 5000) : this.opts.intervalMs;
      this.backingOff = failures > 0;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /**
   * Publishes up to one batch, all rows at once; returns how many rows were marked sent (those
   * before the first that failed). The first row that failed gets its attempt and error recorded
   * (committed, whatever else happens); when nothing at all could be published this throws
   * `OutboxPublishFailed` after recording, and the loop backs off.
   */
  async publishBatch(): Promise<number> {
    const outcome = await this.db.transaction().execute(async (trx) => {
      await lockOutboxForPass(trx);
      const rows = await claimOldestFirst(
        trx
          .selectFrom('outbox')
          // the payload as stored text: published as it is, not parsed and serialized again
          .select(['id', 'type', sql<string>`payload::text`.as('payload'), 'headers'])
          .where('sentAt', 'is', null),
        'seq',
        this.opts.batchSize,
      ).execute();
      // Every row is handed to the connection in this one synchronous pass (one socket write, no
      // round trip per row), and the server takes them in that order: what it stored is a prefix
      // of the rows, the rest lost with the connection or refused with a missing stream. Only the
      // rows up to the first failure are marked sent; the failed row is retried first (same
      // msgID), then the ones after it, which the stream drops as duplicates if they got in.
      const results = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const firstFailed = results.findIndex((r) => r.status === 'rejected');
      const sent = (firstFailed < 0 ? rows : rows.slice(0, firstFailed)).map((row) => row.id);
      let failure: { id: string; error: string } | null = null;
      if (firstFailed >= 0) {
        const reason: unknown = (results[firstFailed] as PromiseRejectedResult).reason;
        failure = { id: rows[firstFailed].id, error: reason instanceof Error ? reason.message || reason.name : String(reason) };
        // the server refused this row alone (or it could not be encoded) but took later ones:
        // those are in the stream before it, the one way this relay can reorder events
        const laterStored = results.slice(firstFailed + 1).filter((r) => r.status === 'fulfilled').length;
        if (laterStored) {
          this.options.logger.warn(
            { rowId: failure.id, error: failure.error, laterStored },
            'outbox rows published ahead of one that failed',
          );
        }
      }
      if (sent.length) {
        await trx
          .updateTable('outbox')
          .set({ sentAt: sql`now()` })
          .where('id', 'in', sent)
          .execute();
      }
      if (failure) {
        await trx
          .updateTable('outbox')
          .set({ attempts: sql`attempts + 1`, lastError: failure.error.slice(0, 1000) })
          .where('id', '=', failure.id)
          .execute();
      }
      return { sent: sent.length, failure };
    });
    if (outcome.failure && !outcome.sent) throw new OutboxPublishFailed(outcome.failure.id, outcome.failure.error);
    return outcome.sent;
  }

  /** Publishes one row under its id; a row that cannot be encoded fails alone, as a rejected publish. */
  private publish(row: { id: string; type: string; payload: string; headers: Record<string, string> | null }): Promise<unknown> {
    const { bus } = this.options;
    try {
      return bus.js.publish(bus.subjects.toSubject(row.type), new TextEncoder().encode(row.payload), {
        msgID: row.id,
        timeout: this.opts.publishTimeoutMs,
        ...(row.headers ? { headers: toNatsHeaders(row.headers) } : {}),
      });
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.db
      .deleteFrom('outbox')
      .where('sentAt', '<', new Date(Date.now() - this.opts.retainSentMs).toISOString())
      .execute();
  }
}

/**
 * Waits for the other replicas' passes over this service's outbox, and holds it until the
 * transaction ends. Two relays claiming batches side by side (each skipping the other's locked
 * rows) would publish them at once, and the stream would get the later batch first: the audit
 * log's entries (whose chain order consumers check) and every service's events would leave out of
 * order. Per schema: the services share one database, each publishes its own outbox. A relay
 * killed mid-pass drops its connection, and with it the lock.
 */
async function lockOutboxForPass(trx: Transaction<EventTables>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('cti.outbox-relay'), hashtext(current_schema()))`.execute(trx);
}

/** Not one row of a batch could be published (NATS away, or the stream missing); recorded on the row. */
export class OutboxPublishFailed extends Error {
  constructor(
    readonly rowId: string,
    readonly reason: string,
  ) {
    super(`publish failed: ${reason}`);
    this.name = 'OutboxPublishFailed';
  }
}

/** The row's trace context and request id as NATS message headers. */
function toNatsHeaders(stored: Record<string, string> | string) {
  const values = typeof stored === 'string' ? (JSON.parse(stored) as Record<string, string>) : stored;
  const h = natsHeaders();
  for (const [key, value] of Object.entries(values)) h.set(key, String(value));
  return h;
}
