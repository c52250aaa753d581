import * as XLSX from 'xlsx';

import type { AsuRow } from '@cti/contracts';
import { ASU_A_THRESHOLD, ASU_B_THRESHOLD, asuConclusion, variableLabel } from '@cti/scoring-rules';

/** "ASU_assessment2026-03-01.xlsx" (ASU_assessment plus the date). */
export const asuFileName = (now: Date) => `ASU_assessment${now.toISOString().slice(0, 10)}.xlsx`;

export const ASU_HEADERS = ['Country', 'Watchlist', 'Conclusion', 'Condition 1', 'Condition 2', 'Condition 3'] as const;
/** The two variables conditions 2 and 3 read, named as in the methodology (empty where the reader may not see them). */
export const ASU_VARIABLE_HEADERS = [variableLabel('A'), variableLabel('B')] as const;
/** What conditions 2 and 3 test, on the workbook's second sheet, so the file explains itself. */
export const ASU_NOTES = [
  `Condition 2: ${variableLabel('A')} is at least ${ASU_A_THRESHOLD}.`,
  `Condition 3: ${variableLabel('B')} is at least ${ASU_B_THRESHOLD}.`,
] as const;

/** The ASU assessment table, sorted by Group ascending, as an .xlsx workbook. */
export function asuWorkbook(rows: AsuRow[]): Buffer {
  const sorted = [...rows].sort((a, b) => a.Group.localeCompare(b.Group));
  const data: Array<Array<string | number>> = [
    [...ASU_HEADERS, ...ASU_VARIABLE_HEADERS],
    ...sorted.map((r) => [
      r.Group,
      r.Watchlist ? 'Yes' : '',
      asuConclusion({ Suspended: r.Suspended, ASU: r.ASU }) || '-',
      r.Condition1,
      r.Condition2,
      r.Condition3,
      r.A ?? '',
      r.B ?? '',
    ]),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(data);
  sheet['!cols'] = [{ wch: 28 }, { wch: 11 }, { wch: 16 }, { wch: 12 }, { wch: 12 }, { wch: 12 }, { wch: 36 }, { wch: 28 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'ASU assessment');
  // a second sheet keeps the table itself rows of countries only
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(ASU_NOTES.map((note) => [note])), 'About');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
