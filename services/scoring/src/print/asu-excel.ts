import * as XLSX from 'xlsx';
import type { AsuRow } from '@cti/contracts';
import { asuConclusion } from '@cti/scoring-rules';

/** "ASU_assessment2026-03-01.xlsx" (index §7: ASU_assessment plus the date). */
export const asuFileName = (now = new Date()) => `ASU_assessment${now.toISOString().slice(0, 10)}.xlsx`;

export const ASU_HEADERS = ['Country', 'Watchlist', 'Conclusion', 'Condition 1', 'Condition 2', 'Condition 3'] as const;

/** The ASU assessment table (index §2), sorted by Group ascending, as an .xlsx workbook. */
export function asuWorkbook(rows: AsuRow[]): Buffer {
  const sorted = [...rows].sort((a, b) => a.Group.localeCompare(b.Group));
  const data = [
    [...ASU_HEADERS],
    ...sorted.map((r) => [
      r.Group,
      r.Watchlist ? 'Yes' : '',
      asuConclusion({ Suspended: r.Suspended, ASU: r.ASU }) || '-',
      r.Condition1,
      r.Condition2,
      r.Condition3,
    ]),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(data);
  sheet['!cols'] = [{ wch: 28 }, { wch: 11 }, { wch: 16 }, { wch: 12 }, { wch: 12 }, { wch: 12 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'ASU assessment');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
