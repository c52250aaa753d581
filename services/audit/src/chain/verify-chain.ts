import type { AuditChainCheck } from '@cti/contracts';
import type { AuditExecutor } from '../db';
import { chainHash, GENESIS_HASH, type ChainedContent } from './chain-hash';

const BATCH = 5000;

type Broken = NonNullable<AuditChainCheck['FirstBroken']>;

/**
 * Recomputes the chain from the first row to the head as it stood when the check
 * began (rows appended meanwhile are left for the next check) and names the first
 * row where it breaks: a row whose content or hash changed, a row missing before a
 * surviving one, or rows missing at the end.
 */
export async function verifyChain(db: AuditExecutor, key: string): Promise<AuditChainCheck> {
  const head = await db.selectFrom('auditChainHead').select(['lastSeq', 'lastHash']).where('id', '=', 1).executeTakeFirstOrThrow();
  const lastSeq = Number(head.lastSeq);
  let previous: Buffer = GENESIS_HASH;
  let expected = 1;
  let checked = 0;
  const broken = (b: Broken): AuditChainCheck => ({ Valid: false, Checked: checked, FirstBroken: b });

  while (expected <= lastSeq) {
    const rows = await db
      .selectFrom('auditRows as r')
      .leftJoin('answerChanges as c', 'c.id', 'r.id')
      .select([
        'r.seq', 'r.id', 'r.eventType', 'r.action', 'r.value', 'r.valueText', 'r.country', 'r.name', 'r.actorUserId', 'r.stamp',
        'r.questionId', 'r.questionnaireId', 'r.groupId', 'r.hash',
        'c.id as changeId', 'c.questionnaireId as cQuestionnaireId', 'c.groupId as cGroupId', 'c.questionId as cQuestionId',
        'c.groupName as cGroupName', 'c.periodId as cPeriodId', 'c.periodName as cPeriodName', 'c.sectionId as cSectionId',
        'c.question as cQuestion', 'c.before as cBefore', 'c.after as cAfter', 'c.userId as cUserId', 'c.userName as cUserName', 'c.stamp as cStamp',
      ])
      .where('r.seq', '>=', expected)
      .where('r.seq', '<=', lastSeq)
      .orderBy('r.seq')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== expected) return broken({ Seq: expected, Id: null, Action: null, Stamp: null, Reason: 'missing' });
      const content: ChainedContent = {
        seq,
        id: r.id,
        eventType: r.eventType,
        action: r.action,
        value: r.value,
        valueText: r.valueText,
        country: r.country,
        name: r.name,
        actorUserId: r.actorUserId,
        stamp: r.stamp,
        questionId: r.questionId,
        questionnaireId: r.questionnaireId,
        groupId: r.groupId,
        change: r.changeId
          ? {
              questionnaireId: r.cQuestionnaireId!,
              groupId: r.cGroupId!,
              questionId: r.cQuestionId!,
              groupName: r.cGroupName!,
              periodId: r.cPeriodId!,
              periodName: r.cPeriodName!,
              sectionId: r.cSectionId!,
              question: r.cQuestion!,
              before: r.cBefore,
              after: r.cAfter,
              userId: r.cUserId,
              userName: r.cUserName!,
              stamp: r.cStamp!,
            }
          : null,
      };
      if (!chainHash(key, previous, content).equals(r.hash)) return broken({ Seq: seq, Id: r.id, Action: r.action, Stamp: r.stamp, Reason: 'altered' });
      previous = r.hash;
      expected = seq + 1;
      checked++;
    }
  }
  if (expected <= lastSeq) return broken({ Seq: expected, Id: null, Action: null, Stamp: null, Reason: 'truncated' });
  if (lastSeq > 0 && !previous.equals(head.lastHash)) {
    return { Valid: false, Checked: checked, FirstBroken: { Seq: lastSeq, Id: null, Action: null, Stamp: null, Reason: 'altered' } };
  }
  return { Valid: true, Checked: checked, FirstBroken: null };
}
