import type { AuditRowsTable } from '../db';

import type { ChainedChange, ChainedContent } from './chain-hash';

export const ANSWER_SAVED = 'evt.questionnaire.answer.saved';

/** Every stored column the chain covers, and the hash. */
export const CHAINED_COLUMNS = [
  'seq',
  'id',
  'eventType',
  'action',
  'value',
  'valueText',
  'country',
  'name',
  'actorUserId',
  'stamp',
  'questionId',
  'questionnaireId',
  'groupId',
  'hash',
  'changeGroupName',
  'changePeriodId',
  'changePeriodName',
  'changeSectionId',
  'changeQuestion',
  'changeBefore',
  'changeAfter',
] as const satisfies ReadonlyArray<keyof AuditRowsTable>;

type ChangeColumns = Pick<
  AuditRowsTable,
  'changeGroupName' | 'changePeriodId' | 'changePeriodName' | 'changeSectionId' | 'changeQuestion' | 'changeBefore' | 'changeAfter'
>;

/** The columns a row stores for its change record (all null without one). */
export function changeColumns(change: ChainedChange | null): ChangeColumns {
  return {
    changeGroupName: change?.groupName ?? null,
    changePeriodId: change?.periodId ?? null,
    changePeriodName: change?.periodName ?? null,
    changeSectionId: change?.sectionId ?? null,
    changeQuestion: change?.question ?? null,
    changeBefore: change?.before ?? null,
    changeAfter: change?.after ?? null,
  };
}

/** A stored row's content as the chain covers it (not the search vector Postgres derives): its change record rebuilt from its columns. */
export function contentOf(row: Omit<AuditRowsTable, 'hash' | 'valueSearch'>): ChainedContent {
  const { changeGroupName, changePeriodId, changePeriodName, changeSectionId, changeQuestion, changeBefore, changeAfter, ...columns } = row;
  const hasChange = changeGroupName !== null || changePeriodId !== null || changeQuestion !== null || changeSectionId !== null;
  return {
    ...columns,
    seq: Number(row.seq),
    change: hasChange
      ? {
          questionnaireId: row.questionnaireId ?? '',
          groupId: row.groupId ?? '',
          questionId: row.questionId ?? '',
          groupName: changeGroupName ?? '',
          periodId: changePeriodId ?? '',
          periodName: changePeriodName ?? '',
          sectionId: changeSectionId ?? 0,
          question: changeQuestion ?? '',
          before: changeBefore,
          after: changeAfter,
          userId: row.actorUserId,
          userName: row.name,
          stamp: row.stamp,
        }
      : null,
  };
}
