import { DeliverPolicy, type ConsumerMessages } from 'nats';

import type { EventData } from '@cti/contracts';
import type { EventBus } from '@cti/events';

/** The event identity publishes when a user's tokens issued before a moment become void. */
export const REVOCATION_EVENT = 'evt.identity.user.tokensRevoked';

/**
 * How long a revocation is remembered: longer than any access token lives (identity
 * caps their lifetime at an hour) plus the few minutes logout and unlock accept an
 * expired token. Older revocations cannot catch a token that would still be accepted.
 */
export const REVOCATION_MEMORY_MS = 2 * 3_600_000;

/** What the check needs of a token's claims. */
export interface IssuedClaims {
  sub: string;
  /** The session (refresh-token family) the token belongs to. */
  sid?: string;
  iat?: number;
  iatMs?: number;
}

/**
 * The "tokens of user U (or of one session S of U) issued before T are void" facts one
 * process holds in memory (no call to identity per request). A token without `iatMs`
 * counts as issued at the start of its `iat` second, so a revocation in that same
 * second catches it.
 */
export class RevocationList {
  /** Keyed by user id, or by user id and session id for one session's revocation. */
  private readonly before = new Map<string, number>();
  private lastPrune = 0;

  constructor(
    private readonly memoryMs = REVOCATION_MEMORY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records that the user's tokens issued before `revokedBeforeMs` are void, all of them
   * or those of one session (the latest such moment wins).
   */
  add(userId: string, revokedBeforeMs: number, sessionId?: string): void {
    if (!Number.isFinite(revokedBeforeMs) || revokedBeforeMs < this.now() - this.memoryMs) return;
    const key = sessionId ? sessionKey(userId, sessionId) : userId;
    this.before.set(key, Math.max(this.before.get(key) ?? 0, revokedBeforeMs));
    this.prune();
  }

  isRevoked(claims: IssuedClaims): boolean {
    const issuedAt = typeof claims.iatMs === 'number' ? claims.iatMs : (claims.iat ?? 0) * 1000;
    const voidBefore = (key: string) => {
      const revokedBefore = this.before.get(key);
      return revokedBefore !== undefined && issuedAt < revokedBefore;
    };
    return voidBefore(claims.sub) || (!!claims.sid && voidBefore(sessionKey(claims.sub, claims.sid)));
  }

  get size(): number {
    return this.before.size;
  }

  /** Forgets revocations older than the memory (at most once a minute). */
  private prune(): void {
    const now = this.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    for (const [userId, at] of this.before) if (at < now - this.memoryMs) this.before.delete(userId);
  }
}

const sessionKey = (userId: string, sessionId: string) => `${userId} ${sessionId}`;

interface FeedLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Keeps a RevocationList up to date from the events stream. Every process follows the
 * revocation subject with an ordered consumer of its own, starting `memoryMs` back: a
 * durable consumer shared by the replicas of a service would hand each revocation to
 * one replica only, and the others would go on accepting the revoked tokens.
 */
export class RevocationFeed {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  private caughtUp = false;
  private readonly waiters: Array<() => void> = [];
  /** Stream sequence of the last revocation read. */
  private lastRead = 0;
  /**
   * After the connection was lost: the stream sequence the feed must read before it counts as
   * caught up again (Infinity until the stream has been asked; null before any loss, when the
   * server's "nothing pending" says it).
   */
  private mustRead: number | null = null;
  /** Bumped at every loss and return of the connection: an answer to an older ask is stale. */
  private connectionTurn = 0;
  private unwatch: (() => void) | null = null;
  /** When the stream the feed follows was made: another moment means it was made again. */
  private streamCreated = '';

  constructor(private readonly options: { bus: EventBus; list: RevocationList; logger: FeedLogger; memoryMs?: number }) {}

  /**
   * True once every revocation of the memory window published before start has been read, and,
   * after a lost connection, once every revocation published until it was back has been read:
   * revocations published while this process was cut off arrive only after the reconnection, and
   * until then it must not count as hearing them.
   */
  get ready(): boolean {
    return this.caughtUp;
  }

  async start(): Promise<void> {
    await this.follow(this.connectionTurn);
    this.unwatch = this.options.bus.watchConnection((connected) => (connected ? void this.catchUpAfterReconnect() : this.connectionLost()));
  }

