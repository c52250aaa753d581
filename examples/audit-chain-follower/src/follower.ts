import { AckPolicy, DeliverPolicy, nanos, type ConsumerMessages, type JsMsg, type NatsConnection } from 'nats';

import { checkEntry, type Verdict } from './chain-check';
import type { Checkpoint } from './checkpoint';
import { entrySchemaCheck, type EntryEvent } from './contract';

export interface FollowerOptions {
  nc: NatsConnection;
  /** The stream holding every event (EVENTS). */
  stream: string;
  /** The subject of audit entries: `<prefix>.audit.entry.recorded` (prefix `evt` in production). */
  subject: string;
  /** The durable consumer's name: your own (never shared with another team), stable across restarts. */
  durable: string;
  /** Replay: deliver from this stream sequence on (a new durable, or one recreated for it). */
  fromStreamSeq?: number;
  /** The audit chain key, if this follower may hold it: each entry's hash is then recomputed. */
  chainKey?: string;
  checkpoint: Checkpoint;
  /** Called once per entry, in chain order, with what the check found. */
  onEntry: (entry: EntryEvent, verdict: Verdict) => void;
  ackWaitMs?: number;
  /** Called with a message that is no entry as the contract describes it (it is terminated, not redelivered). */
  onMalformed?: (streamSequence: number, problem: string) => void;
  /** Test seam: runs after the checkpoint was written and before the ack. */
  beforeAck?: (entry: EntryEvent) => Promise<void>;
}

/**
 * A durable pull consumer of `evt.audit.entry.recorded` that verifies the audit chain from
 * the events alone. At-least-once delivery: each entry is acked only after the checkpoint
 * records it, and an entry already recorded (a redelivery) is only acked. One message in
 * flight at a time (max_ack_pending 1), so entries are checked in chain order.
 */
export class AuditChainFollower {
  private messages: ConsumerMessages | null = null;
  private loop: Promise<void> | null = null;
  readonly stats = { checked: 0, duplicates: 0, broken: 0, malformed: 0 };
  private readonly schema = entrySchemaCheck();

  constructor(private readonly o: FollowerOptions) {}

  async start(): Promise<void> {
    const js = this.o.nc.jetstream();
    const jsm = await this.o.nc.jetstreamManager();
    const exists = await jsm.consumers.info(this.o.stream, this.o.durable).catch(() => null);
    if (!exists) {
      await jsm.consumers.add(this.o.stream, {
        durable_name: this.o.durable,
        filter_subject: this.o.subject,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(this.o.ackWaitMs ?? 30_000),
        // never give up on an entry: a chain with a hole is worth less than a late entry
        max_deliver: -1,
        max_ack_pending: 1,
        ...(this.o.fromStreamSeq
          ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.o.fromStreamSeq }
          : { deliver_policy: DeliverPolicy.All }),
      });
    }
    const consumer = await js.consumers.get(this.o.stream, this.o.durable);
    this.messages = await consumer.consume({ max_messages: 1 });
    this.loop = (async () => {
      for await (const msg of this.messages!) await this.handle(msg);
    })();
  }

  private async handle(msg: JsMsg): Promise<void> {
    let event: unknown;
    try {
      event = JSON.parse(new TextDecoder().decode(msg.data));
    } catch {
      event = null;
    }
    if (!this.schema.isEntry(event)) {
      // not an entry as the contract describes it: never redeliver it, and say so
      this.stats.malformed++;
      this.o.onMalformed?.(msg.info.streamSequence, this.schema.errors());
      msg.term();
      return;
    }
    if (this.o.checkpoint.seen(event.id)) {
      this.stats.duplicates++;
      msg.ack();
      return;
    }
    const { verdict, next } = checkEntry(this.o.checkpoint.state, event.data, this.o.chainKey);
    if (verdict.ok) this.stats.checked++;
    else this.stats.broken++;
    this.o.onEntry(event, verdict);
    this.o.checkpoint.record(event.id, next, msg.info.streamSequence);
    try {
      if (this.o.beforeAck) await this.o.beforeAck(event);
      msg.ack();
    } catch {
      // not acked: JetStream delivers it again after ack_wait, and the checkpoint knows it
    }
  }

  /** Stops pulling; the entry in hand finishes first. */
  async stop(): Promise<void> {
    this.messages?.stop();
    await this.loop;
  }
}
