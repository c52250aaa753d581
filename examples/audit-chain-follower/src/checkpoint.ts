import fs from 'node:fs';
import path from 'node:path';

import type { ChainState } from './chain-check';

/**
 * What a consumer keeps between deliveries, written before it acks: the ids of the events
 * it handled (so a redelivery is recognised and only acked) and where it stands. A
 * service keeps this in its own database, in the transaction of its own writes.
 */
export interface Checkpoint {
  seen(eventId: string): boolean;
  /** Records an event as handled, with the chain state after it and the stream sequence it came at. */
  record(eventId: string, state: ChainState, streamSeq: number): void;
  readonly state: ChainState | null;
  /** The stream sequence of the last event handled: where a replay can start again. */
  readonly streamSeq: number;
}

interface Stored {
  state: ChainState | null;
  streamSeq: number;
  /** The most recent ids (redeliveries come soon after the first delivery). */
  recentIds: string[];
}

const KEEP_IDS = 10_000;

/** A checkpoint in memory (tests) or in a JSON file, replaced atomically on each record. */
export class FileCheckpoint implements Checkpoint {
  private data: Stored;
  private readonly ids: Set<string>;

  constructor(private readonly file: string | null = null) {
    this.data =
      file && fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Stored) : { state: null, streamSeq: 0, recentIds: [] };
    this.ids = new Set(this.data.recentIds);
  }

  get state() {
    return this.data.state;
  }

  get streamSeq() {
    return this.data.streamSeq;
  }

  seen(eventId: string): boolean {
    return this.ids.has(eventId);
  }

  record(eventId: string, state: ChainState, streamSeq: number): void {
    this.ids.add(eventId);
    const recentIds = [...this.data.recentIds, eventId].slice(-KEEP_IDS);
    if (recentIds.length < this.data.recentIds.length + 1) this.ids.delete(this.data.recentIds[0]);
    this.data = { state, streamSeq, recentIds };
    if (!this.file) return;
    const tmp = `${this.file}.tmp`;
    fs.mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify(this.data));
    fs.renameSync(tmp, this.file);
  }
}
