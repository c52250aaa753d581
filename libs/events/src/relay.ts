import { headers as natsHeaders } from 'nats';

import { claimOldestFirst, sql, type Kysely } from '@cti/db';

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
 * by the server. Rows are claimed with SKIP LOCKED so replicas share the work.
 */
export class OutboxRelay {
  private readonly db: Kysely<EventTables>;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastCleanup = 0;
  private backingOff = false;
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

  /** Ask for an immediate pass (called after a use-case commits); ignored while backing off from failures. */
  kick(): void {
    if (!this.backingOff) this.wake?.();
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
      if (published === this.opts.batchSize) continue;
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
   * Publishes up to one batch; returns how many rows were marked sent. A row that fails
   * to publish gets its attempt and error recorded (committed, whatever else happens) and
   * stops the batch, so order is kept; when nothing at all could be published this throws
   * `OutboxPublishFailed` after recording, and the loop backs off.
   */
  async publishBatch(): Promise<number> {
    const { bus } = this.options;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const rows = await claimOldestFirst(
        trx.selectFrom('outbox').select(['id', 'type', 'payload', 'headers']).where('sentAt', 'is', null),
        'seq',
        this.opts.batchSize,
      ).execute();
      const sent: string[] = [];
      let failure: { id: string; error: string } | null = null;
      for (const row of rows) {
        try {
          const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
          await bus.js.publish(bus.subjects.toSubject(row.type), new TextEncoder().encode(body), {
            msgID: row.id,
            timeout: this.opts.publishTimeoutMs,
            ...(row.headers ? { headers: toNatsHeaders(row.headers) } : {}),
          });
          sent.push(row.id);
        } catch (err) {
          failure = { id: row.id, error: err instanceof Error ? err.message || err.name : String(err) };
          break; // keep order: retry this row (same msgID) before later ones
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

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60_000) return;
    this.lastCleanup = Date.now();
    await this.db
      .deleteFrom('outbox')
      .where('sentAt', '<', new Date(Date.now() - this.opts.retainSentMs).toISOString())
      .execute();
  }
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
