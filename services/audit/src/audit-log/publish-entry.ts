import { createHash } from 'node:crypto';

import type { AuditEntry } from '@cti/contracts';
import { appendAllToOutbox } from '@cti/service-kit';

import type { ChainLink } from '../chain/append-row';
import { chainEntryOf } from '../chain/chain-hash';
import type { AuditExecutor } from '../db';

/** Audit's own events are published, never recorded (recording them would publish them again, forever). */
export const PUBLISHED_NOT_RECORDED = ['evt.audit.entry.recorded'] as const;

/**
 * The id of the event publishing an audit row: derived from the recorded event's id, so
 * a rebuild of the log (a replay) publishes each row under the id it had, and consumers,
 * idempotent by event id, see it once.
 */
export function entryEventId(sourceEventId: string): string {
  const h = createHash('sha256').update(`audit-entry:${sourceEventId.toLowerCase()}`).digest();
  // a version-5-shaped UUID (name-based, SHA hash) so consumers' uuid columns take it
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The published form of a stored row: everything its chain link covers, the link and the one before. */
export const auditEntryOf = (link: ChainLink): AuditEntry => ({
  ...chainEntryOf(link.content),
  hash: link.hash.toString('hex'),
  previousHash: link.previousHash.toString('hex'),
});

/**
 * Publishes stored rows as `evt.audit.entry.recorded` through audit's outbox, in the
 * transaction that stored them: the entries leave after the rows are committed, in chain order.
 */
export async function publishAuditEntries(trx: AuditExecutor, links: readonly ChainLink[]): Promise<void> {
  await appendAllToOutbox(
    trx,
    links.map((link) => ({
      event: { type: 'evt.audit.entry.recorded', actor: null, data: auditEntryOf(link) },
      id: entryEventId(link.content.id),
    })),
  );
}
