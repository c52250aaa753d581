import { createHmac } from 'node:crypto';

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

/** One canonical text per content: a fixed field order, the stamp normalised to ISO milliseconds. */
function canonical(c: ChainedContent): string {
  const ch = c.change;
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
    c.seq,
    c.id.toLowerCase(),
    c.eventType,
    c.action,
    c.value,
    c.valueText,
    c.country,
    c.name,
    c.actorUserId,
    new Date(c.stamp).toISOString(),
    c.questionId,
    c.questionnaireId,
    c.groupId,
    change,
  ]);
}

/** HMAC-SHA256 over the previous link and this row: change either and every later link breaks. */
export function chainHash(key: string, previous: Buffer, content: ChainedContent): Buffer {
  return createHmac('sha256', key).update(previous).update(canonical(content), 'utf8').digest();
}
