import type { AuditExecutor } from '../db';

import { chainHash, type ChainedContent } from './chain-hash';
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
 * Appends one row to the chain: locks the chain head (so appends from every replica
 * take turns), links the row to the last one and moves the head. Returns null when
 * the event already has its row (a redelivery whose processed mark was lost).
 */
export async function appendAuditRow(trx: AuditExecutor, key: string, row: NewAuditRow): Promise<ChainLink | null> {
  const head = await trx
    .selectFrom('auditChainHead')
    .select(['lastSeq', 'lastHash'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const existing = await trx.selectFrom('auditRows').select('seq').where('id', '=', row.id).executeTakeFirst();
  if (existing) return null;

  const content: ChainedContent = { ...row, seq: Number(head.lastSeq) + 1, stamp: new Date(row.stamp).toISOString() };
  const hash = chainHash(key, head.lastHash, content);
  const { change, ...columns } = content;
  await trx
    .insertInto('auditRows')
    .values({ ...columns, ...changeColumns(change), hash })
    .execute();
  await trx.updateTable('auditChainHead').set({ lastSeq: content.seq, lastHash: hash }).where('id', '=', 1).execute();
  return { content, hash, previousHash: Buffer.from(head.lastHash) };
}
