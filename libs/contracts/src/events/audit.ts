import Type from 'typebox';

const Nullable = <T extends Type.TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The change record a Response row carries (an answer before and after), as the chain covers it. */
const ChainedChange = Type.Object({
  questionnaireId: Type.String(),
  groupId: Type.String(),
  questionId: Type.String(),
  groupName: Type.String(),
  periodId: Type.String(),
  periodName: Type.String(),
  sectionId: Type.Number(),
  question: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  userName: Type.String(),
  stamp: Type.String(),
});

/**
 * One stored audit row exactly as its link of the hash chain covers it. The chain is
 * `hash = HMAC-SHA256(key, previousHash ‖ canonical(entry))`: anyone can check from the
 * events alone that `seq` runs 1, 2, … without gaps and that each `previousHash` is the
 * `hash` of the entry before; whoever holds the chain key can also recompute each hash.
 */
export const AuditEntry = Type.Object({
  /** Position in the chain: 1, 2, … without gaps. */
  seq: Type.Integer({ minimum: 1 }),
  /** Hex HMAC-SHA256 of this link. */
  hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** Hex hash of the link before (64 zeros before the first row). */
  previousHash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** The recorded event's id and type. */
  sourceEventId: Type.String(),
  sourceEventType: Type.String(),
  /** The audit row's Action, Value (HTML, user text escaped) and Value as plain text. */
  action: Type.String(),
  description: Type.String(),
  descriptionText: Type.String(),
  /** Who: the actor's name (System for system work), id and groups (the User Group column). */
  actor: Type.Object({ userId: Nullable(Type.String()), name: Type.String(), groups: Type.String() }),
  /** When the recorded event happened (ISO, milliseconds). */
  stamp: Type.String(),
  /** What it is about: the country group, questionnaire and question, when the event names them. */
  subject: Type.Object({
    groupId: Nullable(Type.String()),
    questionnaireId: Nullable(Type.String()),
    questionId: Nullable(Type.String()),
  }),
  /** Response rows: the answer change (null on other rows). */
  change: Nullable(ChainedChange),
});
export type AuditEntry = Type.Static<typeof AuditEntry>;

/** Events published by the audit service (subject = key). */
export const AuditEvents = {
  /** An audit row was stored; published after its transaction committed, in chain order. */
  'evt.audit.entry.recorded': AuditEntry,
  /** The background check of the hash chain found the first row where the chain breaks. */
  'evt.audit.chain.broken': Type.Object({
    checkId: Type.String(),
    /** The first broken position and, when the row is still there, its id, action and stamp. */
    seq: Type.Integer(),
    rowId: Nullable(Type.String()),
    action: Nullable(Type.String()),
    stamp: Nullable(Type.String()),
    /** altered: content or hash changed; missing: a row was removed; truncated: rows from seq on were removed. */
    reason: Type.Union([Type.Literal('altered'), Type.Literal('missing'), Type.Literal('truncated')]),
    /** Rows verified intact before the break, of the rows in the chain when the check began. */
    checked: Type.Integer(),
    total: Type.Integer(),
    startedBy: Type.String(),
  }),
};

/** The hash before the first row of the chain (hex). */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/**
 * The text a link of the audit chain covers: `hash = HMAC-SHA256(key, previousHash bytes ‖
 * this text as UTF-8)`. A fixed field order, ids lower-case, times as ISO milliseconds.
 * The audit service hashes rows with it, and a consumer holding the key checks entries with it.
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
