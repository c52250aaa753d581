import { createHmac } from 'node:crypto';

import { auditChainText, type AuditEntry } from '@cti/contracts';

/** Where the chain stood after the last entry checked. */
export interface ChainState {
  lastSeq: number;
  lastHash: string;
}

export type Verdict = { ok: true; anchored: boolean } | { ok: false; reason: 'gap' | 'link' | 'hash'; expectedSeq: number; detail: string };

/**
 * Checks one published audit entry against the chain so far, from the events alone:
 * positions run without gaps and each entry names the hash of the one before (anyone can
 * check this); with the chain key, each hash is recomputed from the entry (only holders
 * of the key can). A follower that starts in the middle (a replay from a later sequence)
 * takes its first entry as the anchor.
 */
export function checkEntry(state: ChainState | null, entry: AuditEntry, chainKey?: string): { verdict: Verdict; next: ChainState } {
  const next = { lastSeq: entry.seq, lastHash: entry.hash };
  if (chainKey) {
    const hash = createHmac('sha256', chainKey)
      .update(Buffer.from(entry.previousHash, 'hex'))
      .update(auditChainText(entry), 'utf8')
      .digest('hex');
    if (hash !== entry.hash)
      return {
        verdict: { ok: false, reason: 'hash', expectedSeq: entry.seq, detail: `row #${entry.seq} does not hash to its published hash` },
        next,
      };
  }
  if (!state) return { verdict: { ok: true, anchored: true }, next };
  if (entry.seq !== state.lastSeq + 1) {
    return {
      verdict: {
        ok: false,
        reason: 'gap',
        expectedSeq: state.lastSeq + 1,
        detail: `expected row #${state.lastSeq + 1}, got #${entry.seq}`,
      },
      next,
    };
  }
  if (entry.previousHash !== state.lastHash) {
    return {
      verdict: {
        ok: false,
        reason: 'link',
        expectedSeq: entry.seq,
        detail: `row #${entry.seq} does not name row #${state.lastSeq}'s hash`,
      },
      next,
    };
  }
  return { verdict: { ok: true, anchored: false }, next };
}