  /** Reads the stream's revocations of the memory window, then every new one, with an ordered consumer. */
  private async follow(turn: number): Promise<void> {
    const { bus } = this.options;
    const { created } = await bus.jsm.streams.info(bus.subjects.stream);
    const since = new Date(Date.now() - (this.options.memoryMs ?? REVOCATION_MEMORY_MS)).toISOString();
    const consumer = await bus.js.consumers.get(bus.subjects.stream, {
      filterSubjects: this.subject,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since,
    });
    const messages = await consumer.consume({ max_messages: 256 });
    this.messages = messages;
    // recorded once its consumer follows it: a failed attempt is made again at the next check
    this.streamCreated = created;
    this.loop = this.run(messages);
    // (a connection lost meanwhile is caught up by the check that follows its return)
    if ((await consumer.info(true)).num_pending === 0 && turn === this.connectionTurn) this.markCaughtUp();
  }

  /** Resolves when the feed has caught up (or at once when it has). */
  async whenReady(): Promise<void> {
    if (this.caughtUp) return;
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.unwatch?.();
    this.connectionTurn++;
    try {
      await this.messages?.close();
    } catch {
      // the connection may already be closed
    }
    await Promise.race([this.loop?.catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  private get subject(): string {
    return this.options.bus.subjects.toSubject(REVOCATION_EVENT);
  }

  private connectionLost(): void {
    this.connectionTurn++;
    this.caughtUp = false;
    this.mustRead = Infinity;
  }

  /**
   * Asks the stream for its last revocation, and counts as caught up once the feed has read it.
   * A stream made again meanwhile (NATS came back without its storage) numbers its messages from
   * 1 again, below what the feed has read, and its consumer is gone: the feed then follows the new
   * stream from the start of its memory window, as at start.
   */
  private async catchUpAfterReconnect(): Promise<void> {
    const turn = ++this.connectionTurn;
    const { bus } = this.options;
    for (let attempt = 0; turn === this.connectionTurn; attempt++) {
      try {
        // (throws while the stream is missing: the services make it again once they reconnect)
        const { created } = await bus.jsm.streams.info(bus.subjects.stream);
        if (turn !== this.connectionTurn) return;
        if (created !== this.streamCreated) {
          this.options.logger.warn({ stream: bus.subjects.stream }, 'the events stream was made again; following its revocations anew');
          await this.messages?.close().catch(() => undefined);
          this.lastRead = 0;
          this.mustRead = null;
          await this.follow(turn);
          return;
        }
        const last = await this.lastRevocationInStream();
        if (turn !== this.connectionTurn) return;
        this.mustRead = last;
        if (this.lastRead >= last) this.markCaughtUp();
        return;
      } catch (err) {
        if (attempt % 10 === 0) this.options.logger.warn({ err }, 'could not ask the stream for its last revocation; trying again');
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2000)).unref());
      }
    }
  }

  /** The stream sequence of the stream's last revocation; 0 when it holds none. */
  private async lastRevocationInStream(): Promise<number> {
    const { bus } = this.options;
    try {
      return (await bus.jsm.streams.getMessage(bus.subjects.stream, { last_by_subj: this.subject })).seq;
    } catch (err) {
      // the server's answer when the stream holds no message on that subject
      if (err instanceof Error && /no message found/i.test(err.message)) return 0;
      throw err;
    }
  }

  private markCaughtUp(): void {
    this.mustRead = null;
    if (this.caughtUp) return;
    this.caughtUp = true;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async run(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      // a consumer the feed has replaced (the stream was made again)
      if (messages !== this.messages) break;
      try {
        const event = JSON.parse(new TextDecoder().decode(msg.data)) as { data?: Partial<EventData<typeof REVOCATION_EVENT>> };
        const userId = event.data?.userId;
        const before = Date.parse(event.data?.revokedBefore ?? '');
        const sessionId = typeof event.data?.sessionId === 'string' ? event.data.sessionId : undefined;
        if (typeof userId === 'string' && Number.isFinite(before)) this.options.list.add(userId, before, sessionId);
        else this.options.logger.warn({ subject: msg.subject }, 'ignored a malformed revocation');
      } catch (err) {
        this.options.logger.warn({ err, subject: msg.subject }, 'ignored a revocation that is not JSON');
      }
      this.lastRead = Math.max(this.lastRead, msg.seq);
      if (this.mustRead === null ? msg.info.pending === 0 : this.lastRead >= this.mustRead) this.markCaughtUp();
    }
  }
}
