import pg from 'pg';

import type { ScoringExecutor } from '../db';

import type { StoredAnswer } from './http';
import { etagOf } from './rebuild';
import { findReadModel, READ_MODELS_CHANNEL } from './repository';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** One stored answer in memory: its bytes, its ETag, and per-audience variants of it. */
export class CachedModel implements StoredAnswer {
  private parsed: unknown;
  private readonly variants = new Map<string, StoredAnswer>();
  /** The answer as sent, encoded once: a string would be measured and encoded again for every answer. */
  readonly bytes: Buffer;

  constructor(
    readonly key: string,
    readonly etag: string,
    readonly body: string,
  ) {
    this.bytes = Buffer.from(body);
  }

  value<T>(): T {
    this.parsed ??= JSON.parse(this.body);
    return this.parsed as T;
  }

  /**
   * The answer for one audience (e.g. people who may not see the watchlist), built once
   * per audience and cached with an ETag of its own.
   */
  variant<T>(audience: string, build: (value: T) => unknown): StoredAnswer {
    let v = this.variants.get(audience);
    if (!v) {
      const body = JSON.stringify(build(this.value<T>()));
      v = body === this.body ? { etag: this.etag, bytes: this.bytes } : { etag: etagOf(`${this.etag}:${body}`), bytes: Buffer.from(body) };
      // bounded: respondents of many group sets could otherwise grow it without end
      if (this.variants.size > 1000) this.variants.clear();
      this.variants.set(audience, v);
    }
    return v;
  }
}

/**
 * Read models cached in this replica. Every rebuild commits a Postgres notification,
 * which every replica's listener turns into a cache drop (and then tells `onChanged`, which
 * passes it on to the gateways); while the listener is down the cache is bypassed, so no
 * replica serves an answer older than the last commit it could have heard of. Entries also
 * expire after `maxAgeMs`.
 */
export class ReadModelCache {
  private readonly entries = new Map<string, { model: CachedModel | null; at: number }>();
  private readonly loading = new Map<string, Promise<CachedModel | null>>();
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** Consecutive failed attempts to listen: the next one waits 250 ms × 2^n, at most 5 s. */
  private failures = 0;
  readonly stats = { hits: 0, loads: 0, invalidations: 0 };

  constructor(
    private readonly db: ScoringExecutor,
    private readonly opts: {
      databaseUrl: string;
      maxAgeMs: number;
      log: Logger;
      /** Told after a rebuild committed somewhere dropped this replica's cache (so it serves the new models from now on). */
      onChanged?: () => void;
    },
  ) {}

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.databaseUrl, application_name: 'scoring-read-model-listener' });
    const lost = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listening = false;
      this.listener = null;
      this.invalidate();
      client.end().catch(() => undefined);
      if (this.stopped) return;
      const delay = Math.min(250 * 2 ** this.failures, 5000);
      this.failures++;
      if (this.failures === 1 || this.failures % 10 === 0) {
        this.opts.log.warn({ err, retryInMs: delay }, 'read model listener lost; serving from the database until it is back');
      }
      this.retry = setTimeout(() => void this.listen().catch(() => undefined), delay);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', () => {
      this.invalidate();
      this.opts.onChanged?.();
    });
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${READ_MODELS_CHANNEL}`);
      // anything cached before the listener was up may have missed a change
      this.invalidate();
      this.listening = true;
      if (this.failures) this.opts.log.info({ attempts: this.failures }, 'read model listener is back');
      this.failures = 0;
    } catch (err) {
      lost(err);
    }
  }

  /** Drops every cached answer (a rebuild committed somewhere). */
  invalidate(): void {
    this.generation++;
    this.stats.invalidations++;
    this.entries.clear();
    this.loading.clear();
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** The answer kept under `key` while it is fresh (what `get` answers without a look-up; null: there is none), else undefined. */
  fresh(key: string): CachedModel | null | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(key);
    // an entry's age on the process's own clock: a duration, not a time of the domain
    if (!hit || Date.now() - hit.at >= this.opts.maxAgeMs) return undefined;
    this.stats.hits++;
    return hit.model;
  }

  /** The stored answer under `key`, or null when there is none. */
  async get(key: string): Promise<CachedModel | null> {
    if (!this.listening) return this.load(key);
    const kept = this.fresh(key);
    if (kept !== undefined) return kept;
    let pending = this.loading.get(key);
    if (!pending) {
      const generation = this.generation;
      const done = () => {
        if (this.loading.get(key) === pending) this.loading.delete(key);
      };
      pending = this.load(key).then(
        (model) => {
          // a change heard while loading makes what was read possibly stale: don't keep it
          if (generation === this.generation) this.entries.set(key, { model, at: Date.now() });
          done();
          return model;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(key: string): Promise<CachedModel | null> {
    this.stats.loads++;
    const row = await findReadModel(this.db, key);
    return row ? new CachedModel(key, row.etag, row.body) : null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}
