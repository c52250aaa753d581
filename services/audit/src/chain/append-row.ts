import type { AuditExecutor } from '../db';

import { chainHash, type ChainedContent } from './chain-hash';
import { idsWithRows, insertAuditRows, lockChainHead, moveChainHead } from './repository';
import { changeColumns } from './row-content';

/** A row to append: its content without the chain position. */
export type NewAuditRow = Omit<ChainedContent, 'seq'>;

/** A row as appended: its content (with its position) and its link to the row before. */
export interface ChainLink {
  content: ChainedContent;
  hash: Buffer;
  previousHash: Buffer;
}

/**
 * Appends rows to the chain, in the order given, as one extension: locks the chain head
 * (so appends from every replica take turns), links each row to the one before it (the
 * first to the head), inserts them and moves the head once. A row whose event already
 * has its row (a redelivery whose processed mark was lost, or the same event twice in
 * the list) is left out before any link is computed, so the chain has no gap; under the
 * head's lock no other append can add it meanwhile. Returns the links of the rows added.
 */
export async function appendAuditRows(trx: AuditExecutor, key: string, rows: readonly NewAuditRow[]): Promise<ChainLink[]> {
  if (!rows.length) return [];
  const head = await lockChainHead(trx);
  const existing = await idsWithRows(
    trx,
    rows.map((r) => r.id),
  );
  const stored = new Set(existing.map((r) => r.id.toLowerCase()));

  const links: ChainLink[] = [];
  let seq = Number(head.lastSeq);
  let previousHash: Buffer = Buffer.from(head.lastHash);
  for (const row of rows) {
    if (stored.has(row.id.toLowerCase())) continue;
    stored.add(row.id.toLowerCase());
    const content: ChainedContent = { ...row, seq: ++seq, stamp: new Date(row.stamp).toISOString() };
    const hash = chainHash(key, previousHash, content);
    links.push({ content, hash, previousHash });
    previousHash = hash;
  }
  if (!links.length) return [];
  await insertAuditRows(
    trx,
    links.map(({ content: { change, ...columns }, hash }) => ({ ...columns, ...changeColumns(change), hash })),
  );
  await moveChainHead(trx, seq, previousHash);
  return links;
}
