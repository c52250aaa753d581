import { createHmac } from 'node:crypto';

import type { AuditEntry } from './contract';

/**
 * The text a link of the audit chain covers: `hash = HMAC-SHA256(key, previousHash bytes ‖
 * this text as UTF-8)`, with the fields in this order, ids lower-case, times as ISO
 * milliseconds (docs/consuming-events.md, "Following the audit log").
 */
export function auditChainText(entry: Omit<AuditEntry, 'hash' | 'previousHash'>): string {
  const ch = entry.change;
  const change = ch && [
    ch.questionnaireId,
    ch.groupId,
    ch.questionId,
    ch.groupName,
    ch.periodId,
    ch.periodName,
    ch.sectionId,
    ch.question,
    ch.before,
    ch.after,
    ch.userId,
    ch.userName,
    new Date(ch.stamp).toISOString(),
  ];
  return JSON.stringify([
    entry.seq,
    entry.sourceEventId.toLowerCase(),
    entry.sourceEventType,
    entry.action,
    entry.description,
    entry.descriptionText,
    entry.actor.groups,
    entry.actor.name,
    entry.actor.userId,
    new Date(entry.stamp).toISOString(),
    entry.subject.questionId,
    entry.subject.questionnaireId,
    entry.subject.groupId,
    change,
  ]);
}

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
