import { createHmac } from 'node:crypto';

import { auditChainText, type AuditEntry } from '@cti/contracts';

/** The hash before the first row. */
export const GENESIS_HASH = Buffer.alloc(32);

/** A Response row's change record (stored beside it, covered by its link). */
export interface ChainedChange {
  questionnaireId: string;
  groupId: string;
  questionId: string;
  groupName: string;
  periodId: string;
  periodName: string;
  sectionId: number;
  question: string;
  before: string | null;
  after: string | null;
  userId: string | null;
  userName: string;
  stamp: string;
}

/** Everything an audit row stores, except its hash: all of it is covered by the chain. */
export interface ChainedContent {
  seq: number;
  id: string;
  eventType: string;
  action: string;
  value: string;
  valueText: string;
  country: string;
  name: string;
  actorUserId: string | null;
  stamp: string;
  questionId: string | null;
  questionnaireId: string | null;
  groupId: string | null;
  change: ChainedChange | null;
}

/** A row's content as its published entry names it (evt.audit.entry.recorded, without the link). */
export const chainEntryOf = (c: ChainedContent): Omit<AuditEntry, 'hash' | 'previousHash'> => ({
  seq: c.seq,
  sourceEventId: c.id,
  sourceEventType: c.eventType,
  action: c.action,
  description: c.value,
  descriptionText: c.valueText,
  actor: { userId: c.actorUserId, name: c.name, groups: c.country },
  stamp: c.stamp,
  subject: { groupId: c.groupId, questionnaireId: c.questionnaireId, questionId: c.questionId },
  change: c.change,
});

/** One canonical text per content: the published entry's chain text (a fixed field order, stamps as ISO milliseconds). */
const canonical = (c: ChainedContent) => auditChainText(chainEntryOf(c));

/** HMAC-SHA256 over the previous link and this row: change either and every later link breaks. */
export function chainHash(key: string, previous: Buffer, content: ChainedContent): Buffer {
  return createHmac('sha256', key).update(previous).update(canonical(content), 'utf8').digest();
}
