import type { ChainBreak } from '@cti/contracts';

import type { AuditExecutor } from '../db';

import { chainHash, GENESIS_HASH } from './chain-hash';
import { chainHead, chainRows } from './repository';
import { contentOf } from './row-content';

const BATCH = 5000;

/** What a check of the chain found. */
export interface ChainVerdict {
  Valid: boolean;
  Checked: number;
  FirstBroken: ChainBreak | null;
}

export interface VerifyOptions {
  /** Check rows up to this position (the head when the check began); default the head now. */
  upTo?: number;
  /** Called after every batch; a throw stops the check. */
  onProgress?: (checked: number) => Promise<void>;
}

/**
 * Recomputes the chain from the first row to the head as it stood when the check
 * began (rows appended meanwhile are left for the next check) and names the first
 * row where it breaks: a row whose content or hash changed, a row missing before a
 * surviving one, or rows missing at the end.
 */
export async function verifyChain(db: AuditExecutor, key: string, options: VerifyOptions = {}): Promise<ChainVerdict> {
  const head = await chainHead(db);
  const lastSeq = Math.min(Number(head.lastSeq), options.upTo ?? Number.MAX_SAFE_INTEGER);
  let previous: Buffer = GENESIS_HASH;
  let expected = 1;
  let checked = 0;
  const broken = (b: ChainBreak): ChainVerdict => ({ Valid: false, Checked: checked, FirstBroken: b });

  // rows by chain position; one batch is read while the one before is hashed
  const fetchBatch = (from: number) => (from > lastSeq ? Promise.resolve([]) : chainRows(db, from, Math.min(lastSeq, from + BATCH - 1)));

  let next = fetchBatch(1);
  for (let from = 1; from <= lastSeq; from += BATCH) {
    const rows = await next;
    next = fetchBatch(from + BATCH);
    next.catch(() => undefined); // awaited below unless a break is found first
    for (const r of rows) {
      const { hash, ...stored } = r;
      const content = contentOf(stored);
      // a gap: rows removed before this one (also at the end of the previous batch)
      if (content.seq !== expected) return broken({ Seq: expected, Id: null, Action: null, Stamp: null, Reason: 'missing' });
      if (!chainHash(key, previous, content).equals(hash))
        return broken({ Seq: content.seq, Id: r.id, Action: r.action, Stamp: r.stamp, Reason: 'altered' });
      previous = hash;
      expected = content.seq + 1;
      checked++;
    }
    await options.onProgress?.(checked);
  }
  await next;
  if (expected <= lastSeq) return broken({ Seq: expected, Id: null, Action: null, Stamp: null, Reason: 'truncated' });
  // the head names the last link (when the check reached it)
  if (lastSeq === Number(head.lastSeq) && lastSeq > 0 && !previous.equals(head.lastHash)) {
    return { Valid: false, Checked: checked, FirstBroken: { Seq: lastSeq, Id: null, Action: null, Stamp: null, Reason: 'altered' } };
  }
  return { Valid: true, Checked: checked, FirstBroken: null };
}
